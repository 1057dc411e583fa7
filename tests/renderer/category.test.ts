/** The category dialog's parent picker offers only parents the server would accept (renderer/product/categorySchema.ts). */
import { describe, expect, it } from 'vitest';
import type { CategoryOption } from '../../shared/product/index.js';
import { parentChoices } from '../../renderer/product/categorySchema.js';

const o = (id: number, parentId: number | null, depth: number): CategoryOption => ({
  id,
  parentId,
  depth,
  name: `c${id}`,
  number: `N${id}`,
  tenantId: 1,
});
// 1 › 2 › 3, 4 (top, no children), 5 › 6
const tree = [o(1, null, 0), o(2, 1, 1), o(3, 2, 2), o(4, null, 0), o(5, null, 0), o(6, 5, 1)];
const ids = (list: CategoryOption[]) => list.map((c) => c.id);

describe('parentChoices', () => {
  it('offers every category above the last level for a new one', () => {
    expect(ids(parentChoices(tree))).toEqual([1, 2, 4, 5, 6]);
  });

  it('leaves out the category itself, its subtree, and parents its subtree would pass the last level under', () => {
    // 5 has one level below it: it may go under a top-level category only, never under itself or 6.
    expect(ids(parentChoices(tree, { id: 5, depth: 0 }))).toEqual([1, 4]);
    // 1 carries two levels below it: nowhere but the top.
    expect(ids(parentChoices(tree, { id: 1, depth: 0 }))).toEqual([]);
    // A leaf may go under anything above the last level but itself.
    expect(ids(parentChoices(tree, { id: 3, depth: 2 }))).toEqual([1, 2, 4, 5, 6]);
  });
});
