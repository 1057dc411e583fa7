/**
 * The narrowest a column may be for its header to show whole (at
 * 1366 px the delivery review's "handled by" showed its first character only
 * and "Actions" broke as "Actio ns"). Headers break only between words — at
 * spaces, and before a parenthesis ("Created" / "(China time)", and the same
 * before a full-width one in Chinese) — never inside one, so a column is at least its
 * longest such piece, measured in the header's own font, plus the cell's
 * padding and the sort arrow or the columns menu beside it.
 */

/** The pieces a header may break between (the label is rendered with a break opportunity before each "（"). */
export function headerPieces(label: string): string[] {
  return label.split(/\s+|(?=[\uFF08(])/).filter((p) => p !== '');
}

let canvas: HTMLCanvasElement | undefined;

/** The width of the widest piece of each label in `font` (a computed CSS font), rounded up. */
export function widestPieces(labels: readonly string[], font: string): number[] {
  canvas ??= document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return labels.map(() => 0);
  ctx.font = font;
  return labels.map((label) => Math.ceil(Math.max(0, ...headerPieces(label).map((p) => ctx.measureText(p).width))));
}
