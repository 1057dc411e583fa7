/** Products of the new library (spec §2 merchandise, nweGoods): each operation, and the feature file that does it (new-product-edits.ts). */
import { defineHandlers } from '../http/handlers.js';
import { createNewProduct, updateNewProduct } from './new-product-edits.js';
import { changePrices, changeState, libraryPage, newItemInScope, newRows } from './products.js';

export const newProductHandlers = defineHandlers({
  'product.newPage': ({ query, body }, { db, user, scope }) =>
    libraryPage(db, user, scope, 'new', query, body, newRows(db)),
  'product.newInfo': ({ params }, { db, scope }) => newItemInScope(db, scope, params.id),
  'product.newCreate': ({ body }, { db, user, scope }) => createNewProduct(db, user, scope, body),
  'product.newUpdate': ({ params, body }, { db, scope }) => updateNewProduct(db, scope, params.id, body),
  'product.newPrice': ({ body }, { db, scope }) => changePrices(db, scope, 'new', body),
  'product.newState': ({ body }, { db, scope }) => changeState(db, scope, 'new', body),
});
