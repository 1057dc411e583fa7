/**
 * Reading categories as the API shows them, in tree order, and the tree
 * arithmetic the handlers need (depth, subtree, cycles). A tenant's tree is
 * small (tens to hundreds of rows), so the order is worked out in memory from
 * (id, parent, number) of the whole scope, then only the page's rows are read
 * in full — one indexed read each, no recursive SQL.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CODE } from '../../shared/domains.js';
import type { CategoryItem } from '../../shared/product/index.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { productCategories as c, products } from './schema.js';
import { tenants } from '../identity/schema.js';

const parent = alias(c, 'parent');

const categoryColumns = {
  id: c.id,
  name: c.name,
  number: c.number,
  description: c.description,
  remark: c.remark,
  parentId: c.parentId,
  parentName: parent.name,
  depth: c.depth,
  childCount: sql<number>`(select count(*) from ${c} as child where child.parent_id = ${c.id})`.mapWith(Number),
  productCount: sql<number>`(select count(*) from ${products} where ${products.categoryId} = ${c.id})`.mapWith(Number),
  tenantId: c.tenantId,
  tenantName: tenants.name,
  createdAt: c.createdAt,
};

const selectCategories = (db: Queryable) =>
  db
    .select(categoryColumns)
    .from(c)
    .innerJoin(tenants, eq(tenants.id, c.tenantId))
    .leftJoin(parent, eq(parent.id, c.parentId));

type CategoryRow = Awaited<ReturnType<typeof selectCategories>>[number];
const toItem = (row: CategoryRow): CategoryItem => ({ ...row, createdAt: row.createdAt.toISOString() });

export interface TreeNode {
  id: number;
  parentId: number | null;
  number: string;
  depth: number;
  tenantId: number;
}

/** (id, parent, number, depth) of every category the condition selects. */
export const treeNodes = (db: Queryable, where: SQL | undefined): Promise<TreeNode[]> =>
  db
    .select({ id: c.id, parentId: c.parentId, number: c.number, depth: c.depth, tenantId: c.tenantId })
    .from(c)
    .where(where);

/**
 * `order` (tree order) cut into whole trees: a category starts a new group
 * unless its parent is in the group before it. A page of the category list
 * is a number of these groups, so a parent's children are never on the next
 * page (a tree is not paged by rows). A filtered list whose match
 * lacks its parent starts a group of its own.
 */
export function treeGroups(nodes: readonly TreeNode[], order: readonly number[]): number[][] {
  const parentOf = new Map(nodes.map((n) => [n.id, n.parentId]));
  const groups: number[][] = [];
  let members = new Set<number>();
  for (const id of order) {
    const parent = parentOf.get(id) ?? null;
    if (parent !== null && members.has(parent)) groups.at(-1)!.push(id);
    else {
      groups.push([id]);
      members = new Set();
    }
    members.add(id);
  }
  return groups;
}

/** Ids in tree order: each category after its parent, siblings by number; a parent outside the set does not hide its children. */
export function treeOrder(nodes: readonly TreeNode[]): number[] {
  const present = new Set(nodes.map((n) => n.id));
  const children = new Map<number | null, TreeNode[]>();
  for (const n of nodes) {
    const key = n.parentId !== null && present.has(n.parentId) ? n.parentId : null;
    children.set(key, [...(children.get(key) ?? []), n]);
  }
  const bySibling = (a: TreeNode, b: TreeNode) =>
    a.tenantId - b.tenantId || a.number.localeCompare(b.number) || a.id - b.id;
  const out: number[] = [];
  const visit = (key: number | null) => {
    for (const n of (children.get(key) ?? []).sort(bySibling)) {
      out.push(n.id);
      visit(n.id);
    }
  };
  visit(null);
  return out;
}

/** The ids below `id` (not itself). */
export function descendantsOf(nodes: readonly TreeNode[], id: number): Set<number> {
  const below = new Set<number>();
  let frontier = [id];
  while (frontier.length) {
    const next = nodes
      .filter((n) => n.parentId !== null && frontier.includes(n.parentId) && !below.has(n.id))
      .map((n) => n.id);
    next.forEach((n) => below.add(n));
    frontier = next;
  }
  return below;
}

/** Full items for these ids, in the order given. */
export async function categoryItems(db: Queryable, ids: readonly number[]): Promise<CategoryItem[]> {
  if (!ids.length) return [];
  const rows = await selectCategories(db).where(inArray(c.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, toItem(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The category as an item, or 1104 when it does not exist or lies outside the scope (the same answer). */
export async function categoryItemInScope(db: Queryable, scope: Scope, id: number): Promise<CategoryItem> {
  const [row] = await selectCategories(db).where(and(eq(c.id, id), scope.where(c.tenantId)));
  if (!row) throw new BizError(CODE.categoryNotFound);
  return toItem(row);
}

/** The tenant of a category within the scope; 1104 when it does not exist or lies outside it (the same answer). */
export async function categoryTenantInScope(db: Queryable, scope: Scope, id: number): Promise<number> {
  const [row] = await db
    .select({ tenantId: c.tenantId })
    .from(c)
    .where(and(eq(c.id, id), scope.where(c.tenantId)));
  if (!row) throw new BizError(CODE.categoryNotFound);
  return row.tenantId;
}
