/**
 * Selected ids of a list; only ids still in the list count. `clearOn`: a
 * value whose change empties the selection — the list's applied filter, so
 * a new search (or Reset) starts with nothing chosen. `keyOf`: a row's id,
 * where it is not its `id` (a distributor's tenant id). `table(rowLabel,
 * allLabel)` is the table's `selection`: its checkboxes bound to these ids,
 * each named.
 */
import { useEffect, useMemo, useState } from 'react';
import type { RowSelection } from './DataTable.js';

export interface Selection<Row> {
  selected: ReadonlySet<number>;
  setSelected: (next: ReadonlySet<number>) => void;
  /** The selected ids in the list's order. */
  ids: number[];
  clear: () => void;
  table: (rowLabel: (row: Row) => string, allLabel: string) => RowSelection<Row, number>;
}

export function useSelection<Row extends { id: number }>(rows: readonly Row[], clearOn?: unknown): Selection<Row>;
export function useSelection<Row>(rows: readonly Row[], clearOn: unknown, keyOf: (row: Row) => number): Selection<Row>;
export function useSelection<Row>(
  rows: readonly Row[],
  clearOn?: unknown,
  keyOf: (row: Row) => number = (row) => (row as { id: number }).id,
): Selection<Row> {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const ids = useMemo(
    () => rows.map(keyOf).filter((id) => selected.has(id)),
    // keyOf is a rule of the page, not data (a new arrow each render): the rows and the selection are what change.
    [rows, selected],
  );
  useEffect(() => {
    setSelected((now) => (now.size ? new Set() : now));
  }, [clearOn]);
  return {
    selected,
    setSelected,
    ids,
    clear: () => setSelected(new Set()),
    table: (rowLabel, allLabel) => ({ selected, onChange: setSelected, rowLabel, allLabel }),
  };
}
