/**
 * Typed dates and times: what the kit's
 * DateTimeInput accepts and what it writes back, the spec's
 * `yyyy-mm-dd hh:mm:ss` (or `yyyy-mm-dd` for a date). Pure; unit-tested.
 *
 * Hand-written rather than dayjs's customParseFormat: it takes the loose
 * forms a clerk types (2026/11/5, 2026-11-05T08:30, 8:30) in one pass and
 * refuses impossible dates (02-30) instead of rolling them into March.
 */

export type DateTextMode = 'date' | 'datetime';

const pad = (n: number) => String(n).padStart(2, '0');

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The canonical text of what was typed, or null when it is no date (or no
 * time) at all. In `datetime` mode a missing time or missing seconds are
 * filled from the start of the day or minute, or with `end` from its end
 * (23:59:59, hh:mm:59): a range's end includes the day or minute typed.
 */
export function parseDateText(text: string, mode: DateTextMode, end = false): string | null {
  const m = /^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:(?:\s+|T)(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  const date = `${m[1]}-${pad(month)}-${pad(day)}`;
  if (mode === 'date') return m[4] === undefined ? date : null;
  const hour = m[4] === undefined ? (end ? 23 : 0) : Number(m[4]);
  const minute = m[5] === undefined ? (end ? 59 : 0) : Number(m[5]);
  const second = m[6] === undefined ? (end ? 59 : 0) : Number(m[6]);
  if (hour > 23 || minute > 59 || second > 59) return null;
  return `${date} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** The date part of a canonical text as a calendar's Date (the computer's midnight of that day: a wall date, no zone meant). */
export function calendarDate(canonical: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(canonical);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

/** A day picked on the calendar written into `current`'s text: its time kept, else the start (or, with `end`, the end) of the day. */
export function withCalendarDay(current: string, day: Date, mode: DateTextMode, end = false): string {
  const date = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  if (mode === 'date') return date;
  const time =
    /\d{2}:\d{2}:\d{2}$/.exec(parseDateText(current, 'datetime', end) ?? '')?.[0] ?? (end ? '23:59:59' : '00:00:00');
  return `${date} ${time}`;
}
