/**
 * The opening every paged list screen shares: the filter as typed
 * and as applied, the page asked for, the query of one page operation with
 * the previous page kept while the next loads, what the table and the pager
 * show, stepping back from a page that ran out of rows, and a refresh for a
 * row found gone. A screen adds its own columns, dialogs and actions; a
 * row's commands (delete among them) are `useRowCommands`'.
 */
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import type { Op, OpInput, OpOutput } from '../../shared/ipc.js';
import { useOp } from '../bridge.js';
import type { Sort } from './columns.js';
import { listView, shownTotal, type ListView } from './listState.js';
import { useLastPage, type Paging } from './usePaging.js';

/**
 * The operations that answer one page of rows for a page number and size,
 * with the total (or without, where a count operation counts the filter once:
 * `ListPageOptions.count`).
 */
export type PageOp = {
  [K in Op]: OpInput<K> extends { query?: { pageNum?: unknown; pageSize?: unknown } }
    ? OpOutput<K> extends { list: readonly unknown[] }
      ? K
      : never
    : never;
}[Op];

/** The operations that count a filter's rows, up to a cap (`capped` beyond). */
export type CountOp = {
  [K in Op]: OpOutput<K> extends { total: number; capped: boolean } ? K : never;
}[Op];

/** A page operation's filter body. */
export type PageBody<K extends PageOp> = OpInput<K> extends { body?: infer B } ? B : never;
/** One row of a page operation. */
export type PageRow<K extends PageOp> = OpOutput<K> extends { list: readonly (infer R)[] } ? R : never;

const NO_ROWS: readonly never[] = [];

/** What a domain's table component passes on to the kit's `DataTable` from its list page. */
export interface TableState<T> {
  rows: readonly T[];
  view: ListView;
  /** The next page is on its way. */
  busy: boolean;
  onRetry: () => void;
  /** The create action offered with "no data". */
  emptyAction?: ReactNode;
  /** The order asked of the upstream, where the list sorts there (`ListPageOptions.sort`). */
  sort?: Sort;
  onSortChange?: (sort: Sort | null) => void;
}

/**
 * A filter as a request body: the fields that filter something, texts
 * trimmed (an empty text, `undefined` or `null` asks for everything, so it is
 * not sent). `false` is a choice made ("disabled ones"), and is sent.
 */
export function filterBody<F extends object>(filter: F): Partial<F> {
  return Object.fromEntries(
    Object.entries(filter).flatMap(([k, v]: [string, unknown]) => {
      const value = typeof v === 'string' ? v.trim() : v;
      return value === undefined || value === null || value === '' ? [] : [[k, value]];
    }),
  ) as Partial<F>;
}

export interface ListPageOptions<K extends PageOp, F> {
  /** The filter before anyone types (and after Reset). */
  empty: F;
  /** The body asked for a filter (and the order, where `sort`); by default the filter's fields that filter something. */
  body?: (filter: F, sort: Sort) => PageBody<K>;
  /** The path's parameters of an operation that pages one record's rows (a group's members). */
  params?: OpInput<K> extends { params: infer P } ? P : never;
  pageSize?: number;
  /**
   * A list too long to count with every page (a year of orders): the count is this operation's, asked with the
   * same body once per filter, so paging never counts again.
   */
  count?: CountOp;
  /** A list the upstream sorts by a column's header: the order at first, and again when a sort is cleared. */
  sort?: Sort;
  /** A list whose rows change unasked (a fridge's readings): read again this often while shown, in ms. */
  refetchInterval?: number;
}

/** One field of a filter as typed, bound to a filter control: its value, and a change that keeps the other fields. */
export type DraftField<F> = <Key extends keyof F>(key: Key) => { value: F[Key]; onChange: (value: F[Key]) => void };

export function draftField<F>(draft: F, setDraft: Dispatch<SetStateAction<F>>): DraftField<F> {
  return (key) => ({ value: draft[key], onChange: (value) => setDraft((f) => ({ ...f, [key]: value })) });
}

export interface ListPageState<K extends PageOp, F> {
  /** The filter as typed. */
  draft: F;
  setDraft: Dispatch<SetStateAction<F>>;
  /** One field of the draft as a filter control takes it: `<TextFilter {...field('keyword')} …/>`. */
  field: DraftField<F>;
  /** The filter the rows are for. */
  filter: F;
  /** Nothing is filtered: an empty list then means there are no rows at all (a screen says where they come from). */
  unfiltered: boolean;
  /** Apply a filter, from the first page. */
  search: (filter: F) => void;
  /** Apply the filter as typed (the filter bar's Search). */
  apply: () => void;
  /** Clear what was typed and show everything. */
  reset: () => void;
  paging: Paging;
  setPaging: Dispatch<SetStateAction<Paging>>;
  list: ReturnType<typeof useOp<K>>;
  rows: readonly PageRow<K>[];
  view: ReturnType<typeof listView>;
  /** What the pager may count (none while loading or failed). */
  total: number | undefined;
  /** Ask for the page again (a row was found gone or changed by someone else). */
  refresh: () => Promise<void>;
  /** The `DataTable`'s part: the rows, what it shows, its busy bar and its retry. */
  table: TableState<PageRow<K>>;
  /** The `Pager`'s part. */
  pager: {
    pageNum: number;
    pageSize: number;
    total: number | undefined;
    /** The total is a floor: the list counts up to a cap. */
    capped: boolean;
    onChange: (pageNum: number, pageSize: number) => void;
  };
}

export function useListPage<K extends PageOp, F extends object>(
  op: K,
  { empty, body, params, pageSize = 20, count, sort: firstSort, refetchInterval }: ListPageOptions<K, F>,
): ListPageState<K, F> {
  const client = useQueryClient();
  const [draft, setDraft] = useState<F>(empty);
  const [filter, setFilter] = useState<F>(empty);
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize });
  const [sort, setSort] = useState<Sort | undefined>(firstSort);
  // Without a `sort` option the body never reads it.
  const asked = body ? body(filter, sort as Sort) : filterBody(filter);
  // The mapped types above cannot tell TypeScript that `{ query, body }` is this operation's input.
  const input = {
    ...(params === undefined ? {} : { params }),
    query: paging,
    body: asked,
  } as unknown as OpInput<K>;
  const list = useOp(op, input, {
    placeholderData: keepPreviousData,
    ...(refetchInterval ? { refetchInterval } : {}),
  });
  // Keyed by the filter alone: paging reuses it. Asked only where the list has a count operation.
  const counted = useOp((count ?? op) as CountOp, { body: asked } as OpInput<CountOp>, {
    placeholderData: keepPreviousData,
    enabled: count !== undefined,
  });
  const view = listView(list as Parameters<typeof listView>[0]);
  const total = count
    ? view === 'rows' || view === 'empty'
      ? counted.data?.total
      : undefined
    : shownTotal(list as Parameters<typeof shownTotal>[0]);
  useLastPage(paging, setPaging, total, !list.isPlaceholderData && !(count && counted.isPlaceholderData));
  // Search with the filter already shown reads the list again (what a user pressing it wants: a fridge's new
  // reading, another user's change): the same filter is the same query, which would otherwise answer from cache.
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: [op] }), [client, op]);
  const shown = JSON.stringify(filterBody(filter));
  const search = useCallback(
    (next: F) => {
      if (JSON.stringify(filterBody(next)) === shown) void refresh();
      setFilter(next);
      setPaging((p) => ({ ...p, pageNum: 1 }));
    },
    [refresh, shown],
  );
  const apply = () => search(draft);
  const reset = useCallback(() => {
    setDraft(empty);
    search(empty);
  }, [empty, search]);
  const rows = (list.data as { list?: readonly PageRow<K>[] } | undefined)?.list ?? NO_ROWS;
  const field = draftField(draft, setDraft);
  return {
    draft,
    setDraft,
    field,
    filter,
    unfiltered: Object.keys(filterBody(filter)).length === 0,
    search,
    apply,
    reset,
    paging,
    setPaging,
    list,
    rows,
    view,
    total,
    refresh,
    table: {
      rows,
      view,
      busy: view === 'rows' && list.isFetching,
      onRetry: () => {
        void list.refetch();
        if (count) void counted.refetch();
      },
      // A new order starts from the first page.
      ...(sort && firstSort
        ? {
            sort,
            onSortChange: (next: Sort | null) => {
              setSort(next ?? firstSort);
              setPaging((p) => ({ ...p, pageNum: 1 }));
            },
          }
        : {}),
    },
    pager: {
      ...paging,
      total,
      // A list counted up to a cap says "10 000+" (the operation log).
      capped: ((count ? counted.data : list.data) as { capped?: boolean } | undefined)?.capped === true,
      onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
    },
  };
}
