/** Products of the new library (spec §2 merchandise, nweGoods): each operation, and the feature file that does it (new-product-edits.ts). */
import { defineHandlers } from '../http/handlers.js';
import {
  createNewProduct,
  newProductInfo,
  newProductPage,
  newProductPrices,
  newProductState,
  updateNewProduct,
} from './new-product-edits.js';

export const newProductHandlers = defineHandlers({
  'product.newPage': ({ query, body }, { db, user, scope }) => newProductPage(db, user, scope, query, body),
  'product.newInfo': ({ params }, { db, scope }) => newProductInfo(db, scope, params),
  'product.newCreate': ({ body }, { db, user, scope }) => createNewProduct(db, user, scope, body),
  'product.newUpdate': ({ params, body }, { db, scope }) => updateNewProduct(db, scope, params, body),
  'product.newPrice': ({ body }, { db, scope }) => newProductPrices(db, scope, body),
  'product.newState': ({ body }, { db, scope }) => newProductState(db, scope, body),
});
