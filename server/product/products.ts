/** Reading products as the API shows them (`productItem`), within the caller's scope. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { ProductItem } from '../../shared/product/index.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { tenants } from '../tenant/index.js';
import { productCategories, productImages, products } from './schema.js';

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
  onSale: products.onSale,
  enabled: products.enabled,
  tenantId: products.tenantId,
  tenantName: tenants.name,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  // In their order: the first is the main image.
  images: sql<string[]>`coalesce((select array_agg(${productImages.fileId} order by ${productImages.position}) from ${productImages} where ${productImages.productId} = ${products.id}), '{}')`,
};

/** `select … from products join categories, tenants`; add where/order/limit. */
export const selectProducts = (db: Queryable) =>
  db.select(productColumns).from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .innerJoin(tenants, eq(tenants.id, products.tenantId));

type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number];

export const toProductItem = (row: ProductRow): ProductItem =>
  ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

/** The product as an item, or 1101 when it does not exist or lies outside the scope (the same answer). */
export async function productItemInScope(db: Queryable, scope: Scope, id: number): Promise<ProductItem> {
  const [row] = await selectProducts(db).where(and(eq(products.id, id), scope.where(products.tenantId)));
  if (!row) throw new BizError(CODE.productNotFound);
  return toProductItem(row);
}

/** Replaces a product's images with these, in this order. */
export async function setImages(tx: Queryable, productId: number, fileIds: readonly string[]): Promise<void> {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  await tx.insert(productImages).values(fileIds.map((fileId, position) => ({ productId, fileId, position })));
}

/** The ids and tenants of these products within scope, locked; 1101 if any is missing or out of scope. */
export async function lockProducts(tx: Queryable, scope: Scope, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx.select({ id: products.id, enabled: products.enabled }).from(products)
    .where(and(inArray(products.id, unique), scope.where(products.tenantId))).orderBy(products.id).for('update');
  if (rows.length !== unique.length) throw new BizError(CODE.productNotFound);
  return rows;
}
