/**
 * Markdown ladders (shared/fresh/markdown.ts `fresh.markdowns`,
 * `fresh.saveMarkdown`, `fresh.deleteMarkdown`), and the ladder a sale's
 * perishable products take: their category's, else their parent category's,
 * else the tenant's general one.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { MarkdownInput, MarkdownItem, MarkdownStep } from '../../shared/fresh/index.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import { productCategories, products } from '../product/index.js';
import type { Scope } from '../scope.js';
import { owningTenant } from '../tenant/index.js';
import { freshMarkdowns as m } from './schema.js';

const itemColumns = {
  id: m.id,
  tenantId: m.tenantId,
  categoryId: m.categoryId,
  categoryName: productCategories.name,
  steps: m.steps,
  updatedAt: m.updatedAt,
};
const toItem = (r: { updatedAt: Date } & Omit<MarkdownItem, 'updatedAt'>): MarkdownItem => ({
  ...r,
  // Nearest the expiry last, as the ladder reads.
  steps: [...r.steps].sort((a, b) => b.hoursLeft - a.hoursLeft),
  updatedAt: r.updatedAt.toISOString(),
});

export async function markdownList(db: Queryable, user: AuthUser, scope: Scope, tenantId: number | undefined) {
  const owner = await owningTenant(db, user, scope, tenantId);
  const rows = await db
    .select(itemColumns)
    .from(m)
    .leftJoin(productCategories, eq(productCategories.id, m.categoryId))
    .where(eq(m.tenantId, owner))
    .orderBy(sql`${m.categoryId} is not null`, asc(productCategories.name));
  return rows.map(toItem);
}

/** Sets the tenant's ladder of a category (or its general one): one row per tenant and category, the last save wins. */
export async function saveMarkdown(db: Queryable, user: AuthUser, scope: Scope, input: MarkdownInput) {
  const owner = await owningTenant(db, user, scope, input.tenantId);
  await checkCategory(db, owner, input.categoryId);
  const [saved] = await db
    .insert(m)
    .values({ tenantId: owner, categoryId: input.categoryId, steps: input.steps, updatedBy: user.id })
    .onConflictDoUpdate({
      target: [m.tenantId, m.categoryId],
      set: { steps: input.steps, updatedBy: user.id, updatedAt: sql`now()` },
    })
    .returning({ id: m.id });
  const [row] = await db
    .select(itemColumns)
    .from(m)
    .leftJoin(productCategories, eq(productCategories.id, m.categoryId))
    .where(eq(m.id, saved!.id));
  return toItem(row!);
}

/** A rule's category is the tenant's own (1104 otherwise, as for one that is gone); null: the general rule. */
export async function checkCategory(db: Queryable, tenantId: number, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const [category] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(and(eq(productCategories.id, categoryId), eq(productCategories.tenantId, tenantId)));
  if (!category) throw new BizError(CODE.categoryNotFound);
}

export async function deleteMarkdown(db: Queryable, scope: Scope, id: number) {
  const [gone] = await db
    .delete(m)
    .where(and(eq(m.id, id), scope.where(m.tenantId)))
    .returning({ id: m.id });
  if (!gone) throw new BizError(CODE.markdownNotFound);
  return null;
}

/** The ladder each of `productIds` takes at `tenantId`'s machines (absent: none). */
export async function laddersOf(
  db: Queryable,
  tenantId: number,
  productIds: readonly number[],
): Promise<ReadonlyMap<number, readonly MarkdownStep[]>> {
  const ladders = await db.select({ categoryId: m.categoryId, steps: m.steps }).from(m).where(eq(m.tenantId, tenantId));
  return resolveLadders(db, ladders, productIds);
}

/** Each product's ladder of those given (the tenant's now, or a push's as they were): its category's, its parent's, the general one. */
export async function resolveLadders(
  db: Queryable,
  ladders: readonly { categoryId: number | null; steps: readonly MarkdownStep[] }[],
  productIds: readonly number[],
): Promise<ReadonlyMap<number, readonly MarkdownStep[]>> {
  if (!ladders.length || !productIds.length) return new Map();
  const byCategory = new Map(ladders.map((l) => [l.categoryId, l.steps]));
  const rows = await db
    .select({ id: products.id, categoryId: products.categoryId, parentId: productCategories.parentId })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(inArray(products.id, [...productIds]));
  const out = new Map<number, readonly MarkdownStep[]>();
  for (const r of rows) {
    const steps =
      byCategory.get(r.categoryId) ??
      (r.parentId !== null ? byCategory.get(r.parentId) : undefined) ??
      byCategory.get(null);
    if (steps) out.set(r.id, steps);
  }
  return out;
}
