/**
 * A fridge's daily temperature log (shared/fresh/cold.ts `fresh.temperatureLog`):
 * what a health inspector asks for, one sheet in time order — every reading
 * with the range and "out of range" where it was, and between them the
 * excursions' moments (out of range for the rule's minutes and locked, back
 * in range, acknowledged by whom with the note).
 */
import { freshTexts, type ExcursionItem } from '../../shared/fresh/index.js';
import { fill } from '../../shared/common/desktopTexts.js';
import { formatTime } from '../../shared/format.js';
import type { Lang } from '../../shared/i18n/define.js';
import type { Queryable } from '../db/index.js';
import { xlsxBytes, type Cell } from '../http/xlsx.js';
import type { Scope } from '../scope.js';
import { fridgeDay } from './excursions.js';

export async function temperatureLog(db: Queryable, scope: Scope, deviceId: number, day: string, lang: Lang) {
  const l = freshTexts[lang].cold;
  const found = await fridgeDay(db, scope, deviceId, day);
  const { low, high } = found.range;
  const range = `${low} – ${high} °C`;
  const lines: { at: string; cells: Cell[] }[] = found.readings.map((r) => ({
    at: r.at,
    cells: [formatTime(r.at), r.celsius, range, r.celsius < low || r.celsius > high ? l.log.out : ''],
  }));
  // What happened on the day; an acknowledgement of the day's excursion made later is shown too, last.
  const moment = (at: string | null, text: string, later = false) => {
    if (at !== null && (later || formatTime(at).startsWith(day)))
      lines.push({ at, cells: [formatTime(at), null, null, text] });
  };
  for (const e of found.excursions) {
    const held = `${e.range.low} – ${e.range.high} °C`;
    moment(
      e.startedAt,
      fill(l.log.started, { range: held, minutes: e.range.minutes, channels: e.lockedChannels.join(', ') || '—' }),
    );
    moment(e.endedAt, fill(l.log.ended, { peak: e.peak }));
    moment(e.acknowledgedAt, acknowledged(l.log, e), true);
  }
  // Stable: a moment at a reading's time comes after the reading.
  lines.sort((a, b) => a.at.localeCompare(b.at));
  const header = [l.log.time, l.log.celsius, l.log.range, l.log.event];
  const bytes = await xlsxBytes(
    l.log.sheet,
    header,
    lines.map((line) => line.cells),
  );
  return {
    name: `${l.log.sheet}-${found.deviceName}-${day}.xlsx`,
    data: bytes.toString('base64'),
    rows: lines.length,
  };
}

function acknowledged(l: (typeof freshTexts)['en']['cold']['log'], e: ExcursionItem): string {
  const who = fill(l.acknowledged, { name: e.acknowledgedBy ?? '—' });
  // A singular where the language has one (i18next's `_one`, spelled out here as the device events do).
  const template = (e.removedUnits === 1 ? (l as { removed_one?: string }).removed_one : undefined) ?? l.removed;
  const removed = e.removedUnits ? ` ${fill(template, { count: e.removedUnits })}` : '';
  return `${who}${removed}${e.note ? ` ${e.note}` : ''}`;
}
