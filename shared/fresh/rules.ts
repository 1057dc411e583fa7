/** Fresh food's rules, the same on the upstream and the console: a batch's state by its expiry. */
import { addDays, businessDay, daysBetween } from '../business-time.js';

/** A batch: expired (its day is past), expiring today, soon (within SOON_DAYS), fresh, or of unknown expiry (stock that came without a refill). */
export const BATCH_STATES = ['expired', 'today', 'soon', 'fresh', 'undated'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

export const FRESH_LIMITS = {
  /** Days ahead a batch counts as expiring soon. */
  soonDays: 2,
  /** A lot as printed on a label (GS1 allows 20). */
  lot: 20,
  /** The furthest expiry a refill takes, in days from today (a product's shelf life is at most 3650). */
  expiryDays: 3650,
} as const;

/** A batch's state on `today` (a business day, YYYY-MM-DD). */
export function batchState(expiresOn: string | null, today = businessDay()): BatchState {
  if (expiresOn === null) return 'undated';
  if (expiresOn < today) return 'expired';
  if (expiresOn === today) return 'today';
  return expiresOn <= addDays(today, FRESH_LIMITS.soonDays) ? 'soon' : 'fresh';
}

/** Whole days from `today` to the batch's expiry day (negative once past), null when unknown. */
export const batchDaysLeft = (expiresOn: string | null, today = businessDay()): number | null =>
  expiresOn === null ? null : daysBetween(today, expiresOn) - 1;

/** The expiry a product's shelf life gives goods refilled today: what the refill dialog offers first. */
export const expiryFromShelfLife = (shelfLifeDays: number | null, today = businessDay()): string | null =>
  shelfLifeDays === null ? null : addDays(today, shelfLifeDays);
