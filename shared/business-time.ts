/**
 * The business's calendar and clock (ARCHITECTURE §2): a sale's day and
 * hour, every time a screen shows and every range a user types are the
 * business time zone's, not the server's or the computer's. China time, as
 * the order numbers and a machine's daily sale counter already use. Days are
 * written `YYYY-MM-DD`; day arithmetic is done on those dates in UTC, where
 * every day has 24 hours.
 */

export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

/**
 * The business zone's offset from UTC, for the hot paths that do the
 * arithmetic instead of asking Intl once per row or sale (a million rows of
 * a sheet, every sale's weekday and minute): China time keeps UTC+8 all year,
 * with no daylight saving since 1991. A zone with daylight saving would
 * replace these two with `businessOffsetMinutes(at)`.
 */
export const BUSINESS_UTC_OFFSET_MS = 8 * 3_600_000;

/** An instant's business wall clock as a Date whose UTC fields read it (`getUTCDay()` is the business weekday). */
export const businessWall = (at: number | Date): Date =>
  new Date((typeof at === 'number' ? at : at.getTime()) + BUSINESS_UTC_OFFSET_MS);

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

const wallFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as the business time zone's wall clock, `YYYY-MM-DD hh:mm:ss` (spec §9's display format). By the
 * offset, not Intl: every time cell of every list goes through here, and `formatToParts` took 18 ms of a move to
 * the staff orders (`npm run bench:browser`).
 */
export const businessDateTime = (at: number | Date): string =>
  businessWall(at).toISOString().slice(0, 19).replace('T', ' ');

/** Minutes the business time zone is ahead of UTC at an instant (480 for China time), as Intl reads the zone. */
export function businessOffsetMinutes(at: number | Date): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  const p: Record<string, string> = {};
  for (const part of wallFormat.formatToParts(ms)) p[part.type] = part.value;
  const wall = Date.parse(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}Z`);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The minute of the business day at an instant (0–1439): where a daily window such as 01:00–05:00 stands. */
export const businessMinuteOfDay = (at: number | Date): number => {
  const wall = businessWall(at);
  return wall.getUTCHours() * 60 + wall.getUTCMinutes();
};

/**
 * The instant a wall-clock time of the business time zone stands for:
 * `YYYY-MM-DD hh:mm[:ss]` (a space or a `T` between; what a datetime-local
 * input holds); null when it is not one. Two passes, so that a zone with
 * daylight saving lands on the offset of the time asked for.
 */
export function businessInstant(wall: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?$/.exec(wall.trim());
  if (!m) return null;
  const asUtc = Date.parse(`${m[1]}T${m[2]}:${m[3] ?? '00'}Z`);
  if (Number.isNaN(asUtc)) return null;
  const first = asUtc - businessOffsetMinutes(asUtc) * 60_000;
  return new Date(asUtc - businessOffsetMinutes(first) * 60_000);
}

/** Whether this computer's clock shows another time than the business time zone's, now: the screens say which zone their times are in. */
export const otherZoneThanBusiness = (now: number | Date = Date.now()): boolean =>
  -new Date(now).getTimezoneOffset() * 60_000 !== BUSINESS_UTC_OFFSET_MS;

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

/**
 * Days left until a service ends, as a person counts them on the business
 * calendar: the days from today's business day to the end's (on 2026-11-27
 * an end on 2027-11-27 is 365 days away, 366 across a 29 February); 0 on the
 * last day, negative once ended. Not the hours left divided by 24, which
 * said 364 for a full year whenever the end's time of day was earlier than now.
 */
export const daysLeft = (end: number | Date, now: number | Date = Date.now()): number =>
  daysBetween(businessDay(now), businessDay(end)) - 1;

/** The first day of `day`'s month. */
export const monthStart = (day: string): string => `${day.slice(0, 7)}-01`;

/** The first day of the month after `day`'s. */
export const nextMonth = (day: string): string => monthStart(addDays(monthStart(day), 32));

/** A business month (`YYYY-MM`) as instants: its first moment, and the next month's. */
export const monthInstants = (month: string): { start: Date; end: Date } => ({
  start: businessInstant(`${month}-01 00:00`)!,
  end: businessInstant(`${nextMonth(`${month}-01`)} 00:00`)!,
});

/** The first day of the year after `day`'s. */
export const nextYear = (day: string): string => `${Number(day.slice(0, 4)) + 1}-01-01`;
