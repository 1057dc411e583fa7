/**
 * Attributes of a category (spec §2 setProperty): each operation, and the
 * feature file that does it (attributes.ts).
 */
import { defineHandlers } from '../http/handlers.js';
import { attributeList, createAttribute, deleteAttribute, updateAttribute } from './attributes.js';

export const attributeHandlers = defineHandlers({
  'product.attributeList': ({ body }, { db, scope }) => attributeList(db, scope, body.categoryId),
  'product.attributeCreate': ({ body }, { db, scope }) => createAttribute(db, scope, body),
  'product.attributeUpdate': ({ params, body }, { db, scope }) => updateAttribute(db, scope, params.id, body),
  'product.attributeDelete': ({ params }, { db, scope }) => deleteAttribute(db, scope, params.id),
});
