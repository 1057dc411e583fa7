/**
 * The business's calendar (ARCHITECTURE §2): a sale's day and hour are the
 * business time zone's, not the server's or the computer's. China time, as
 * the order numbers and a machine's daily sale counter already use. Days are
 * written `YYYY-MM-DD`; day arithmetic is done on those dates in UTC, where
 * every day has 24 hours.
 */

export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const hourFormat = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });

/** The business day of an instant, `YYYY-MM-DD`. */
export const businessDay = (at: number | Date = Date.now()): string => dayFormat.format(at);

/** The business hour of an instant, 0–23. */
export const businessHour = (at: number | Date = Date.now()): number => Number(hourFormat.format(at));

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted (1 for the same day). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The first day of `day`'s month. */
export const monthStart = (day: string): string => `${day.slice(0, 7)}-01`;

/** The first day of the month after `day`'s. */
export const nextMonth = (day: string): string => monthStart(addDays(monthStart(day), 32));

/** The first day of the year after `day`'s. */
export const nextYear = (day: string): string => `${Number(day.slice(0, 4)) + 1}-01-01`;
