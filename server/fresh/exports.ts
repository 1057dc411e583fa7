/**
 * The fresh food lists that were not exportable yet, as .xlsx in the
 * caller's language and in their lists' order (at most 10 000 rows): the
 * waste report (`fresh.wasteExport`) and the quarantine (`fresh.quarantineExport`),
 * each held report said in words as the screen says it.
 */
import { businessDay } from '../../shared/business-time.js';
import type { PageQuery } from '../../shared/api/define.js';
import { commonTexts } from '../../shared/common/texts.js';
import { fill } from '../../shared/common/desktopTexts.js';
import { formatTime } from '../../shared/format.js';
import { freshTexts, type QuarantineFilter, type QuarantineItem, type WasteFilter } from '../../shared/fresh/index.js';
import type { Lang } from '../../shared/i18n/define.js';
import type { Queryable } from '../db/index.js';
import { xlsxBytes, type Cell } from '../http/xlsx.js';
import type { Scope } from '../scope.js';
import { quarantinePage } from './quarantine.js';
import { wastePage } from './waste.js';

const ALL: PageQuery = { pageNum: 1, pageSize: 10_000 };

export async function exportWaste(db: Queryable, scope: Scope, filter: WasteFilter, lang: Lang) {
  const l = freshTexts[lang].waste;
  const { list } = await wastePage(db, scope, ALL, filter);
  const header = [l.month, l.device, l.product, l.units, l.value, l.removals, l.reasons];
  const cells: Cell[][] = list.map((r) => [
    r.month,
    r.deviceName,
    r.productName,
    r.units,
    { yuan: r.value / 100 },
    r.removals,
    r.reasons.map((x) => l.why[x]).join(commonTexts[lang].common.listSeparator),
  ]);
  const bytes = await xlsxBytes(l.title, header, cells);
  return {
    name: `${l.title}-${filter.month ?? businessDay()}.xlsx`,
    data: bytes.toString('base64'),
    rows: list.length,
  };
}

/** A held report in words, as the quarantine screen says it. */
function whatOf(lang: Lang, h: QuarantineItem): string {
  const l = freshTexts[lang];
  const celsius = (value: number) => fill(l.cold.celsiusValue, { value: value.toFixed(1) });
  const d = h.detail;
  if ('saleId' in d)
    return fill(l.quarantine.sale, {
      sale: d.saleId,
      channels: d.channels.join(commonTexts[lang].common.listSeparator),
    });
  if ('channel' in d)
    return fill(l.quarantine.rise, { channel: d.channel, product: d.productName, from: d.from, to: d.to });
  return fill(l.quarantine.jump, {
    celsius: celsius(d.celsius),
    at: formatTime(d.at),
    previous: celsius(d.previousCelsius),
    previousAt: formatTime(d.previousAt).slice(11),
  });
}

export async function exportQuarantine(db: Queryable, scope: Scope, filter: QuarantineFilter, lang: Lang) {
  const l = freshTexts[lang].quarantine;
  const { list } = await quarantinePage(db, scope, ALL, filter);
  const header = [l.device, l.kind, l.what, l.state, l.reportedAt, l.decidedBy, l.decidedAt];
  const cells: Cell[][] = list.map((h) => [
    h.deviceName,
    l.kinds[h.kind],
    whatOf(lang, h),
    l.states[h.state],
    formatTime(h.reportedAt),
    h.decidedBy,
    h.decidedAt ? formatTime(h.decidedAt) : null,
  ]);
  const bytes = await xlsxBytes(l.title, header, cells);
  return { name: `${l.title}-${businessDay()}.xlsx`, data: bytes.toString('base64'), rows: list.length };
}
