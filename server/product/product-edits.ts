/**
 * Products of the old library (spec §2 productList, §5 product rules). Every
 * lookup goes through the caller's scope: another tenant's product, or one
 * of the new library, answers like a missing one (1101). The images a product
 * names must be files the caller's scope holds (2204); saving grants them to
 * the product's tenant, so its users see them whoever uploaded them.
 */
import { eq } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { searchKey } from '../db/pinyin.js';
import { RequestValidationError, uniqueAs } from '../http/errors.js';
import { shelfLifeProblem } from '../../shared/product/index.js';
import { grantFiles } from '../file/index.js';
import { owningTenant } from '../tenant/index.js';
import { checkCategory, checkImages, lockProduct, productItemInScope, productNumbers, setImages } from './products.js';
import { products } from './schema.js';
import type { Api } from '../../shared/domains.js';
import type { HandlerInput } from '../http/handlers.js';
import type { Db } from '../db/index.js';
import type { Scope } from '../scope.js';
import type { AuthUser } from '../http/principal.js';

/** A perishable product without its shelf life: a field error, before anything is read. */
function checkShelfLife(form: { perishable: boolean; shelfLifeDays: number | null }) {
  const problem = shelfLifeProblem(form);
  if (problem) throw new RequestValidationError({ shelfLifeDays: problem });
}

export async function createProduct(
  db: Db,
  user: AuthUser,
  scope: Scope,
  body: HandlerInput<Api['product.create']>['body'],
) {
  const { tenantId: requested, images, ...form } = body;
  checkShelfLife(form);
  const tenantId = await owningTenant(db, user, scope, requested);
  await checkCategory(db, scope, form.categoryId, tenantId);
  await checkImages(db, scope, images);
  const id = await uniqueAs(CODE.productNumberTaken, () =>
    db.transaction(async (tx) => {
      await productNumbers.check(tx, { within: tenantId, number: form.number });
      const [created] = await tx
        .insert(products)
        .values({ ...form, tenantId, library: 'old', search: searchKey(form.name, form.number) })
        .returning({ id: products.id });
      await setImages(tx, created!.id, images);
      await grantFiles(tx, images, tenantId);
      return created!.id;
    }),
  );
  return productItemInScope(db, scope, id);
}

export async function updateProduct(
  db: Db,
  scope: Scope,
  id: number,
  body: HandlerInput<Api['product.update']>['body'],
) {
  const { images, ...form } = body;
  checkShelfLife(form);
  await uniqueAs(CODE.productNumberTaken, () =>
    db.transaction(async (tx) => {
      const product = await lockProduct(tx, scope, 'old', id);
      await checkCategory(tx, scope, form.categoryId, product.tenantId);
      await checkImages(tx, scope, images);
      await productNumbers.check(tx, { within: product.tenantId, number: form.number, except: product.id });
      await tx
        .update(products)
        .set({ ...form, search: searchKey(form.name, form.number), updatedAt: new Date() })
        .where(eq(products.id, product.id));
      await setImages(tx, product.id, images);
      await grantFiles(tx, images, product.tenantId);
    }),
  );
  return productItemInScope(db, scope, id);
}
