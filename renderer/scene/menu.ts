/**
 * The menu tree as the editor holds it: the API's flat list, parents before
 * children, siblings in display order (shared/scene/api.ts). Every change
 * returns a new list in that order, so what is saved is always well formed.
 */
import { SCENE_LIMITS, type MenuNode } from '../../shared/scene/index.js';

export type EditNode = MenuNode;

export const childrenOf = (nodes: readonly EditNode[], parentKey: string | null) =>
  nodes.filter((n) => n.parentKey === parentKey);

/** 1 for a top-level node. */
export function depthOf(nodes: readonly EditNode[], key: string): number {
  let depth = 0;
  for (let node = nodes.find((n) => n.key === key); node; node = nodes.find((n) => n.key === node!.parentKey)) depth++;
  return depth;
}

/** Parents first, siblings in their current order (a depth-first walk). */
function ordered(nodes: readonly EditNode[]): EditNode[] {
  const out: EditNode[] = [];
  const walk = (parentKey: string | null) => {
    for (const n of childrenOf(nodes, parentKey)) {
      out.push(n);
      walk(n.key);
    }
  };
  walk(null);
  return out;
}

export const canAddChild = (nodes: readonly EditNode[], key: string) =>
  depthOf(nodes, key) < SCENE_LIMITS.depth && nodes.length < SCENE_LIMITS.nodes;

export function addNode(nodes: readonly EditNode[], node: EditNode): EditNode[] {
  return ordered([...nodes, node]);
}

/** The node and everything under it. */
export function removeNode(nodes: readonly EditNode[], key: string): EditNode[] {
  const gone = new Set([key]);
  for (const n of ordered(nodes)) if (n.parentKey !== null && gone.has(n.parentKey)) gone.add(n.key);
  return nodes.filter((n) => !gone.has(n.key));
}

export function updateNode(nodes: readonly EditNode[], key: string, patch: Partial<EditNode>): EditNode[] {
  return nodes.map((n) => (n.key === key ? { ...n, ...patch } : n));
}

/** Moves a node among its siblings to `index` (clamped), children travelling with it. */
export function moveNode(nodes: readonly EditNode[], key: string, index: number): EditNode[] {
  const node = nodes.find((n) => n.key === key);
  if (!node) return [...nodes];
  const siblings = childrenOf(nodes, node.parentKey).filter((n) => n.key !== key);
  siblings.splice(Math.max(0, Math.min(index, siblings.length)), 0, node);
  const others = nodes.filter((n) => n.parentKey !== node.parentKey);
  return ordered([...siblings, ...others]);
}

/** Moves `key` to where `target` is, among the same parent's children (a drop); another parent's node is no target. */
export function dropOn(nodes: readonly EditNode[], key: string, target: string): EditNode[] {
  const node = nodes.find((n) => n.key === key);
  const over = nodes.find((n) => n.key === target);
  if (!node || !over || node.parentKey !== over.parentKey || key === target) return [...nodes];
  return moveNode(
    nodes,
    key,
    childrenOf(nodes, node.parentKey).findIndex((n) => n.key === target),
  );
}

/** The scene's devices no node serves yet (spec §5: the menu must include every scene device). */
export const missingDevices = <D extends { id: number }>(nodes: readonly EditNode[], devices: readonly D[]): D[] => {
  const used = new Set(nodes.flatMap((n) => n.deviceIds));
  return devices.filter((d) => !used.has(d.id));
};
