/**
 * Products of the old library (spec §2 productList, §5 product rules). Every
 * lookup goes through the caller's scope: another tenant's product answers
 * like a missing one (1101). The images a product names must be files the
 * caller's scope holds (2204); saving grants them to the product's tenant,
 * so its users see them whoever uploaded them.
 */
import { and, arrayContains, asc, count, desc, eq, ilike, inArray, ne } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { ProductSort } from '../../shared/product/index.js';
import type { Queryable } from '../db/index.js';
import { searchKey, searchPattern } from '../db/pinyin.js';
import { BizError, uniqueAs } from '../http/errors.js';
import { defineHandlers } from '../http/handlers.js';
import type { Scope } from '../scope.js';
import { grantFiles, unheldFiles } from '../file/index.js';
import { owningTenant } from '../tenant/index.js';
import { categoryTenantInScope, descendantsOf, treeNodes } from './categories.js';
import { lockProducts, productItemInScope, selectProducts, setImages, toProductItem } from './products.js';
import { productCategories, products } from './schema.js';

const SORT_COLUMNS = { number: products.number, name: products.name, price: products.price, createdAt: products.createdAt } as const satisfies Record<ProductSort, unknown>;

/** The category of a form: in scope (else 1104) and of the product's tenant (else 1111). */
async function checkCategory(db: Queryable, scope: Scope, categoryId: number, tenantId: number): Promise<void> {
  if ((await categoryTenantInScope(db, scope, categoryId)) !== tenantId) throw new BizError(CODE.productCategoryInvalid);
}

async function checkImages(db: Queryable, scope: Scope, images: readonly string[]): Promise<void> {
  if ((await unheldFiles(db, scope, images)).length) throw new BizError(CODE.fileNotFound);
}

/** The category and every category under it, in scope; 1104 when the category is not. */
async function categoryAndBelow(db: Queryable, scope: Scope, categoryId: number): Promise<number[]> {
  const tree = await treeNodes(db, eq(productCategories.tenantId, await categoryTenantInScope(db, scope, categoryId)));
  return [categoryId, ...descendantsOf(tree, categoryId)];
}

export const productHandlers = defineHandlers({
  'product.page': async ({ query, body }, { db, user, scope }) => {
    if (body.tenantId !== undefined) await owningTenant(db, user, scope, body.tenantId);
    const categories = body.categoryId !== undefined ? await categoryAndBelow(db, scope, body.categoryId) : undefined;
    const where = and(
      scope.where(products.tenantId),
      eq(products.library, 'old'),
      body.tenantId !== undefined ? eq(products.tenantId, body.tenantId) : undefined,
      categories ? inArray(products.categoryId, categories) : undefined,
      body.keyword ? ilike(products.search, searchPattern(body.keyword)) : undefined,
      body.onSale !== undefined ? eq(products.onSale, body.onSale) : undefined,
      body.enabled !== undefined ? eq(products.enabled, body.enabled) : undefined,
      body.tag ? arrayContains(products.tags, [body.tag]) : undefined,
      body.model ? ilike(products.model, searchPattern(body.model)) : undefined,
    );
    const order = body.desc ? desc(SORT_COLUMNS[body.sort]) : asc(SORT_COLUMNS[body.sort]);
    const rows = await selectProducts(db).where(where).orderBy(order, desc(products.id))
      .limit(query.pageSize).offset((query.pageNum - 1) * query.pageSize);
    const [counted] = await db.select({ total: count() }).from(products).where(where);
    return { list: rows.map(toProductItem), total: counted?.total ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
  },

  'product.info': async ({ params }, { db, scope }) => productItemInScope(db, scope, params.id),

  'product.create': async ({ body }, { db, user, scope }) => {
    const { tenantId: requested, images, ...form } = body;
    const tenantId = await owningTenant(db, user, scope, requested);
    await checkCategory(db, scope, form.categoryId, tenantId);
    await checkImages(db, scope, images);
    const id = await uniqueAs(CODE.productNumberTaken, () => db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: products.id }).from(products).where(and(eq(products.tenantId, tenantId), eq(products.number, form.number)));
      if (taken) throw new BizError(CODE.productNumberTaken);
      const [created] = await tx.insert(products).values({ ...form, tenantId, library: 'old', search: searchKey(form.name, form.number) })
        .returning({ id: products.id });
      await setImages(tx, created!.id, images);
      await grantFiles(tx, images, tenantId);
      return created!.id;
    }));
    return productItemInScope(db, scope, id);
  },

  'product.update': async ({ params, body }, { db, scope }) => {
    const { images, ...form } = body;
    await uniqueAs(CODE.productNumberTaken, () => db.transaction(async (tx) => {
      const [product] = await tx.select({ id: products.id, tenantId: products.tenantId }).from(products)
        .where(and(eq(products.id, params.id), scope.where(products.tenantId))).for('update');
      if (!product) throw new BizError(CODE.productNotFound);
      await checkCategory(tx, scope, form.categoryId, product.tenantId);
      await checkImages(tx, scope, images);
      const [taken] = await tx.select({ id: products.id }).from(products)
        .where(and(eq(products.tenantId, product.tenantId), eq(products.number, form.number), ne(products.id, product.id)));
      if (taken) throw new BizError(CODE.productNumberTaken);
      await tx.update(products).set({ ...form, search: searchKey(form.name, form.number), updatedAt: new Date() }).where(eq(products.id, product.id));
      await setImages(tx, product.id, images);
      await grantFiles(tx, images, product.tenantId);
    }));
    return productItemInScope(db, scope, params.id);
  },

  'product.state': async ({ body }, { db, scope }) => {
    return db.transaction(async (tx) => {
      const rows = await lockProducts(tx, scope, body.ids);
      // Disabling takes a product off sale; a product disabled after this change cannot go on sale.
      const enabledAfter = (r: { enabled: boolean }) => body.enabled ?? r.enabled;
      if (body.onSale === true && rows.some((r) => !enabledAfter(r))) throw new BizError(CODE.productDisabled);
      const onSale = body.enabled === false ? false : body.onSale;
      await tx.update(products).set({
        ...(onSale !== undefined ? { onSale } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        updatedAt: new Date(),
      }).where(inArray(products.id, rows.map((r) => r.id)));
      return { changed: rows.length };
    });
  },
});
