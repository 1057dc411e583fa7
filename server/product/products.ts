/**
 * Reading and checking products of both libraries within the caller's scope:
 * the item shapes the API shows (`productItem`, `newProductItem`), the page of
 * a library, the checks a save makes, and the state change of a selection.
 */
import { and, arrayContains, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import {
  changedPrice,
  validPrice,
  type NewProductItem,
  type PriceMode,
  type PriceChangeResult,
  type ProductItem,
  type ProductSort,
  type RecipeItem,
} from '../../shared/product/index.js';
import type { Queryable } from '../db/index.js';
import { searchPattern } from '../db/pinyin.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { numbered } from '../http/numbered.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { unheldFiles } from '../file/index.js';
import { owningTenant } from '../tenant/index.js';
import { categoryTenantInScope, descendantsOf, treeNodes } from './categories.js';
import {
  ingredients,
  productCategories,
  productImages,
  productRecipeItems as ri,
  productRecipes as r,
  products,
} from './schema.js';
import { tenants } from '../identity/schema.js';

export type Library = 'old' | 'new';

const productColumns = {
  id: products.id,
  number: products.number,
  name: products.name,
  brief: products.brief,
  categoryId: products.categoryId,
  categoryName: productCategories.name,
  model: products.model,
  price: products.price,
  tags: products.tags,
  perishable: products.perishable,
  shelfLifeDays: products.shelfLifeDays,
  cost: products.cost,
  onSale: products.onSale,
  enabled: products.enabled,
  tenantId: products.tenantId,
  tenantName: tenants.name,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  // In their order: the first is the main image.
  images: sql<
    string[]
  >`coalesce((select array_agg(${productImages.fileId} order by ${productImages.position}) from ${productImages} where ${productImages.productId} = ${products.id}), '{}')`,
};
const newColumns = {
  ...productColumns,
  englishName: products.englishName,
  englishBrief: products.englishBrief,
  description: products.description,
  englishDescription: products.englishDescription,
  startDate: products.startDate,
  endDate: products.endDate,
  attributes: products.attributes,
  // The recipe with its ingredients in order, as one JSON value: one query for the page, not one per row.
  recipe: sql<RecipeItem | null>`(select json_build_object('number', ${r.number}, 'name', ${r.name}, 'items', coalesce((
      select json_agg(json_build_object('ingredientId', ${ri.ingredientId}, 'ingredientName', ${ingredients.name}, 'unit', ${ingredients.unit}, 'quantity', ${ri.quantity}) order by ${ri.position})
      from ${ri} join ${ingredients} on ${ingredients.id} = ${ri.ingredientId} where ${ri.productId} = ${r.productId}), '[]'::json))
    from ${r} where ${r.productId} = ${products.id})`,
};

/** `select … from products join categories, tenants`; add where/order/limit. */
export const selectProducts = (db: Queryable) =>
  db
    .select(productColumns)
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .innerJoin(tenants, eq(tenants.id, products.tenantId));
const selectNewProducts = (db: Queryable) =>
  db
    .select(newColumns)
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .innerJoin(tenants, eq(tenants.id, products.tenantId));

const times = <R extends { createdAt: Date; updatedAt: Date }>(row: R) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
export const toProductItem = (row: Awaited<ReturnType<typeof selectProducts>>[number]): ProductItem => times(row);
const toNewItem = (row: Awaited<ReturnType<typeof selectNewProducts>>[number]): NewProductItem => times(row);

const inLibrary = (scope: Scope, library: Library, id: number) =>
  and(eq(products.id, id), eq(products.library, library), scope.where(products.tenantId));

/** The product as an item, or 1101 when it does not exist, lies outside the scope or belongs to the other library (the same answer). */
export async function productItemInScope(db: Queryable, scope: Scope, id: number): Promise<ProductItem> {
  const [row] = await selectProducts(db).where(inLibrary(scope, 'old', id));
  if (!row) throw new BizError(CODE.productNotFound);
  return toProductItem(row);
}

export async function newItemInScope(db: Queryable, scope: Scope, id: number): Promise<NewProductItem> {
  const [row] = await selectNewProducts(db).where(inLibrary(scope, 'new', id));
  if (!row) throw new BizError(CODE.productNotFound);
  return toNewItem(row);
}

/** Replaces a product's images with these, in this order. */
export async function setImages(tx: Queryable, productId: number, fileIds: readonly string[]): Promise<void> {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  await tx.insert(productImages).values(fileIds.map((fileId, position) => ({ productId, fileId, position })));
}

/** The category of a form: in scope (else 1104) and of the product's tenant (else 1111). */
export async function checkCategory(db: Queryable, scope: Scope, categoryId: number, tenantId: number): Promise<void> {
  if ((await categoryTenantInScope(db, scope, categoryId)) !== tenantId)
    throw new BizError(CODE.productCategoryInvalid);
}

/** 2204 unless the scope holds every one of these files. */
export async function checkImages(db: Queryable, scope: Scope, images: readonly string[]): Promise<void> {
  if ((await unheldFiles(db, scope, images)).length) throw new BizError(CODE.fileNotFound);
}

/** The product locked for an edit: its tenant, category and main image; 1101 when it is not in the library and scope. */
export async function lockProduct(tx: Queryable, scope: Scope, library: Library, id: number) {
  const [product] = await tx
    .select({
      id: products.id,
      tenantId: products.tenantId,
      categoryId: products.categoryId,
      englishName: products.englishName,
      englishBrief: products.englishBrief,
      englishDescription: products.englishDescription,
    })
    .from(products)
    .where(inLibrary(scope, library, id))
    .for('update');
  if (!product) throw new BizError(CODE.productNotFound);
  return product;
}

/** 1103 when the tenant has another product with this number. */
/** A product's number is unique within its tenant, across both libraries. */
export const productNumbers = numbered({
  table: products,
  id: products.id,
  number: products.number,
  within: products.tenantId,
  taken: CODE.productNumberTaken,
});

const SORT_COLUMNS = {
  number: products.number,
  name: products.name,
  price: products.price,
  createdAt: products.createdAt,
} as const satisfies Record<ProductSort, unknown>;

export interface ProductFilter {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  onSale?: boolean | undefined;
  enabled?: boolean | undefined;
  tag?: string | undefined;
  model?: string | undefined;
  tenantId?: number | undefined;
  sort: ProductSort;
  desc: boolean;
}

/** The category and every category under it, in scope; 1104 when the category is not. */
async function categoryAndBelow(db: Queryable, scope: Scope, categoryId: number): Promise<number[]> {
  const tree = await treeNodes(db, eq(productCategories.tenantId, await categoryTenantInScope(db, scope, categoryId)));
  return [categoryId, ...descendantsOf(tree, categoryId)];
}

/** One page of a library: the filter as a condition, the rows through the library's item shape. */
export async function libraryPage<T>(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  library: Library,
  paging: { pageNum: number; pageSize: number },
  body: ProductFilter,
  read: (where: SQL | undefined, order: SQL[], limit: number, offset: number) => Promise<T[]>,
) {
  if (body.tenantId !== undefined) await owningTenant(db, user, scope, body.tenantId);
  const categories = body.categoryId !== undefined ? await categoryAndBelow(db, scope, body.categoryId) : undefined;
  const where = and(
    scope.where(products.tenantId),
    eq(products.library, library),
    body.tenantId !== undefined ? eq(products.tenantId, body.tenantId) : undefined,
    categories ? inArray(products.categoryId, categories) : undefined,
    body.keyword ? ilike(products.search, searchPattern(body.keyword)) : undefined,
    body.onSale !== undefined ? eq(products.onSale, body.onSale) : undefined,
    body.enabled !== undefined ? eq(products.enabled, body.enabled) : undefined,
    body.tag ? arrayContains(products.tags, [body.tag]) : undefined,
    body.model ? ilike(products.model, searchPattern(body.model)) : undefined,
  );
  const order = [body.desc ? desc(SORT_COLUMNS[body.sort]) : asc(SORT_COLUMNS[body.sort]), desc(products.id)];
  const list = await read(where, order, paging.pageSize, (paging.pageNum - 1) * paging.pageSize);
  const [counted] = await db.select({ total: count() }).from(products).where(where);
  return { list, total: counted?.total ?? 0, pageNum: paging.pageNum, pageSize: paging.pageSize };
}

export const oldRows = (db: Queryable) => async (where: SQL | undefined, order: SQL[], limit: number, offset: number) =>
  (
    await selectProducts(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
  ).map(toProductItem);
export const newRows = (db: Queryable) => async (where: SQL | undefined, order: SQL[], limit: number, offset: number) =>
  (
    await selectNewProducts(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
  ).map(toNewItem);

/** Puts a selection of one library on or off sale, enables or disables it, all or none. */
export async function changeState(
  db: Queryable,
  scope: Scope,
  library: Library,
  body: { ids: number[]; onSale?: boolean | undefined; enabled?: boolean | undefined },
) {
  return db.transaction(async (tx) => {
    const unique = [...new Set(body.ids)];
    const rows = await tx
      .select({ id: products.id, enabled: products.enabled })
      .from(products)
      .where(and(inArray(products.id, unique), eq(products.library, library), scope.where(products.tenantId)))
      .orderBy(products.id)
      .for('update');
    if (rows.length !== unique.length) throw new BizError(CODE.productNotFound);
    // Disabling takes a product off sale; a product disabled after this change cannot go on sale.
    const enabledAfter = (r: { enabled: boolean }) => body.enabled ?? r.enabled;
    if (body.onSale === true && rows.some((r) => !enabledAfter(r))) throw new BizError(CODE.productDisabled);
    const onSale = body.enabled === false ? false : body.onSale;
    await tx
      .update(products)
      .set({
        ...(onSale !== undefined ? { onSale } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        updatedAt: new Date(),
      })
      .where(
        inArray(
          products.id,
          rows.map((r) => r.id),
        ),
      );
    return { changed: rows.length };
  });
}

/**
 * A price change over a selection of one library: the rows locked in id
 * order, each new price from its current one; a preview writes nothing and is
 * rolled back; otherwise all prices are written, or none when any is invalid.
 */
export async function changePrices(
  db: Queryable,
  scope: Scope,
  library: Library,
  body: { ids: number[]; mode: PriceMode; value: number; preview: boolean },
): Promise<PriceChangeResult> {
  return db.transaction(async (tx) => {
    const unique = [...new Set(body.ids)];
    const rows = await tx
      .select({ id: products.id, number: products.number, name: products.name, before: products.price })
      .from(products)
      .where(and(inArray(products.id, unique), eq(products.library, library), scope.where(products.tenantId)))
      .orderBy(products.id)
      .for('update');
    if (rows.length !== unique.length) throw new BizError(CODE.productNotFound);
    const items = rows.map((r) => {
      const after = changedPrice(r.before, body.mode, body.value);
      return { ...r, after, valid: validPrice(after) };
    });
    if (body.preview) return { changed: 0, items };
    if (items.some((i) => !i.valid)) throw new RequestValidationError({ value: 'product.validation.priceResult' });
    const now = new Date();
    for (const item of items.filter((i) => i.after !== i.before)) {
      await tx.update(products).set({ price: item.after, updatedAt: now }).where(eq(products.id, item.id));
    }
    return { changed: items.filter((i) => i.after !== i.before).length, items };
  });
}
