/**
 * Saying which clock the times are on: every time the console
 * shows or takes is China time (shared/business-time.ts), and a computer set
 * to another zone would otherwise read "11:42" as its own. Where this
 * computer's clock differs, time columns and time fields say "China time",
 * with the whole sentence as their hint.
 */
import { useTranslation } from 'react-i18next';
import { otherZoneThanBusiness } from '../../shared/business-time.js';

/** This computer's offset from UTC now, `UTC+08:00` / `UTC-05:00`. */
export function computerOffset(now: Date = new Date()): string {
  const minutes = -now.getTimezoneOffset();
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The zone's short name, its sentence and a label with the zone where this computer's clock is in another zone than the business's; null where they agree. */
type ZoneNote = { short: string; long: string; label: (text: string) => string };
/** The note as last made, and the language and offset it was made for. */
let made: { key: string; note: ZoneNote } | undefined;

export function useZoneNote(): ZoneNote | null {
  const { t, i18n } = useTranslation();
  if (!otherZoneThanBusiness()) return null;
  // Made once per language and offset, for the page: every filter field and table asks for it as it is made (a
  // list's filters some fifteen times a move, each translating its sentences again).
  const offset = computerOffset();
  const key = `${i18n.language}|${offset}`;
  if (made?.key !== key) {
    const short = t('common.businessTime');
    made = {
      key,
      note: {
        short,
        long: t('common.businessTimeNote', { offset }),
        label: (text: string) => t('common.withZone', { label: text, zone: short }),
      },
    };
  }
  return made.note;
}
