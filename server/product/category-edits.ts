/**
 * Categories (spec §2 classification, §5 category rules): a tree per tenant,
 * at most CATEGORY_DEPTH levels. Every lookup goes through the caller's
 * scope, so another tenant's category answers like a missing one (1104).
 * Creates, moves and deletes run with the tenant's tree locked, so two of
 * them cannot make a cycle or orphan a child between them; the composite keys
 * (server/product/schema.ts) guard the rest.
 */
import { and, eq, ilike, inArray } from 'drizzle-orm';
import { CATEGORY_DEPTH } from '../../shared/product/index.js';
import { CODE } from '../../shared/domains.js';
import type { Queryable } from '../db/index.js';
import { searchKey, searchPattern } from '../db/pinyin.js';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../db/sql.js';
import { BizError, uniqueAs } from '../http/errors.js';
import { numbered } from '../http/numbered.js';
import type { Scope } from '../scope.js';
import { owningTenant } from '../tenant/index.js';
import { productCategories as c, products } from './schema.js';
import {
  categoryItemInScope,
  categoryItems,
  categoryTenantInScope,
  descendantsOf,
  treeGroups,
  treeNodes,
  treeOrder,
  type TreeNode,
} from './categories.js';
import type { Api } from '../../shared/domains.js';
import type { HandlerInput } from '../http/handlers.js';
import type { Db } from '../db/index.js';
import type { AuthUser } from '../http/principal.js';

/**
 * Locks every category of the tenant, in id order: creates, moves and deletes
 * in one tree then happen one after another, and never deadlock (each takes
 * this one lock first).
 */
const lockTree = (tx: Queryable, tenantId: number): Promise<TreeNode[]> =>
  tx
    .select({ id: c.id, parentId: c.parentId, number: c.number, depth: c.depth, tenantId: c.tenantId })
    .from(c)
    .where(eq(c.tenantId, tenantId))
    .orderBy(c.id)
    .for('update');

/** The category's locked tree and its node in it; 1104 when it is missing or out of scope. */
async function lockTreeOf(tx: Queryable, scope: Scope, id: number): Promise<{ tree: TreeNode[]; node: TreeNode }> {
  const tree = await lockTree(tx, await categoryTenantInScope(tx, scope, id));
  const node = tree.find((n) => n.id === id);
  // Deleted while we waited for the lock.
  if (!node) throw new BizError(CODE.categoryNotFound);
  return { tree, node };
}

/** The parent a form names, in the tenant's locked tree: another tenant's in scope is 1108, one out of scope 1104. */
async function parentIn(tx: Queryable, scope: Scope, tree: readonly TreeNode[], parentId: number): Promise<TreeNode> {
  const node = tree.find((n) => n.id === parentId);
  if (node) return node;
  const [elsewhere] = await tx
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.id, parentId), scope.where(c.tenantId)));
  throw new BizError(elsewhere ? CODE.categoryParentInvalid : CODE.categoryNotFound);
}

/** A category's number is unique within its tenant's tree. */
const categoryNumbers = numbered({
  table: c,
  id: c.id,
  number: c.number,
  within: c.tenantId,
  taken: CODE.categoryNumberTaken,
});

export async function categoryPage(
  db: Db,
  user: AuthUser,
  scope: Scope,
  query: HandlerInput<Api['product.categoryPage']>['query'],
  body: HandlerInput<Api['product.categoryPage']>['body'],
) {
  if (body.tenantId !== undefined) await owningTenant(db, user, scope, body.tenantId);
  const where = and(scope.where(c.tenantId), body.tenantId !== undefined ? eq(c.tenantId, body.tenantId) : undefined);
  const nodes = await treeNodes(db, where);
  let order = treeOrder(nodes);
  if (body.keyword) {
    const pattern = searchPattern(body.keyword);
    const matching = await db
      .select({ id: c.id })
      .from(c)
      .where(and(where, ilike(c.search, pattern)));
    const hit = new Set(matching.map((m) => m.id));
    order = order.filter((id) => hit.has(id));
  }
  // Paged by whole trees: `pageSize` top-level categories with all their subcategories, `total` counting the trees.
  const groups = treeGroups(nodes, order);
  const start = (query.pageNum - 1) * query.pageSize;
  const list = await categoryItems(db, groups.slice(start, start + query.pageSize).flat());
  return { list, total: groups.length, pageNum: query.pageNum, pageSize: query.pageSize };
}

export async function categoryOptions(
  db: Db,
  user: AuthUser,
  scope: Scope,
  body: HandlerInput<Api['product.categoryOptions']>['body'],
) {
  // The caller's own tenant unless it names another in its scope; the admin, of no tenant, names one or gets none.
  const tenantId = body.tenantId !== undefined ? await owningTenant(db, user, scope, body.tenantId) : user.tenantId;
  if (tenantId === null) return [];
  const nodes = await treeNodes(db, eq(c.tenantId, tenantId));
  const rows = await db.select({ id: c.id, name: c.name }).from(c).where(eq(c.tenantId, tenantId));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return treeOrder(nodes).map((id) => {
    const n = byId.get(id)!;
    return { id, name: names.get(id)!, number: n.number, parentId: n.parentId, depth: n.depth, tenantId: n.tenantId };
  });
}

export async function categoryCreate(
  db: Db,
  user: AuthUser,
  scope: Scope,
  body: HandlerInput<Api['product.categoryCreate']>['body'],
) {
  const { tenantId: requested, parentId, ...form } = body;
  const tenantId = await owningTenant(db, user, scope, requested);
  const id = await uniqueAs(CODE.categoryNumberTaken, () =>
    db.transaction(async (tx) => {
      const tree = await lockTree(tx, tenantId);
      let depth = 0;
      if (parentId !== null) {
        depth = (await parentIn(tx, scope, tree, parentId)).depth + 1;
        if (depth >= CATEGORY_DEPTH) throw new BizError(CODE.categoryParentInvalid);
      }
      await categoryNumbers.check(tx, { within: tenantId, number: form.number });
      const [created] = await tx
        .insert(c)
        .values({ ...form, parentId, depth, tenantId, search: searchKey(form.name, form.number) })
        .returning({ id: c.id });
      return created!.id;
    }),
  );
  return categoryItemInScope(db, scope, id);
}

export async function categoryUpdate(
  db: Db,
  scope: Scope,
  id: number,
  body: HandlerInput<Api['product.categoryUpdate']>['body'],
) {
  await uniqueAs(CODE.categoryNumberTaken, () =>
    db.transaction(async (tx) => {
      const { tree, node } = await lockTreeOf(tx, scope, id);
      await categoryNumbers.check(tx, { within: node.tenantId, number: body.number, except: node.id });
      const values = { ...body, search: searchKey(body.name, body.number), updatedAt: new Date() };
      if (body.parentId === node.parentId) {
        await tx.update(c).set(values).where(eq(c.id, node.id));
        return;
      }
      // A move: not under itself or its own subtree, and its deepest descendant stays within the limit.
      const below = descendantsOf(tree, node.id);
      let depth = 0;
      if (body.parentId !== null) {
        if (body.parentId === node.id || below.has(body.parentId)) throw new BizError(CODE.categoryParentInvalid);
        depth = (await parentIn(tx, scope, tree, body.parentId)).depth + 1;
      }
      const shift = depth - node.depth;
      const deepest = Math.max(depth, ...tree.filter((n) => below.has(n.id)).map((n) => n.depth + shift));
      if (deepest >= CATEGORY_DEPTH) throw new BizError(CODE.categoryParentInvalid);
      await tx
        .update(c)
        .set({ ...values, depth })
        .where(eq(c.id, node.id));
      for (const n of tree.filter((t) => below.has(t.id))) {
        await tx
          .update(c)
          .set({ depth: n.depth + shift })
          .where(eq(c.id, n.id));
      }
    }),
  );
  return categoryItemInScope(db, scope, id);
}

export async function categoryDelete(db: Db, scope: Scope, id: number) {
  try {
    await db.transaction(async (tx) => {
      const { node } = await lockTreeOf(tx, scope, id);
      const [child] = await tx.select({ id: c.id }).from(c).where(eq(c.parentId, node.id)).limit(1);
      if (child) throw new BizError(CODE.categoryHasChildren);
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.categoryId, node.id))
        .limit(1);
      if (product) throw new BizError(CODE.categoryHasProducts);
      await tx.delete(c).where(inArray(c.id, [node.id]));
    });
  } catch (err) {
    // A product added in between is caught by the database's key (subcategories wait for the tree lock).
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw new BizError(CODE.categoryHasProducts);
    throw err;
  }
}
