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
import { uniqueAs } from '../http/errors.js';
import { defineHandlers } from '../http/handlers.js';
import { grantFiles } from '../file/index.js';
import { owningTenant } from '../tenant/index.js';
import {
  changePrices,
  changeState,
  checkCategory,
  checkImages,
  libraryPage,
  lockProduct,
  oldRows,
  productItemInScope,
  productNumbers,
  setImages,
} from './products.js';
import { products } from './schema.js';

export const productHandlers = defineHandlers({
  'product.page': ({ query, body }, { db, user, scope }) =>
    libraryPage(db, user, scope, 'old', query, body, oldRows(db)),

  'product.info': async ({ params }, { db, scope }) => productItemInScope(db, scope, params.id),

  'product.create': async ({ body }, { db, user, scope }) => {
    const { tenantId: requested, images, ...form } = body;
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
  },

  'product.update': async ({ params, body }, { db, scope }) => {
    const { images, ...form } = body;
    await uniqueAs(CODE.productNumberTaken, () =>
      db.transaction(async (tx) => {
        const product = await lockProduct(tx, scope, 'old', params.id);
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
    return productItemInScope(db, scope, params.id);
  },

  'product.price': ({ body }, { db, scope }) => changePrices(db, scope, 'old', body),

  'product.state': ({ body }, { db, scope }) => changeState(db, scope, 'old', body),
});
