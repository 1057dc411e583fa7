/** Selected ids of a list; only ids still in the list count. */
import { useMemo, useState } from 'react';

export function useSelection(rows: readonly { id: number }[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const ids = useMemo(() => rows.filter((r) => selected.has(r.id)).map((r) => r.id), [rows, selected]);
  return { selected, setSelected, ids, clear: () => setSelected(new Set()) };
}
