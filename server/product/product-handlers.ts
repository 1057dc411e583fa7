/** Products of the old library (spec §2 productList): each operation, and the feature file that does it (product-edits.ts). */
import { defineHandlers } from '../http/handlers.js';
import { createProduct, updateProduct } from './product-edits.js';
import { changePrices, changeState, libraryPage, oldRows, productItemInScope } from './products.js';

export const productHandlers = defineHandlers({
  'product.page': ({ query, body }, { db, user, scope }) =>
    libraryPage(db, user, scope, 'old', query, body, oldRows(db)),
  'product.info': ({ params }, { db, scope }) => productItemInScope(db, scope, params.id),
  'product.create': ({ body }, { db, user, scope }) => createProduct(db, user, scope, body),
  'product.update': ({ params, body }, { db, scope }) => updateProduct(db, scope, params.id, body),
  'product.price': ({ body }, { db, scope }) => changePrices(db, scope, 'old', body),
  'product.state': ({ body }, { db, scope }) => changeState(db, scope, 'old', body),
});
