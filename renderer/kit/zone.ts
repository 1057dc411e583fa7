/**
 * Saying which clock the times are on: every time the console
 * shows or takes is China time (shared/business-time.ts), and a computer set
 * to another zone would otherwise read "11:42" as its own. Where this
 * computer's clock differs, time columns and time fields say "China time",
 * with the whole sentence as their hint.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { otherZoneThanBusiness } from '../../shared/business-time.js';

/** This computer's offset from UTC now, `UTC+08:00` / `UTC-05:00`. */
export function computerOffset(now: Date = new Date()): string {
  const minutes = -now.getTimezoneOffset();
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The zone's short name, its sentence and a label with the zone where this computer's clock is in another zone than the business's; null where they agree. */
export function useZoneNote(): { short: string; long: string; label: (text: string) => string } | null {
  const { t, i18n } = useTranslation();
  const other = otherZoneThanBusiness();
  // Made once per language: every filter field and table asks for it on every render (a list's filters made it
  // some fifteen times a move, each with its translations).
  return useMemo(() => {
    if (!other) return null;
    const short = t('common.businessTime');
    return {
      short,
      long: t('common.businessTimeNote', { offset: computerOffset() }),
      label: (text: string) => t('common.withZone', { label: text, zone: short }),
    };
  }, [other, t, i18n.language]);
}
