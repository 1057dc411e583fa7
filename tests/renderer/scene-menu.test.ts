/** The menu tree editor's operations (renderer/scene/menu.ts): the flat list stays parents-first in sibling order. */
import { describe, expect, it } from 'vitest';
import {
  addNode,
  canAddChild,
  depthOf,
  dropOn,
  missingDevices,
  moveNode,
  removeNode,
  type EditNode,
} from '../../renderer/scene/menu.js';

const n = (key: string, parentKey: string | null, deviceIds: number[] = [1]): EditNode => ({
  key,
  parentKey,
  name: key,
  image: null,
  type: 'required',
  match: 'single',
  failure: 'skip',
  deviceIds,
});
const keys = (nodes: readonly EditNode[]) => nodes.map((x) => x.key);
const tree = [n('a', null), n('a1', 'a'), n('a2', 'a'), n('b', null, [2]), n('b1', 'b', [2])];

describe('menu tree', () => {
  it("adds a child after its parent's last descendant, and knows depths", () => {
    expect(keys(addNode(tree, n('a3', 'a')))).toEqual(['a', 'a1', 'a2', 'a3', 'b', 'b1']);
    expect(keys(addNode(tree, n('c', null)))).toEqual(['a', 'a1', 'a2', 'b', 'b1', 'c']);
    const deep = addNode(addNode(tree, n('a11', 'a1')), n('a111', 'a11'));
    expect([depthOf(deep, 'a'), depthOf(deep, 'a1'), depthOf(deep, 'a11')]).toEqual([1, 2, 3]);
    expect([canAddChild(deep, 'a1'), canAddChild(deep, 'a11')]).toEqual([true, false]);
  });

  it('removes a node with everything under it', () => {
    expect(keys(removeNode(addNode(tree, n('a11', 'a1')), 'a'))).toEqual(['b', 'b1']);
  });

  it('moves a node among its siblings with its children, and drops only onto a sibling', () => {
    expect(keys(moveNode(tree, 'b', 0))).toEqual(['b', 'b1', 'a', 'a1', 'a2']);
    expect(keys(moveNode(tree, 'a1', 5))).toEqual(['a', 'a2', 'a1', 'b', 'b1']);
    expect(keys(dropOn(tree, 'a2', 'a1'))).toEqual(['a', 'a2', 'a1', 'b', 'b1']);
    expect(keys(dropOn(tree, 'a1', 'b1'))).toEqual(keys(tree));
  });

  it('names the scene devices no node serves yet', () => {
    const devices = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(missingDevices(tree, devices)).toEqual([{ id: 3 }]);
  });
});
