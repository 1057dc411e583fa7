/**
 * The sandbox payment provider's answers to renewals (the same provider the
 * refunds use: server/refund/settle.ts). A renewal is due at its `settle_at`
 * and, unpaid, ends at its `expires_at`: a job queued with it for each moment
 * settles what is due then, on whichever instance claims it; a slow sweep on
 * every instance is the net for a job lost with its instance. Each due
 * renewal is taken by one settlement only (SKIP LOCKED), and a payment moves
 * out of `pending` once: an answer delivered twice finds it settled and
 * changes nothing.
 *
 * The sandbox says paid unless told otherwise: BILLING_SANDBOX=fail fails
 * every payment, BILLING_SANDBOX=unpaid leaves it unpaid until it expires.
 * Paid, each device's service expiry moves by the plan from the later of its
 * expiry and now, in the business time zone's calendar (Asia/Shanghai).
 */
import { sandboxesOn } from '../manifest.js';
import { BUSINESS_ZONE } from '../db/sql.js';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../db/index.js';
import { devices } from '../device/index.js';
import { renewalDevices, renewals } from './schema.js';

/** The job that settles the renewals due when it runs (due.ts `settleJob`). */
export const SETTLE_JOB = 'billing.settle';

export type PaymentOutcome = 'paid' | 'failed' | 'unpaid';
type DueRenewal = typeof renewals.$inferSelect;

export const sandboxPayment = (env: NodeJS.ProcessEnv = process.env): PaymentOutcome =>
  // With the sandbox off no provider says paid: the renewal waits (and expires unpaid at its time).
  !sandboxesOn()
    ? 'unpaid'
    : env.BILLING_SANDBOX === 'fail'
      ? 'failed'
      : env.BILLING_SANDBOX === 'unpaid'
        ? 'unpaid'
        : 'paid';

export const SETTLE_BATCH = 50;

/**
 * Settles the sandbox's renewals due by now, up to `batch`, and expires its unpaid ones past their time; answers
 * how many moved. A renewal paid at a real platform (its `provider` set) is the platform's to answer (platform.ts).
 */
export async function settleDueRenewals(
  db: Db,
  decide: (renewal: DueRenewal) => PaymentOutcome = () => sandboxPayment(),
  batch = SETTLE_BATCH,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(renewals)
      .where(and(eq(renewals.state, 'pending'), isNull(renewals.provider), lte(renewals.settleAt, sql`now()`)))
      .orderBy(renewals.settleAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    let moved = 0;
    for (const renewal of due) moved += (await settleRenewal(tx, renewal.id, decide(renewal))) ? 1 : 0;
    const expired = await tx
      .update(renewals)
      .set({ state: 'expired', settleAt: null })
      .where(and(eq(renewals.state, 'pending'), isNull(renewals.provider), lte(renewals.expiresAt, sql`now()`)))
      .returning({ id: renewals.id });
    return moved + expired.length;
  });
}

/**
 * The provider's answer for one renewal. Only a pending payment moves: the
 * state changes under the row's lock, so a second delivery of the same answer
 * (or a late one after expiry) finds nothing to do and answers false.
 */
export async function settleRenewal(tx: Tx | Queryable, id: number, outcome: PaymentOutcome): Promise<boolean> {
  if (outcome === 'unpaid') {
    // The payer never pays: nothing more is due until the payment expires.
    await tx
      .update(renewals)
      .set({ settleAt: null })
      .where(and(eq(renewals.id, id), eq(renewals.state, 'pending')));
    return false;
  }
  const [renewal] = await tx
    .update(renewals)
    .set({ state: outcome, settleAt: null, ...(outcome === 'paid' ? { paidAt: sql`now()` } : {}) })
    .where(and(eq(renewals.id, id), eq(renewals.state, 'pending')))
    .returning({ id: renewals.id, months: renewals.months });
  if (!renewal || outcome !== 'paid') return renewal !== undefined;
  const lines = await tx
    .select({ deviceId: renewalDevices.deviceId })
    .from(renewalDevices)
    .where(eq(renewalDevices.renewalId, id));
  for (const { deviceId } of lines) {
    const [before] = await tx
      .select({ expiry: devices.serviceExpiry })
      .from(devices)
      .where(eq(devices.id, deviceId))
      .for('update');
    const [after] = await tx
      .update(devices)
      .set({
        serviceExpiry: sql`((greatest(coalesce(${devices.serviceExpiry}, now()), now()) at time zone ${BUSINESS_ZONE}) + ${`${renewal.months} months`}::interval) at time zone ${BUSINESS_ZONE}`,
        updatedAt: sql`now()`,
      })
      .where(eq(devices.id, deviceId))
      .returning({ expiry: devices.serviceExpiry });
    await tx
      .update(renewalDevices)
      .set({ expiryBefore: before?.expiry ?? null, expiryAfter: after?.expiry ?? null })
      .where(and(eq(renewalDevices.renewalId, id), eq(renewalDevices.deviceId, deviceId)));
  }
  return true;
}
