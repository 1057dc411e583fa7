/** Display formats (spec §9), put into words with the UI catalogue. The rules live in shared/format.ts. */
import type { TFunction } from 'i18next';
import { formatTime, relativeTime } from '../../shared/format.js';

/** An ISO 8601 instant as `yyyy-mm-dd hh:mm:ss` in local time; empty for none, the input itself when unparsable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  return formatTime(iso) || iso;
}

/** 'just now', 'n min ago', 'n h ago', '1 day ago', then the date (spec §9). */
export function formatRelative(t: TFunction, value: string | number | Date, now?: number | Date): string {
  const r = relativeTime(value, now);
  switch (r.key) {
    case null:
      return r.date;
    case 'time.minutesAgo':
    case 'time.hoursAgo':
      return t(r.key, r.params);
    default:
      return t(r.key);
  }
}
