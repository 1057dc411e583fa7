/**
 * Renewals paid at the real platforms (where the sandboxes are off:
 * server/manifest.ts). The service fee is collected into the payment account
 * of the tenant the admin names as the payee (`billing_settings`): its
 * WeChat Pay or Alipay section, as a refund of its own would use it.
 *
 * 1. Open: the renewal is committed first, then its QR payment is asked of
 *    the platform by the renewal's number (the platform's `out_trade_no`, so
 *    asking again after a lost answer makes no second payment). The code it
 *    answers is what the pay dialog draws; a refusal fails the renewal with
 *    the platform's code (nobody has seen a code to pay).
 * 2. Confirm: the platform's notification (notify.ts) or the query here says
 *    paid; the renewal settles as the sandbox's does (settle.ts
 *    `settleRenewal`), once, under its lock, and only for the amount asked.
 * 3. End: unpaid at its expiry, the payment is closed at the platform and
 *    queried once more (a payment made a moment before stays paid); only then
 *    does the renewal expire.
 *
 * Each query claims the renewal (SKIP LOCKED, its next look moved on and
 * committed) before the platform is called outside any transaction, so two
 * instances never ask for the same renewal at once and no transaction waits
 * on a platform.
 */
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { billingTexts } from '../../shared/billing/index.js';
import { CODE } from '../../shared/domains.js';
import type { Db, Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { enqueue } from '../jobs/index.js';
import {
  answerEffect,
  lookAt,
  nextLook,
  notifyAddress,
  openNative,
  providerFor,
  type PaymentAnswer,
  type PaymentProvider,
} from '../payment/index.js';
import { billingSettings, renewals } from './schema.js';
import { SETTLE_JOB, settleRenewal } from './settle.js';

/** Where the platforms post their payment notifications (notify.ts). */
export const PAY_NOTIFY_PATH = '/notify/pay';

type Renewal = typeof renewals.$inferSelect;
type Platform = Renewal['platform'];

export async function payeeTenant(db: Queryable): Promise<number | null> {
  const [row] = await db
    .select({ payee: billingSettings.payeeTenantId })
    .from(billingSettings)
    .where(eq(billingSettings.id, 1));
  return row?.payee ?? null;
}

/** The payee's provider for `platform`; null when no payee is named or its settings have nothing usable. */
export async function payeeProvider(db: Queryable, platform: Platform): Promise<PaymentProvider | null> {
  const payee = await payeeTenant(db);
  // Credentials stored but unusable (a p12 that no longer opens) collect nothing either.
  return payee === null ? null : providerFor(db, payee, platform).catch(() => null);
}

/** The payee's provider for a renewal being ordered: 984 where there is none, so no renewal waits on nothing. */
export async function requirePayee(db: Queryable, platform: Platform): Promise<PaymentProvider> {
  const provider = await payeeProvider(db, platform);
  if (!provider) throw new BizError(CODE.paymentNotOpen);
  return provider;
}

/** What the payer reads on the platform's page: the bill's service name, in Chinese (the platforms' payers read it). */
const description = (r: Pick<Renewal, 'deviceCount' | 'months'>) =>
  billingTexts['zh-CN'].bills.serviceName
    .replace('{{count}}', String(r.deviceCount))
    .replace('{{months}}', String(r.months));

/** Step 1, after the renewal is committed: its QR payment at the platform, or its failure with the platform's code. */
export async function openAtPlatform(db: Db, provider: PaymentProvider, renewal: Renewal): Promise<void> {
  const made = await openNative(provider, {
    number: renewal.number,
    amount: renewal.amount,
    description: description(renewal),
    expiresAt: renewal.expiresAt,
    notifyUrl: notifyAddress(`${PAY_NOTIFY_PATH}/${provider.name}`),
  });
  if (made.state === 'created') {
    await db
      .update(renewals)
      .set({ payUrl: made.codeUrl })
      .where(and(eq(renewals.id, renewal.id), eq(renewals.state, 'pending')));
    return;
  }
  // Nobody has a code to scan, so nothing can be paid.
  await db
    .update(renewals)
    .set({ state: 'failed', settleAt: null, platformCode: made.code })
    .where(and(eq(renewals.id, renewal.id), eq(renewals.state, 'pending')));
}

/** Claims the next renewal due to be asked about, moving its next look on; null when none is due. */
async function claimOne(db: Db): Promise<Renewal | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(renewals)
      .where(and(eq(renewals.state, 'pending'), isNotNull(renewals.provider), lte(renewals.settleAt, sql`now()`)))
      .orderBy(renewals.settleAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const at = nextLook(due.attempts + 1, due.expiresAt);
    await tx
      .update(renewals)
      .set({ attempts: due.attempts + 1, settleAt: at })
      .where(eq(renewals.id, due.id));
    await enqueue(tx, SETTLE_JOB, {}, { runAt: at });
    return due;
  });
}

/**
 * Step 2 or 3 for a renewal by what its platform says: paid for its amount → paid; closed → failed; past its
 * expiry and not paid → expired. Under the renewal's lock; a renewal no longer pending is left as it is.
 */
export async function recordAnswer(db: Db, id: number, answer: PaymentAnswer, expired: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [renewal] = await tx.select().from(renewals).where(eq(renewals.id, id)).for('update');
    if (!renewal || renewal.state !== 'pending') return false;
    const effect = answerEffect(answer, renewal.amount, expired);
    if (effect.patch) await tx.update(renewals).set(effect.patch).where(eq(renewals.id, id));
    // Paid: the renewal settles as the sandbox's does, moving its devices' service.
    if (effect.then === 'paid') return settleRenewal(tx, id, 'paid');
    return effect.then === 'ended';
  });
}

/** Asks the platforms about every renewal due (the settle job and the sweep); answers how many moved. */
export async function askPlatforms(db: Db, batch = 20): Promise<number> {
  let moved = 0;
  for (let i = 0; i < batch; i++) {
    const renewal = await claimOne(db);
    if (!renewal) break;
    const provider = await payeeProvider(db, renewal.platform);
    if (!provider || provider.name !== renewal.provider) {
      // The payee's settings changed under it: nothing can be asked; it expires at its time.
      moved += (await recordAnswer(db, renewal.id, { state: 'missing', code: 'NO_PROVIDER' }, isPast(renewal))) ? 1 : 0;
      continue;
    }
    const expired = isPast(renewal);
    moved += (await recordAnswer(db, renewal.id, await lookAt(provider, renewal.number, expired), expired)) ? 1 : 0;
  }
  return moved;
}

const isPast = (r: Renewal) => r.expiresAt.getTime() <= Date.now();
