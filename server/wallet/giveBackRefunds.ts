/**
 * A give-back's refunds to the member's top-up payments (giveBacks.ts), one at a time so that no transaction
 * waits on a platform — the steps the refunds of orders take (server/refund/platform.ts):
 *
 * 1. Claim: a due pending refund (SKIP LOCKED: one instance only) is marked `sent` and committed before it is
 *    sent; from then on it is only queried, so a lost answer never sends it twice (its number `WB` + id is
 *    also the platform's idempotency key). The sandbox's (a top-up the sandbox took) needs no claim.
 * 2. Ask: sent, or queried, outside any transaction.
 * 3. Record, under the refund's lock: paid out → `paid`; refused → `failed`, and its amount comes back into
 *    the wallet as principal (keyed by the refund: once); never taken → sent again; under way or no answer →
 *    asked again later, the wait growing; credentials refused → ten minutes for someone to fix the settings.
 *    The last refund of a give-back to end settles it: `done`, `partial`, or `failed` — nothing went back, so
 *    the bonus forfeited with it comes back too.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.js';
import { enqueue } from '../jobs/index.js';
import { sandboxesOn } from '../manifest.js';
import {
  askRefund,
  FIX_AFTER_MS,
  providerFor,
  refundEffect,
  refundQueryAt,
  type PaymentProvider,
  type RefundAnswer,
  type RefundAsk,
} from '../payment/index.js';
import { GIVE_BACK_JOB } from './giveBacks.js';
import { moveWallet } from './ledger.js';
import { walletGiveBackRefunds as r, walletGiveBacks as g, walletTopUps as u } from './schema.js';

export const GIVE_BACK_BATCH = 20;

/** A give-back refund's number at the platforms (WeChat and Alipay allow 64 characters). */
export const giveBackRefundNumber = (id: number) => `WB${String(id).padStart(12, '0')}`;

type Row = typeof r.$inferSelect;

interface Claim {
  id: number;
  phase: 'send' | 'query';
  provider: PaymentProvider;
  ask: RefundAsk;
}

/** Step 1: the next due refund, marked before it is sent; `sandbox` settled here; null when none is due. */
async function claimOne(db: Db): Promise<Claim | 'waiting' | 'sandbox' | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ refund: r, topUp: u })
      .from(r)
      .innerJoin(u, eq(u.id, r.topUpId))
      .where(and(eq(r.state, 'pending'), lte(r.settleAt, sql`now()`)))
      .orderBy(r.settleAt)
      .limit(1)
      .for('update', { of: r, skipLocked: true });
    if (!due) return null;
    const { refund, topUp } = due;
    if (refund.provider === null) {
      // The sandbox took the top-up: it pays back where sandboxes are on; elsewhere nothing can.
      await settleRefund(tx, refund, sandboxesOn() ? 'paid' : 'failed', {
        code: sandboxesOn() ? undefined : 'NO_PROVIDER',
      });
      return 'sandbox';
    }
    const provider = await providerFor(tx, refund.tenantId, topUp.platform).catch(() => null);
    const usable = provider && provider.name === refund.provider;
    // Queried as an order's refund is: the wait doubling from a minute to an hour.
    const next = usable ? refundQueryAt(refund.attempts + 1) : new Date(Date.now() + FIX_AFTER_MS);
    await tx
      .update(r)
      .set(
        usable
          ? { platformState: 'sent', attempts: refund.attempts + 1, settleAt: next }
          : { platformCode: 'NO_PROVIDER', settleAt: next },
      )
      .where(eq(r.id, refund.id));
    await enqueue(tx, GIVE_BACK_JOB, {}, { runAt: next });
    if (!usable) return 'waiting';
    return {
      id: refund.id,
      phase: refund.platformState === 'sent' ? 'query' : 'send',
      provider,
      ask: {
        refundNumber: giveBackRefundNumber(refund.id),
        orderNumber: topUp.number,
        platformNumber: topUp.platformNumber,
        amount: refund.amount,
        total: topUp.amount,
        reason: '储值本金退还',
      },
    };
  });
}

/** Steps 2 and 3 for one claimed refund. */
async function advance(db: Db, claim: Claim): Promise<void> {
  const said = await askRefund(claim.provider, claim.phase, claim.ask);
  await db.transaction(async (tx) => {
    const [refund] = await tx.select().from(r).where(eq(r.id, claim.id)).for('update');
    if (!refund || refund.state !== 'pending') return;
    const effect = refundEffect(said, claim.phase, refund.platformRefundId);
    if (effect.then === 'ended') {
      await settleRefund(tx, refund, effect.outcome === 'success' ? 'paid' : 'failed', {
        platformRefundId: effect.patch.platformRefundId ?? undefined,
        code: effect.patch.platformCode ?? undefined,
      });
      return;
    }
    await tx.update(r).set(effect.patch).where(eq(r.id, refund.id));
  });
}

/** A refund's end, under its lock: refused, its amount back into the wallet; the last of its give-back settles it. */
async function settleRefund(
  tx: Tx,
  refund: Row,
  outcome: 'paid' | 'failed',
  said: Pick<RefundAnswer, 'platformRefundId' | 'code'>,
): Promise<void> {
  await tx
    .update(r)
    .set({
      state: outcome,
      settleAt: null,
      settledAt: sql`now()`,
      platformRefundId: said.platformRefundId ?? refund.platformRefundId,
      // A refusal the platform gave no code for still says so on the refund.
      platformCode: said.code ?? (outcome === 'failed' ? 'REFUSED' : null),
    })
    .where(eq(r.id, refund.id));
  // The give-back's lock: two of its refunds ending at once settle it once.
  const [giveBack] = await tx.select().from(g).where(eq(g.id, refund.giveBackId)).for('update');
  const move = { memberId: giveBack!.memberId, reason: giveBack!.number };
  if (outcome === 'failed')
    await moveWallet(
      tx,
      { ...move, kind: 'giveBack', key: `giveBack:back:${refund.id}` },
      { principal: refund.amount, bonus: 0 },
      { capped: false },
    );
  const states = await tx.select({ state: r.state }).from(r).where(eq(r.giveBackId, refund.giveBackId));
  if (states.some((x) => x.state === 'pending')) return;
  const failed = states.filter((x) => x.state === 'failed').length;
  const state = failed === 0 ? 'done' : failed === states.length ? 'failed' : 'partial';
  await tx
    .update(g)
    .set({ state, settledAt: sql`now()` })
    .where(eq(g.id, giveBack!.id));
  // Nothing went back: the member keeps what it held, the bonus forfeited with the principal too.
  if (state === 'failed' && giveBack!.bonus > 0)
    await moveWallet(
      tx,
      { ...move, kind: 'forfeit', key: `forfeit:back:${giveBack!.id}` },
      { principal: 0, bonus: giveBack!.bonus },
      { capped: false },
    );
}

/** Sends and asks after the give-back refunds due by now, one at a time, up to `batch`; answers how many were looked at. */
export async function settleDueGiveBacks(db: Db, batch = GIVE_BACK_BATCH): Promise<number> {
  let looked = 0;
  for (; looked < batch; looked++) {
    const claim = await claimOne(db);
    if (claim === null) break;
    if (typeof claim !== 'string') await advance(db, claim);
  }
  return looked;
}
