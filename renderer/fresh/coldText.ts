/** How the temperature board words a range and a fridge's locked channels (shared/fresh/cold.ts). */
import type { TFunction } from 'i18next';
import type { ColdRange } from '../../shared/fresh/index.js';

type T = TFunction;

export const rangeText = (t: T, r: ColdRange) =>
  t('fresh.cold.rangeText', { low: r.low, high: r.high, minutes: r.minutes });

export const channelsText = (t: T, channels: readonly number[]) =>
  channels.length ? channels.join(t('common.listSeparator')) : t('fresh.cold.noChannels');

export const celsiusText = (t: T, value: number) => t('fresh.cold.celsiusValue', { value: value.toFixed(1) });

/** The badge colours of a fridge's and an excursion's states. */
export const FRIDGE_COLOURS = {
  normal: 'success',
  out: 'warning',
  excursion: 'danger',
  awaiting: 'severe',
  silent: 'informative',
} as const;
export const EXCURSION_COLOURS = { ongoing: 'danger', awaiting: 'severe', acknowledged: 'success' } as const;
