/** The pager's arithmetic (pure): page count, the page numbers shown, the jump box. */

/** Page sizes offered by every pager. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** How many pages `total` rows make; at least one, so page 1 always exists. */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));

/** A page number to show, or a gap standing for the pages left out before or after the current one. */
export type PageItem = number | 'gap-before' | 'gap-after';

/**
 * The page numbers of a back-office pager: the first and last pages, the
 * current one with `siblings` on each side, and a gap for what lies between.
 * Always the same number of items once there are enough pages (a gap stands
 * for two pages or more; a single hidden page is shown instead), so the
 * buttons do not move under the pointer while paging.
 */
export function pageItems(current: number, pages: number, siblings = 2): PageItem[] {
  const last = Math.max(1, Math.floor(pages));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  // first + gap + (2 siblings + current) + gap + last
  const slots = 2 * siblings + 5;
  if (last <= slots) return Array.from({ length: last }, (_, i) => i + 1);

  const span = 2 * siblings + 3; // the run of numbers beside one gap, counting the end page
  if (page <= siblings + 3) return [...range(1, span), 'gap-after', last];
  if (page >= last - siblings - 2) return [1, 'gap-before', ...range(last - span + 1, last)];
  return [1, 'gap-before', ...range(page - siblings, page + siblings), 'gap-after', last];
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The page a typed "go to page" value asks for: whole numbers only, clamped
 * to the pages there are (back offices clamp rather than refuse); undefined
 * for anything else (nothing happens).
 */
export function parseJump(raw: string, pages: number): number | undefined {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  if (!Number.isSafeInteger(n)) return Math.max(1, pages);
  return Math.min(Math.max(1, n), Math.max(1, pages));
}
