/**
 * A device's part in a price change is a part of a push (the device
 * domain's `device_push_parts`, push-steps.ts) with what is the change's
 * own beside it (`price_change_devices`: visited, replaced by, version).
 * Its state as the API says it (shared/price `PRICE_DEVICE_STATES`) is the
 * part's step by the price change's word: pending waits, delivered works,
 * applied is done.
 */
import { eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PushStep } from '../../shared/device/index.js';
import type { PriceDeviceState } from '../../shared/price/index.js';
import { ofPush, OPEN_STEPS, pushParts as pp } from '../device/index.js';
import { priceChangeDevices as d } from './schema.js';

export { pushParts as pp } from '../device/index.js';

/** A change's device joined to its part: `from(pp).innerJoin(d, changePart)`. */
export const changePart = eq(d.partId, pp.id);

/** Of a change's parts. */
export const ofChange = (id: number | SQL | AnyColumn) => ofPush('price', id);

/** A part not yet applied, failed or cancelled: pending or delivered. */
export const unapplied = inArray(pp.step, [...OPEN_STEPS]);

const STEP: Record<PriceDeviceState, PushStep> = {
  pending: 'waiting',
  delivered: 'working',
  applied: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** The part's condition for a state. */
export const inPriceState = (state: PriceDeviceState) => eq(pp.step, STEP[state]);

/** The part's state as the API says it: `STEP` read backwards, in SQL. */
export const priceState = sql<PriceDeviceState>`(case ${pp.step} ${sql.join(
  Object.entries(STEP).map(([state, step]) => sql`when ${step} then ${state}`),
  sql` `,
)} end)`;

/** A change's devices by state, from its parts by step. */
export const byPriceState = (steps: Record<PushStep, number>) =>
  Object.fromEntries(Object.entries(STEP).map(([state, step]) => [state, steps[step]])) as Record<
    PriceDeviceState,
    number
  >;
