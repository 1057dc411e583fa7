/** Categories (spec §2 classification): each operation, and the feature file that does it (category-edits.ts). */
import { defineHandlers } from '../http/handlers.js';
import { categoryCreate, categoryDelete, categoryOptions, categoryPage, categoryUpdate } from './category-edits.js';
import { categoryItemInScope } from './categories.js';

export const categoryHandlers = defineHandlers({
  'product.categoryPage': ({ query, body }, { db, user, scope }) => categoryPage(db, user, scope, query, body),
  'product.categoryOptions': ({ body }, { db, user, scope }) => categoryOptions(db, user, scope, body),
  'product.categoryInfo': ({ params }, { db, scope }) => categoryItemInScope(db, scope, params.id),
  'product.categoryCreate': ({ body }, { db, user, scope }) => categoryCreate(db, user, scope, body),
  'product.categoryUpdate': ({ params, body }, { db, scope }) => categoryUpdate(db, scope, params.id, body),
  'product.categoryDelete': ({ params }, { db, scope }) => categoryDelete(db, scope, params.id),
});
