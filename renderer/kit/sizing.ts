/**
 * Column widths of the kit's data table (pure, so it is unit-tested).
 *
 * Why not let the browser size the columns: with `table-layout: auto` a long
 * unbroken address widens its column past the screen, and with `fixed` and
 * no widths every column gets the same share (1024 px squeezed name, area and
 * address to ~50 px while the actions column had room to spare; at 400 px
 * every column collapsed to one character). Here each column has a minimum,
 * an ideal width and a share of what is left over; below the sum of the
 * minimums the table keeps them and its container scrolls horizontally.
 */

export interface ColumnSize {
  /** Never narrower than this (px). */
  minWidth: number;
  /** The width it takes when there is room (px); the minimum when not given. */
  width?: number | undefined;
  /** Its share of the room left over once every column has its width (0: none). */
  grow?: number | undefined;
  /**
   * Short of room, it keeps its width until every other column is at its
   * minimum (row actions: buttons that wrap onto a second line cost every
   * row its height, while a long name can be cut and shown in a tooltip).
   */
  shrinkLast?: boolean | undefined;
}

export interface ColumnLayout {
  /** One integer width per column, in order. */
  widths: number[];
  /** Their sum: the table's width (wider than `available` when the container must scroll). */
  total: number;
}

/** Splits `amount` (an integer) in proportion to `weights`; the parts are integers and sum to `amount`. */
export function apportion(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, p) => a + p, 0);
  // The largest remainders get the leftover pixels (ties: the earlier column).
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * The widths of `columns` in a container `available` px wide:
 * - room to spare: every column at its width, the rest shared by `grow`
 *   (by all columns alike when none grows, so the table fills its container);
 * - short of room: columns with a width above their minimum give it up in
 *   proportion, down to their minimums — `shrinkLast` ones only once the
 *   others are all at theirs;
 * - below the sum of the minimums: the minimums (the container scrolls).
 */
export function columnWidths(columns: readonly ColumnSize[], available: number): ColumnLayout {
  const mins = columns.map((c) => Math.max(0, Math.round(c.minWidth)));
  const bases = columns.map((c, i) => Math.max(mins[i]!, Math.round(c.width ?? 0)));
  const room = Math.max(0, Math.floor(Number.isFinite(available) ? available : 0));
  const sumBase = bases.reduce((a, b) => a + b, 0);
  const sumMin = mins.reduce((a, b) => a + b, 0);

  let widths: number[];
  if (room >= sumBase) {
    const grows = columns.map((c) => Math.max(0, c.grow ?? 0));
    const weights = grows.some((g) => g > 0) ? grows : columns.map(() => 1);
    const extra = apportion(room - sumBase, weights);
    widths = bases.map((b, i) => b + extra[i]!);
  } else if (room > sumMin) {
    const slack = bases.map((b, i) => b - mins[i]!);
    const first = slack.map((s, i) => (columns[i]!.shrinkLast ? 0 : s));
    const last = slack.map((s, i) => (columns[i]!.shrinkLast ? s : 0));
    const deficit = sumBase - room;
    const early = Math.min(
      deficit,
      first.reduce((a, s) => a + s, 0),
    );
    const give1 = apportion(early, first);
    const give2 = apportion(deficit - early, last);
    widths = bases.map((b, i) => b - give1[i]! - give2[i]!);
  } else {
    widths = mins;
  }
  return { widths, total: widths.reduce((a, b) => a + b, 0) };
}

/** A column as folding sees it (columns.ts `fold`). */
export interface FoldItem {
  id: string;
  minWidth: number;
  fold?: number | undefined;
  /** A money column: folds only after every other column that may fold. */
  money?: boolean | undefined;
}

/**
 * The ids of the columns to fold away so the rest fit `available` px at
 * their minimums (`fixed` px of other columns beside them): money columns
 * last (an order without its amount is no order list), then lowest `fold`
 * first, the rightmost first among equals, never one without a `fold` or in
 * `keep` (shown anyway by the user). Nothing is folded when nothing must be,
 * nor before the width is known (0).
 */
export function foldColumns(
  items: readonly FoldItem[],
  available: number,
  fixed = 0,
  keep: readonly string[] = [],
): string[] {
  if (available <= 0) return [];
  let total = fixed + items.reduce((a, c) => a + Math.max(0, Math.round(c.minWidth)), 0);
  const candidates = items
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.fold !== undefined && !keep.includes(c.id))
    .sort((a, b) => Number(!!a.c.money) - Number(!!b.c.money) || a.c.fold! - b.c.fold! || b.i - a.i);
  const folded: string[] = [];
  for (const { c } of candidates) {
    if (total <= available) break;
    folded.push(c.id);
    total -= Math.max(0, Math.round(c.minWidth));
  }
  return folded;
}
