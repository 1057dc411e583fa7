/**
 * A page's tab kept in its address (`?tab=`): a refresh, a new window or a
 * shared link opens the same tab; no tab, or one the page does not have, is
 * its first. Choosing a tab replaces the address rather than adding to the
 * history, so Back leaves the page instead of walking its tabs.
 */
import { useSearchParams } from 'react-router';

export function useTabParam<T extends string>(tabs: readonly [T, ...T[]]): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((x) => x === params.get('tab')) ?? tabs[0];
  const choose = (next: T) =>
    setParams(
      (p) => {
        p.set('tab', next);
        return p;
      },
      { replace: true },
    );
  return [tab, choose];
}
