/** Ingredients (spec §2 ingredient): each operation, and the feature file that does it (ingredients.ts). */
import { defineHandlers } from '../http/handlers.js';
import { ingredientCreate, ingredientDelete, ingredientPage, ingredientUpdate } from './ingredients.js';

export const ingredientHandlers = defineHandlers({
  'product.ingredientPage': ({ query, body }, { db, user, scope }) => ingredientPage(db, user, scope, query, body),
  'product.ingredientCreate': ({ body }, { db, user, scope }) => ingredientCreate(db, user, scope, body),
  'product.ingredientUpdate': ({ params, body }, { db, scope }) => ingredientUpdate(db, scope, params.id, body),
  'product.ingredientDelete': ({ params }, { db, scope }) => ingredientDelete(db, scope, params.id),
});
