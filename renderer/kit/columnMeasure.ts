/**
 * The data table's measurements (DataTable.tsx): its container's width, and
 * what the DOM says the row actions and the header words need, read after layout. The
 * measuring of text itself is pure and tested (headerWidth.ts).
 *
 * Each table remembers its last figures (by a key: the screen's path and
 * the table's test id) and starts from them when it is made again, a new one
 * from the last table's width and header font: a table
 * that started from nothing drew its rows once folded for a width of 0,
 * measured, and drew them all again — a second render of every row on each
 * move to a list screen (`npm run bench:browser`). A guess that proves wrong
 * is corrected by the measurement, as before.
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { widestPieces } from './headerWidth.js';

/**
 * The last figures measured per table key (this page's life: a reload measures afresh). A table not made before
 * starts from the width the last table had (most are a screen's list, as wide as the main area).
 */
const lastWidths = new Map<string, number>();
const ANY_TABLE = '';
const lastPinned = new Map<string, Record<string, { min: number; ideal: number }>>();
/** The header cells' font and first padding, as last measured: the same for every table of the page until the font-size setting changes. */
let lastHeader: { font: string; padding: number } | undefined;
/** The widest piece of a header label in a font (`font\0label`): measured once. */
const pieceWidths = new Map<string, number>();

function widestOf(labels: readonly string[], font: string): number[] {
  const missing = labels.filter((l) => !pieceWidths.has(`${font}\u0000${l}`));
  if (missing.length) widestPieces(missing, font).forEach((w, i) => pieceWidths.set(`${font}\u0000${missing[i]}`, w));
  return labels.map((l) => pieceWidths.get(`${font}\u0000${l}`)!);
}

const headerMinimums = (
  labels: readonly string[],
  extra: readonly number[],
  look: { font: string; padding: number },
): number[] => widestOf(labels, look.font).map((w, i) => w + look.padding + (extra[i] ?? 0) + 2);

/**
 * The row actions' widths, measured on the rows drawn: at least their widest
 * button (a label never wraps inside itself: ActionButton), ideally the
 * widest row's buttons side by side — so a longer label in English or a
 * button only some rows have widens the column instead of being cut, and a
 * narrow window puts buttons on a second line rather than scroll.
 */
export function usePinnedMinimums(
  scrollRef: RefObject<HTMLDivElement | null>,
  rows: readonly unknown[],
  key?: string,
): Record<string, { min: number; ideal: number }> {
  const [mins, setMins] = useState<Record<string, { min: number; ideal: number }>>(
    () => (key && lastPinned.get(key)) || {},
  );
  useLayoutEffect(() => {
    const next: Record<string, { min: number; ideal: number }> = {};
    for (const td of Array.from(scrollRef.current?.querySelectorAll<HTMLElement>('tbody td[data-pinned]') ?? [])) {
      // The buttons' own widths side by side (they never shrink), not the cell's: a cell measured wide at 1366 px
      // would otherwise keep the column that wide in a narrower window.
      const only = td.children.length === 1 ? td.children[0]! : null;
      const row = only && getComputedStyle(only).display.includes('flex') ? only : td;
      // What takes no room (a refused action's hidden reason, ActionButton.tsx) is no button and adds no gap.
      const widths = Array.from(row.children, (el) => el.getBoundingClientRect().width).filter((w) => w > 0);
      if (!widths.length) continue;
      const gap = row === td ? 0 : parseFloat(getComputedStyle(row).columnGap) || 0;
      const style = getComputedStyle(td);
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 2;
      const id = td.dataset.pinned!;
      const min = Math.ceil(Math.max(...widths) + padding);
      const ideal = Math.ceil(widths.reduce((a, w) => a + w, 0) + gap * (widths.length - 1) + padding);
      next[id] = { min: Math.max(next[id]?.min ?? 0, min), ideal: Math.max(next[id]?.ideal ?? 0, ideal) };
    }
    // Rows still loading measure nothing: the last figures stay for the next making.
    if (key && Object.keys(next).length) lastPinned.set(key, next);
    setMins((prev) =>
      Object.keys(next).length === Object.keys(prev).length &&
      Object.entries(next).every(([k, v]) => prev[k]?.min === v.min && prev[k]?.ideal === v.ideal)
        ? prev
        : next,
    );
  }, [rows, scrollRef, key]);
  return mins;
}

/**
 * Each header's least width (headerWidth.ts): its widest word in the font
 * the header cells have now (the font-size setting changes it), its cell's
 * padding and `extra` room (sort arrow, columns menu). Measured again when
 * the labels or the font change.
 */
export function useHeaderMinimums(
  scrollRef: RefObject<HTMLDivElement | null>,
  labels: readonly string[],
  extra: readonly number[],
): number[] {
  const [mins, setMins] = useState<number[]>(() => (lastHeader ? headerMinimums(labels, extra, lastHeader) : []));
  const key = `${labels.join('\u0000')}|${extra.join(',')}`;
  useLayoutEffect(() => {
    const th = scrollRef.current?.querySelector('thead th:last-child');
    if (!th) return;
    const style = getComputedStyle(th);
    // The last header's padding holds the menu's room already (`extra`): the first's is the plain one.
    const first = getComputedStyle(scrollRef.current!.querySelector('thead th')!);
    lastHeader = {
      font: `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`,
      padding: parseFloat(first.paddingLeft) + parseFloat(first.paddingRight),
    };
    const next = headerMinimums(labels, extra, lastHeader);
    setMins((prev) => (prev.length === next.length && prev.every((v, i) => v === next[i]) ? prev : next));
    // `key` stands for the labels and the extra room: the effect reads this render's.
  }, [key, scrollRef]);
  return mins;
}

/**
 * The container's inner width, kept while it is hidden (a cached tab), so the columns do not collapse and spring back;
 * with a `key`, a new container starts from the last width of that key's.
 */
export function useInnerWidth(ref: RefObject<HTMLElement | null>, key?: string): number | undefined {
  const [width, setWidth] = useState<number | undefined>(() =>
    key ? (lastWidths.get(key) ?? lastWidths.get(ANY_TABLE)) : undefined,
  );
  const known = useRef(width);
  known.current = width;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      if (el.clientWidth <= 0) return;
      if (key) {
        lastWidths.set(key, el.clientWidth);
        lastWidths.set(ANY_TABLE, el.clientWidth);
      }
      setWidth(el.clientWidth);
    };
    // A width known already (this key's last) waits for the observer's first report, which comes after the
    // frame's own layout and before its paint: read here, in the commit, it forced a layout of the whole page of
    // its own (20–35 ms of a device page's move on a 2-core machine, `npm run bench:browser`).
    if (known.current === undefined) update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, key]);
  return width;
}
