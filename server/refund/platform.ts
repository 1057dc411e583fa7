/**
 * Refunds through the real payment platforms (where the sandboxes are off:
 * server/manifest.ts), one refund at a time, so that no transaction waits on
 * a platform:
 *
 * 1. Claim: a due pending refund is taken (SKIP LOCKED: one instance only)
 *    and, before anything is sent, marked `sent` and committed. From then on
 *    it is only queried, so a refund whose answer was lost — a timeout, an
 *    instance gone mid-call — is never sent twice; the refund number is also
 *    the platform's idempotency key.
 * 2. Ask: the refund is sent (or, once sent, queried) outside any transaction.
 * 3. Record: under the refund's lock again, what the platform said. Paid out
 *    or refused: settled as the sandbox's answer is (settle.ts `settle`);
 *    taken or unknown: asked again later, the wait growing with the tries;
 *    never taken (a query that finds nothing): sent again; credentials or
 *    certificates the platform refused or the console cannot use: not taken,
 *    waiting ten minutes, the fault shown on the refund.
 *
 * A notification (server/refund/notify.ts) may settle the refund between the
 * steps: step 3 then finds it settled and leaves it.
 */
import { and, eq, lte, not, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.js';
import { enqueue } from '../jobs/index.js';
import { orders } from '../order/index.js';
import {
  askRefund,
  FIX_AFTER_MS,
  notifyAddress,
  providerFor,
  refundEffect,
  refundQueryAt,
  type PaymentProvider,
  type RefundAnswer,
  type RefundAsk,
} from '../payment/index.js';
import { SETTLE_JOB } from './refunds.js';
import { refunds } from './schema.js';
import { ofWalletOrder, settle } from './settle.js';

/** The console's refund number at the platforms: its id, fixed width (WeChat and Alipay allow 64 characters). */
export const refundNumber = (id: number) => `RF${String(id).padStart(12, '0')}`;
export const refundIdOf = (number: string): number | null => {
  const m = /^RF(\d{12})$/.exec(number);
  return m ? Number(m[1]) : null;
};

/** Where the platforms post their refund notifications (notify.ts). */
export const NOTIFY_PATH = '/notify/refund';

/** Where a refund of a tenant asks its platform to tell of its end, when the upstream's public address is set. */
export const notifyUrl = (adapter: string, tenantId: number, env: NodeJS.ProcessEnv = process.env) =>
  notifyAddress(`${NOTIFY_PATH}/${adapter}/${tenantId}`, env);

interface Claim {
  id: number;
  phase: 'send' | 'query';
  attempts: number;
  provider: PaymentProvider;
  ask: RefundAsk;
}

/** Step 1: the next due refund, marked before it is sent; null when none is due. `waiting` counts one without a provider. */
async function claimOne(db: Db): Promise<Claim | 'waiting' | null> {
  return db.transaction(async (tx) => {
    const [refund] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.state, 'pending'), lte(refunds.settleAt, sql`now()`), not(ofWalletOrder)))
      .orderBy(refunds.settleAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!refund) return null;
    const [order] = await tx
      .select({
        number: orders.number,
        thirdPartyNumber: orders.thirdPartyNumber,
        platform: orders.platform,
        receivedAmount: orders.receivedAmount,
      })
      .from(orders)
      .where(eq(orders.id, refund.orderId));
    let provider: PaymentProvider | null = null;
    let missing = 'NO_PROVIDER';
    try {
      provider = order ? await providerFor(tx, refund.tenantId, order.platform) : null;
    } catch {
      // Credentials stored but unusable (a p12 that no longer opens, a secret sealed by a key no longer held):
      // this refund waits, saying so, and the ones behind it go on.
      missing = 'CREDENTIALS';
    }
    const next = provider ? refundQueryAt(refund.attempts + 1) : new Date(Date.now() + FIX_AFTER_MS);
    await tx
      .update(refunds)
      .set(
        provider
          ? { platformState: 'sent', provider: provider.name, attempts: refund.attempts + 1, settleAt: next }
          : { platformCode: missing, settleAt: next },
      )
      .where(eq(refunds.id, refund.id));
    // The net: a job at the next look, besides the sweep every instance runs.
    await enqueue(tx, SETTLE_JOB, {}, { runAt: next });
    if (!provider || !order) return 'waiting';
    return {
      id: refund.id,
      phase: refund.platformState === 'sent' ? 'query' : 'send',
      attempts: refund.attempts + 1,
      provider,
      ask: {
        refundNumber: refundNumber(refund.id),
        orderNumber: order.number,
        platformNumber: order.thirdPartyNumber,
        amount: refund.amount,
        total: order.receivedAmount,
        reason: refund.reason,
        notifyUrl: notifyUrl(provider.name, refund.tenantId),
      },
    };
  });
}

/** Steps 2 and 3 for one claimed refund. */
async function advance(db: Db, claim: Claim): Promise<void> {
  const answer = await askRefund(claim.provider, claim.phase, claim.ask);
  await db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, claim.id)).for('update');
    // Settled meanwhile (a notification): nothing left to record.
    if (!refund || refund.state !== 'pending') return;
    const effect = refundEffect(answer, claim.phase, refund.platformRefundId);
    if (effect.then === 'ended') {
      await settleAtPlatform(tx, refund, effect.outcome, {
        platformRefundId: effect.patch.platformRefundId ?? undefined,
        code: effect.patch.platformCode ?? undefined,
      });
      return;
    }
    // Credentials refused: ten minutes for someone to fix the settings; never taken: sent again now; under way
    // or no answer to believe: asked again after the claim's wait (already set).
    await tx.update(refunds).set(effect.patch).where(eq(refunds.id, refund.id));
  });
}

/**
 * A refund's end as its platform told it — by an answer here, or by a notification (notify.ts): the platform's
 * refund id and code kept on it, then settled as the sandbox's answer is.
 */
export async function settleAtPlatform(
  tx: Tx,
  refund: typeof refunds.$inferSelect,
  outcome: 'success' | 'failed',
  said: Pick<RefundAnswer, 'platformRefundId' | 'code'>,
): Promise<void> {
  await tx
    .update(refunds)
    .set({ platformRefundId: said.platformRefundId ?? refund.platformRefundId, platformCode: said.code ?? null })
    .where(eq(refunds.id, refund.id));
  await settle(tx, refund, outcome);
}

/** Asks the platforms about the refunds due by now, one at a time, up to `batch`; answers how many were looked at. */
export async function askPlatforms(db: Db, batch = 20): Promise<number> {
  let looked = 0;
  for (; looked < batch; looked++) {
    const claim = await claimOne(db);
    if (claim === null) break;
    if (claim !== 'waiting') await advance(db, claim);
  }
  return looked;
}
