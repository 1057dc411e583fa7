/**
 * One page of a list, as every page operation answers it (`page(item)` in
 * shared/api/define.ts): the rows of the page asked for, and the count of the
 * whole filter. The query is given unpaged; the page's limit and offset are
 * put on here, so no handler works them out again.
 */
import type { PageQuery } from '../../shared/api/define.js';

interface Pageable<R> {
  limit(limit: number): { offset(offset: number): PromiseLike<R[]> };
}

export async function paged<R, T>(
  query: PageQuery,
  rows: Pageable<R>,
  counted: PromiseLike<readonly { total: number }[]>,
  toItem: (row: R) => T,
) {
  const page = await rows.limit(query.pageSize).offset((query.pageNum - 1) * query.pageSize);
  return answer(query, page, await counted, toItem);
}

/** The page as the API answers it. */
const answer = <R, T>(query: PageQuery, page: R[], counted: readonly { total: number }[], toItem: (row: R) => T) => ({
  list: page.map(toItem),
  total: counted[0]?.total ?? 0,
  pageNum: query.pageNum,
  pageSize: query.pageSize,
});

interface Executable<R> {
  execute(values: Record<string, unknown>): PromiseLike<R[]>;
}

/**
 * `paged` for statements prepared once (server/db/prepared.ts `builtOnce`): the rows' statement takes
 * `limit` and `offset` placeholders, and both run with `values` and the page's.
 */
export async function pagedPrepared<R, T>(
  query: PageQuery,
  rows: Executable<R>,
  counted: Executable<{ total: number }>,
  values: Record<string, unknown>,
  toItem: (row: R) => T,
) {
  const all = { ...values, limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize };
  const page = await rows.execute(all);
  return answer(query, page, await counted.execute(all), toItem);
}
