/**
 * Views kept alive (spec §2 "Main area caches views by route name and keys
 * them by path"), as pure list operations: the most recent last, at most
 * `max`; a `noCache` route is never kept; refresh and close drop a view.
 */
export interface CachedView<L> {
  /** The key: the route path. */
  path: string;
  /** The route name (what keep-alive caches by). */
  name: string;
  /** The address the view last showed (its frozen location while hidden). */
  location: L;
}

/** Shows `entry`: moves (or adds) it to the end and drops the oldest above `max`. */
export function touchView<L>(cache: readonly CachedView<L>[], entry: CachedView<L>, max: number): CachedView<L>[] {
  const list = [...cache.filter((c) => c.path !== entry.path), entry];
  return list.length > max ? list.slice(list.length - max) : list;
}

/** Drops the views of `paths`. */
export const dropViews = <L>(cache: readonly CachedView<L>[], paths: readonly string[]): CachedView<L>[] =>
  cache.filter((c) => !paths.includes(c.path));

/** Keeps only the views of `paths` (after closing tabs). */
export const keepViews = <L>(cache: readonly CachedView<L>[], paths: readonly string[]): CachedView<L>[] =>
  cache.filter((c) => paths.includes(c.path));
