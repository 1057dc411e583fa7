/**
 * Ingredients (spec §2 ingredient): a tenant's list, numbers unique within
 * the tenant. Every lookup goes through the caller's scope: another tenant's
 * ingredient answers like a missing one (2801).
 */
import { and, asc, count, eq, ilike } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { IngredientItem } from '../../shared/product/index.js';
import type { Queryable } from '../db/index.js';
import { searchKey, searchPattern } from '../db/pinyin.js';
import { BizError } from '../http/errors.js';
import { numbered } from '../http/numbered.js';
import type { Scope } from '../scope.js';
import { owningTenant } from '../tenant/index.js';
import { ingredients, productRecipeItems } from './schema.js';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../db/sql.js';
import { paged } from '../http/paged.js';
import { tenants } from '../identity/schema.js';
import type { Api } from '../../shared/domains.js';
import type { HandlerInput } from '../http/handlers.js';
import type { Db } from '../db/index.js';
import type { AuthUser } from '../http/principal.js';

const selectIngredients = (db: Queryable) =>
  db
    .select({
      id: ingredients.id,
      number: ingredients.number,
      name: ingredients.name,
      type: ingredients.type,
      unit: ingredients.unit,
      tenantId: ingredients.tenantId,
      tenantName: tenants.name,
      createdAt: ingredients.createdAt,
    })
    .from(ingredients)
    .innerJoin(tenants, eq(tenants.id, ingredients.tenantId));

type Row = Awaited<ReturnType<typeof selectIngredients>>[number];
const toItem = (row: Row): IngredientItem => ({ ...row, createdAt: row.createdAt.toISOString() });

async function itemInScope(db: Queryable, scope: Scope, id: number): Promise<IngredientItem> {
  const [row] = await selectIngredients(db).where(and(eq(ingredients.id, id), scope.where(ingredients.tenantId)));
  if (!row) throw new BizError(CODE.ingredientNotFound);
  return toItem(row);
}

const numbers = numbered({
  table: ingredients,
  id: ingredients.id,
  number: ingredients.number,
  within: ingredients.tenantId,
  taken: CODE.ingredientNumberTaken,
});

export async function ingredientPage(
  db: Db,
  user: AuthUser,
  scope: Scope,
  query: HandlerInput<Api['product.ingredientPage']>['query'],
  body: HandlerInput<Api['product.ingredientPage']>['body'],
) {
  if (body.tenantId !== undefined) await owningTenant(db, user, scope, body.tenantId);
  const where = and(
    scope.where(ingredients.tenantId),
    body.tenantId !== undefined ? eq(ingredients.tenantId, body.tenantId) : undefined,
    body.type ? eq(ingredients.type, body.type) : undefined,
    body.keyword ? ilike(ingredients.search, searchPattern(body.keyword)) : undefined,
  );
  return paged(
    query,
    selectIngredients(db).where(where).orderBy(asc(ingredients.tenantId), asc(ingredients.number)),
    db.select({ total: count() }).from(ingredients).where(where),
    toItem,
  );
}

export async function ingredientCreate(
  db: Db,
  user: AuthUser,
  scope: Scope,
  body: HandlerInput<Api['product.ingredientCreate']>['body'],
) {
  const { tenantId: requested, ...form } = body;
  const tenantId = await owningTenant(db, user, scope, requested);
  const id = await numbers.write(db, { within: tenantId, number: form.number }, async () => {
    const [created] = await db
      .insert(ingredients)
      .values({ ...form, tenantId, search: searchKey(form.name, form.number) })
      .returning({ id: ingredients.id });
    return created!.id;
  });
  return itemInScope(db, scope, id);
}

export async function ingredientUpdate(
  db: Db,
  scope: Scope,
  id: number,
  body: HandlerInput<Api['product.ingredientUpdate']>['body'],
) {
  const current = await itemInScope(db, scope, id);
  await numbers.write(db, { within: current.tenantId, number: body.number, except: current.id }, async () => {
    await db
      .update(ingredients)
      .set({ ...body, search: searchKey(body.name, body.number), updatedAt: new Date() })
      .where(eq(ingredients.id, current.id));
  });
  return itemInScope(db, scope, id);
}

export async function ingredientDelete(db: Db, scope: Scope, id: number) {
  const current = await itemInScope(db, scope, id);
  const [used] = await db
    .select({ productId: productRecipeItems.productId })
    .from(productRecipeItems)
    .where(eq(productRecipeItems.ingredientId, current.id))
    .limit(1);
  if (used) throw new BizError(CODE.ingredientInUse);
  try {
    await db.delete(ingredients).where(eq(ingredients.id, current.id));
  } catch (err) {
    // A recipe that took it up meanwhile holds it by its key.
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw new BizError(CODE.ingredientInUse);
    throw err;
  }
}
