/**
 * Selected ids of a list; only ids still in the list count. `clearOn`: a
 * value whose change empties the selection — the list's applied filter, so
 * a new search (or Reset) starts with nothing chosen.
 */
import { useEffect, useMemo, useState } from 'react';

export function useSelection(rows: readonly { id: number }[], clearOn?: unknown) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const ids = useMemo(() => rows.filter((r) => selected.has(r.id)).map((r) => r.id), [rows, selected]);
  useEffect(() => {
    setSelected((now) => (now.size ? new Set() : now));
  }, [clearOn]);
  return { selected, setSelected, ids, clear: () => setSelected(new Set()) };
}
