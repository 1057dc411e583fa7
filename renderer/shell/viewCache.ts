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

/**
 * Shows `entry`: moves (or adds) it to the end and drops the oldest above
 * `max` — but never one `keep` names (a view holding unsaved input: dropping
 * it would unmount its form and lose what was typed without a word), so the
 * cache may then hold more than `max` until those are saved or closed.
 */
export function touchView<L>(
  cache: readonly CachedView<L>[],
  entry: CachedView<L>,
  max: number,
  keep: (path: string) => boolean = () => false,
): CachedView<L>[] {
  const list = [...cache.filter((c) => c.path !== entry.path), entry];
  let over = list.length - max;
  if (over <= 0) return list;
  // The oldest first; the view shown (the last) is never dropped.
  return list.filter((c, i) => {
    if (over <= 0 || i === list.length - 1 || keep(c.path)) return true;
    over--;
    return false;
  });
}

/** Drops the views of `paths`. */
export const dropViews = <L>(cache: readonly CachedView<L>[], paths: readonly string[]): CachedView<L>[] =>
  cache.filter((c) => !paths.includes(c.path));

/** Keeps only the views of `paths` (after closing tabs). */
export const keepViews = <L>(cache: readonly CachedView<L>[], paths: readonly string[]): CachedView<L>[] =>
  cache.filter((c) => paths.includes(c.path));
