/**
 * Date display of spec §9: `yyyy-mm-dd hh:mm:ss`, and the relative time
 * ('just now' under 30 s, minutes under 1 h, hours under 1 day, '1 day ago'
 * under 2 days, then the date).
 *
 * Written with `Date` and `Intl` alone: shared/ may import nothing but zod
 * (ARCHITECTURE §3), so no dayjs here. Times are shown in the business time
 * zone (shared/business-time.ts: China time), whatever the computer's — as
 * the order numbers, the sales counters, the dashboard's days and the xlsx
 * exports have them; a time written without a zone is already that zone's
 * wall clock. The relative time answers i18n
 * keys of the `time` group with their parameters: shared/ has no i18n
 * runtime; the renderer puts them into words.
 */

import { businessDateTime, businessDay, businessInstant } from './business-time.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-mm-dd hh:mm[:ss[.fff]]` without a zone: a wall-clock time of the business time zone. */
const ZONELESS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?$/;

/** A Date of an ISO 8601 string, epoch milliseconds or a Date; null when there is none or it is invalid. */
export function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A time without a zone is the business clock's (see above), not this computer's.
  if (typeof value === 'string' && ZONELESS.test(value.trim()))
    return businessInstant(value.trim().replace(/\.\d+$/, ''));
  const d = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * The business day of an instant, `yyyy-mm-dd` (China's date, not UTC's: an
 * instant between 00:00 and 08:00 China time is the day before in UTC, so
 * cutting an ISO text to its first ten characters shows the wrong day);
 * '' when there is no valid time.
 */
export function formatDay(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? businessDay(d) : '';
}

/** `yyyy-mm-dd hh:mm:ss` in the business time zone; '' when there is no valid time. */
export function formatTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? businessDateTime(d) : '';
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec §9 thresholds. */
export const JUST_NOW_MS = 30 * SECOND;

export type RelativeTime =
  | { key: 'time.justNow' }
  | { key: 'time.minutesAgo'; params: { n: number } }
  | { key: 'time.hoursAgo'; params: { n: number } }
  | { key: 'time.dayAgo' }
  /** Two days or more ago: the formatted date itself. */
  | { key: null; date: string };

/**
 * How long ago `value` was, at `now`. Minutes and hours are rounded up
 * (30 s is "1 min ago", 60 min is "1 h ago"); a time in the future (a clock
 * ahead of ours) is "just now". An invalid time answers an empty date.
 */
export function relativeTime(value: string | number | Date, now: number | Date = Date.now()): RelativeTime {
  const d = toDate(value);
  if (!d) return { key: null, date: '' };
  const diff = (now instanceof Date ? now.getTime() : now) - d.getTime();
  if (diff < JUST_NOW_MS) return { key: 'time.justNow' };
  if (diff < HOUR) return { key: 'time.minutesAgo', params: { n: Math.ceil(diff / MINUTE) } };
  if (diff < DAY) return { key: 'time.hoursAgo', params: { n: Math.ceil(diff / HOUR) } };
  if (diff < 2 * DAY) return { key: 'time.dayAgo' };
  return { key: null, date: formatTime(d) };
}

/**
 * Money (ARCHITECTURE §2: integer fen below the UI, yuan on screen): `¥`,
 * thousands separators, two decimals; `-¥12.30` below zero. Integer
 * arithmetic on the fen, so no binary-fraction rounding ever shows (0.29 yuan
 * is 29 fen, never 28.999…). A fraction of a fen is rounded to the nearest
 * fen; a value that is not a finite number shows as nothing.
 */
export function formatYuan(fen: number): string {
  if (!Number.isFinite(fen)) return '';
  const whole = Math.abs(Math.round(fen));
  const yuan = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = Math.round(fen) < 0 ? '-' : '';
  return `${sign}¥${yuan}.${pad(whole % 100)}`;
}

/** Fen as an amount to edit: yuan with two decimals, no sign or separators (`1299.50`); parseYuan reads it back. */
export function yuanInput(fen: number): string {
  const whole = Math.max(0, Math.round(fen));
  return `${Math.floor(whole / 100)}.${pad(whole % 100)}`;
}

/**
 * What a user typed as yuan (`3.5`, `3.50`, `1,299`, `¥12`) as integer fen,
 * or null when it is no amount of at most two decimals. Read from the
 * digits, never through a float: `0.29` is 29 fen.
 */
export function parseYuan(text: string): number | null {
  const match = /^\s*¥?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const yuan = Number(match[1]!.replaceAll(',', ''));
  const fen = Number((match[2] ?? '').padEnd(2, '0'));
  const total = yuan * 100 + fen;
  return Number.isSafeInteger(total) ? total : null;
}

/**
 * Whether `value` is a real calendar day written `YYYY-MM-DD` (not 2026-02-30) of a year the console can mean:
 * 1900–2999. JavaScript's calendar has a year 0 (0000-02-29 is a day to it) that PostgreSQL's date refuses, so
 * an unbounded day reached the database as an error (a 500) instead of a refusal.
 */
export function isIsoDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    /^(19|2\d)\d{2}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  );
}

/**
 * A customer's or staff member's phone as lists show it (one rule
 * for every list; the detail a role opens to call them back shows it whole):
 * the first three and last four digits, the rest as four stars
 * (13812345021 → 138****5021), separators dropped. An e-mail keeps its first
 * character and its domain (z***@example.com). Anything else — a WeChat ID,
 * a short extension — is shown as given: there is nothing it could be
 * mistaken for, and hiding it would leave nothing to recognise.
 */
export function maskContact(value: string): string;
export function maskContact(value: string | null): string | null;
export function maskContact(value: string | null): string | null {
  if (value === null) return null;
  const text = value.trim();
  // China's country code before a mobile number is no part of what identifies it.
  const digits = text.replace(/[\s()+-]/g, '').replace(/^86(1\d{10})$/, '$1');
  if (/^\d{7,15}$/.test(digits)) return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
  const mail = /^([^@\s])[^@\s]*(@[^@\s]+)$/.exec(text);
  if (mail) return `${mail[1]}***${mail[2]}`;
  return text;
}

/** A file's size as people read it: bytes, KB or MB (binary units, one decimal), the same in every language. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
