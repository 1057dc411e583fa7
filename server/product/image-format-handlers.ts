/**
 * Image formats of a category (spec §2 imgFormat): each operation, and the
 * feature file that does it (image-formats.ts).
 */
import { defineHandlers } from '../http/handlers.js';
import { createImageFormat, deleteImageFormat, imageFormatList, updateImageFormat } from './image-formats.js';

export const imageFormatHandlers = defineHandlers({
  'product.imageFormatList': ({ body }, { db, scope }) => imageFormatList(db, scope, body.categoryId),
  'product.imageFormatCreate': ({ body }, { db, scope }) => createImageFormat(db, scope, body),
  'product.imageFormatUpdate': ({ params, body }, { db, scope }) => updateImageFormat(db, scope, params.id, body),
  'product.imageFormatDelete': ({ params }, { db, scope }) => deleteImageFormat(db, scope, params.id),
});
