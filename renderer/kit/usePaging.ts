/**
 * A list screen steps back to the last page that exists when the one shown
 * runs out of rows (its last row deleted here or by another session) —
 * never "page 3 of 2" with an empty table.
 */
import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { pageCount } from './pages.js';

export interface Paging {
  pageNum: number;
  pageSize: number;
}

/** `settled`: the total is the current query's, not a previous page's kept while the next loads. */
export function useLastPage(
  paging: Paging,
  setPaging: Dispatch<SetStateAction<Paging>>,
  total: number | undefined,
  settled: boolean,
): void {
  useEffect(() => {
    if (total === undefined || !settled) return;
    const last = pageCount(total, paging.pageSize);
    if (paging.pageNum > last) setPaging((p) => ({ ...p, pageNum: last }));
  }, [settled, total, paging, setPaging]);
}
