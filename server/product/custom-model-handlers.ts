/** Custom models (spec §2 commodityInfor, infoDetails, imgDetails, editNweGoods): each operation, and the feature file that does it (custom-models.ts). */
import { defineHandlers } from '../http/handlers.js';
import {
  customAttributeCreate,
  customAttributeDelete,
  customAttributeList,
  customAttributeUpdate,
  customImageCreate,
  customImageDelete,
  customImageList,
  customImageUpdate,
  customModelCreate,
  customModelDelete,
  customModelPage,
  customModelUpdate,
  customModels,
} from './custom-models.js';
import { customInfoOf, saveCustomInfo } from './custom-info.js';

export const customModelHandlers = defineHandlers({
  'product.customModelPage': ({ query, body }, { db }) => customModelPage(db, query, body),
  'product.customModelCreate': ({ body }, { db }) => customModelCreate(db, body),
  'product.customModelUpdate': ({ params, body }, { db }) => customModelUpdate(db, params.id, body),
  'product.customModelDelete': ({ params }, { db }) => customModelDelete(db, params.id),
  'product.customAttributeList': ({ body }, { db }) => customAttributeList(db, body),
  'product.customAttributeCreate': ({ body }, { db }) => customAttributeCreate(db, body),
  'product.customAttributeUpdate': ({ params, body }, { db }) => customAttributeUpdate(db, params.id, body),
  'product.customAttributeDelete': ({ params }, { db }) => customAttributeDelete(db, params.id),
  'product.customImageList': ({ body }, { db }) => customImageList(db, body),
  'product.customImageCreate': ({ body }, { db }) => customImageCreate(db, body),
  'product.customImageUpdate': ({ params, body }, { db }) => customImageUpdate(db, params.id, body),
  'product.customImageDelete': ({ params }, { db }) => customImageDelete(db, params.id),
  'product.customModels': (_input, { db }) => customModels(db),
  'product.customInfo': ({ params }, { db, scope }) => customInfoOf(db, scope, params.id),
  'product.customInfoSave': ({ params, body }, { db, scope }) =>
    saveCustomInfo(db, scope, params.id, params.modelId, body),
});
