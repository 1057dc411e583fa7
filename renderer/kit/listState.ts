/**
 * What a list shows for the state of its query (pure, so it is unit-tested).
 * A failed load is an error with a retry, never an empty list with "total 0";
 * a first load shows skeleton rows and no total; a page being replaced keeps
 * the previous one (and its total) until the new one arrives.
 */
export type ListView = 'loading' | 'error' | 'empty' | 'rows';

/** The part of a TanStack Query result the list looks at. */
export interface ListQueryState<T> {
  isPending: boolean;
  isError: boolean;
  /** A retry after a failure is under way: show it loading, not failed. */
  isFetching: boolean;
  /** A page, or a whole short list (a category's attributes) answered as an array; a page without a total is counted by another call. */
  data: { list: readonly T[]; total?: number } | readonly T[] | undefined;
}

const rowsOf = <T>(data: { list: readonly T[] } | readonly T[]): readonly T[] => ('list' in data ? data.list : data);

export function listView<T>(query: ListQueryState<T>): ListView {
  // An error wins over data kept from before: stale rows would look current.
  if (query.isError) return query.isFetching ? 'loading' : 'error';
  if (query.isPending || !query.data) return 'loading';
  return rowsOf(query.data).length === 0 ? 'empty' : 'rows';
}

/** The total the pager may show: only that of a page that arrived (none while loading or failed). */
export function shownTotal<T>(query: ListQueryState<T>): number | undefined {
  const view = listView(query);
  return view === 'loading' || view === 'error' || !query.data
    ? undefined
    : 'list' in query.data
      ? query.data.total
      : query.data.length;
}
