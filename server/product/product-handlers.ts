/** Products of the old library (spec §2 productList): each operation, and the feature file that does it (product-edits.ts). */
import { defineHandlers } from '../http/handlers.js';
import {
  createProduct,
  productInfo,
  productPage,
  productPrices,
  productState,
  updateProduct,
} from './product-edits.js';

export const productHandlers = defineHandlers({
  'product.page': ({ query, body }, { db, user, scope }) => productPage(db, user, scope, query, body),
  'product.info': ({ params }, { db, scope }) => productInfo(db, scope, params),
  'product.create': ({ body }, { db, user, scope }) => createProduct(db, user, scope, body),
  'product.update': ({ params, body }, { db, scope }) => updateProduct(db, scope, params, body),
  'product.price': ({ body }, { db, scope }) => productPrices(db, scope, body),
  'product.state': ({ body }, { db, scope }) => productState(db, scope, body),
});
