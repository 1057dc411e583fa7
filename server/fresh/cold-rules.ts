/**
 * Temperature rules (shared/fresh/cold.ts `fresh.coldRules`,
 * `fresh.saveColdRule`, `fresh.deleteColdRule`): a tenant's range for every
 * perishable product and per category, as its markdown ladders are kept
 * (markdowns.ts) — one per tenant and category, the last save wins.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { fromTenths, toTenths, type ColdRuleInput, type ColdRuleItem } from '../../shared/fresh/cold.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import { productCategories } from '../product/index.js';
import type { Scope } from '../scope.js';
import { owningTenant } from '../tenant/index.js';
import { checkCategory } from './markdowns.js';
import { freshColdRules as r } from './schema.js';

const itemColumns = {
  id: r.id,
  tenantId: r.tenantId,
  categoryId: r.categoryId,
  categoryName: productCategories.name,
  low: r.low,
  high: r.high,
  minutes: r.minutes,
  updatedAt: r.updatedAt,
};

const selectRules = (db: Queryable) =>
  db.select(itemColumns).from(r).leftJoin(productCategories, eq(productCategories.id, r.categoryId));

const toItem = (row: Awaited<ReturnType<typeof selectRules>>[number]): ColdRuleItem => ({
  ...row,
  low: fromTenths(row.low),
  high: fromTenths(row.high),
  updatedAt: row.updatedAt.toISOString(),
});

export async function coldRuleList(db: Queryable, user: AuthUser, scope: Scope, tenantId: number | undefined) {
  const owner = await owningTenant(db, user, scope, tenantId);
  const rows = await selectRules(db)
    .where(eq(r.tenantId, owner))
    .orderBy(sql`${r.categoryId} is not null`, asc(productCategories.name));
  return rows.map(toItem);
}

export async function saveColdRule(db: Queryable, user: AuthUser, scope: Scope, input: ColdRuleInput) {
  const owner = await owningTenant(db, user, scope, input.tenantId);
  await checkCategory(db, owner, input.categoryId);
  const range = { low: toTenths(input.low), high: toTenths(input.high), minutes: input.minutes };
  const [saved] = await db
    .insert(r)
    .values({ tenantId: owner, categoryId: input.categoryId, ...range, updatedBy: user.id })
    .onConflictDoUpdate({
      target: [r.tenantId, r.categoryId],
      set: { ...range, updatedBy: user.id, updatedAt: sql`now()` },
    })
    .returning({ id: r.id });
  const [row] = await selectRules(db).where(eq(r.id, saved!.id));
  return toItem(row!);
}

export async function deleteColdRule(db: Queryable, scope: Scope, id: number) {
  const [gone] = await db
    .delete(r)
    .where(and(eq(r.id, id), scope.where(r.tenantId)))
    .returning({ id: r.id });
  if (!gone) throw new BizError(CODE.coldRuleNotFound);
  return null;
}
