/**
 * How a list screen describes its columns to the kit's DataTable: a header,
 * what a cell shows (a value of a kind, or any rendering), its size and its
 * overflow rule. The kinds carry the product's display rules, so no screen
 * formats money or times itself.
 */
import type { ReactNode } from 'react';
import { formatYuan } from '../../shared/format.js';
import { formatDateTime } from '../app/format.js';
import type { ColumnSize } from './sizing.js';

/**
 * - text: as given;
 * - number: right-aligned, tabular figures;
 * - money: integer fen shown as yuan (shared/format.ts `formatYuan`), right-aligned;
 * - time: an ISO 8601 instant as `yyyy-mm-dd hh:mm:ss`.
 */
export type CellKind = 'text' | 'number' | 'money' | 'time';

/**
 * What long content does: `wrap` breaks it over lines (anywhere, for a long
 * unbroken address); `ellipsis` keeps one line and shows the whole text in a
 * tooltip when it is cut. Either way nothing runs into the next cell.
 */
export type Overflow = 'wrap' | 'ellipsis';

export interface Column<Row> extends Partial<ColumnSize> {
  /** Stable id (also the sort key the screen sends to its API). */
  id: string;
  /** The header text (already in the user's language). */
  header: string;
  kind?: CellKind;
  /** The cell's value: text, a number, fen for `money`, an ISO instant for `time`. */
  value?: (row: Row) => string | number | null | undefined;
  /** A rendering of its own instead of `value` (actions, badges). */
  render?: (row: Row) => ReactNode;
  /** Default: `ellipsis` for text, no overflow handling for rendered cells. */
  overflow?: Overflow;
  align?: 'start' | 'center' | 'end';
  /** Offer sorting on this column: only where the list's API sorts by it. */
  sortable?: boolean;
  /** data-testid of each of its cells. */
  cellTestId?: string;
  /**
   * `end`: the row's actions. Kept in view at the table's right edge while
   * the rest scrolls sideways, and never hidden.
   */
  pin?: 'end';
  /** false: the user may not hide it (the column that names the row). Default true. */
  hideable?: boolean;
  /**
   * Short of width, the table folds columns away rather than scroll
   * sideways: those with the lowest `fold` first (1 before 2), until the
   * rest fit at their minimums. A folded column stays in the columns menu,
   * where the user may show it anyway (remembered). None: never folded.
   */
  fold?: number;
}

/** A column's sort: by `id`, descending or not. */
export interface Sort {
  id: string;
  desc: boolean;
}

/** The sizes each kind starts from, so screens only say what is special. */
export const KIND_SIZES: Readonly<Record<CellKind, ColumnSize>> = {
  text: { minWidth: 96, grow: 1 },
  number: { minWidth: 80, width: 88 },
  money: { minWidth: 96, width: 128 },
  // `yyyy-mm-dd hh:mm:ss` on one line at its width, on two (date over time) at its minimum.
  time: { minWidth: 96, width: 172, shrinkLast: true },
};

/** The alignment a kind reads best in: figures line up on the right. */
export const kindAlign = (kind: CellKind): 'start' | 'end' => (kind === 'number' || kind === 'money' ? 'end' : 'start');

/** Where a column's content sits: its own choice, else its kind's (rendered cells at the start). */
export function alignOf<Row>(column: Column<Row>): 'start' | 'center' | 'end' {
  return column.align ?? (column.render ? 'start' : kindAlign(column.kind ?? 'text'));
}

/** A column's size: its own where given, else its kind's. */
export function sizeOf<Row>(column: Column<Row>): ColumnSize {
  const base = KIND_SIZES[column.kind ?? 'text'];
  return {
    minWidth: column.minWidth ?? base.minWidth,
    width: column.width ?? base.width,
    grow: column.grow ?? base.grow,
    shrinkLast: column.shrinkLast ?? base.shrinkLast,
  };
}

/** A value as the user reads it, by kind. */
export function displayValue(kind: CellKind, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
      return typeof value === 'number' ? formatYuan(value) : String(value);
    case 'time':
      return formatDateTime(String(value));
    default:
      return String(value);
  }
}

/**
 * The tenant column of a list that spans tenants: shown to whoever sees more
 * than their own (`seesTenants`), none otherwise, so a screen spreads it into
 * its columns. `more` changes its id, width or fold where a list needs it.
 */
export function tenantColumn<Row extends { tenantName: string | null }>(
  shown: boolean,
  header: string,
  more: Partial<Column<Row>> = {},
): Column<Row>[] {
  return shown ? [{ id: 'tenant', header, value: (r) => r.tenantName, minWidth: 96, width: 150, ...more }] : [];
}
