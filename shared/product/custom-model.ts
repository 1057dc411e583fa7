/**
 * Custom models (spec §2 commodityInfor, infoDetails, imgDetails,
 * editNweGoods; §3 "Custom model: name, number, attribute count, image
 * count"): the platform's device models that show a product their own way —
 * a coffee machine's button code and brew time, a big-screen fridge's
 * portrait banner. The system admin defines each model's attributes (typed and
 * ruled as a category's) and images (formatted as a category's); a tenant
 * fills them in per product and model. Models belong to no tenant, so their
 * ids are plain ids, not tenant refs.
 */
import { z } from 'zod';
import {
  empty,
  endpoint,
  id,
  idParam,
  idParams,
  isoTime,
  page,
  pageQuery,
  refParams,
  str,
  text,
} from '../api/define.js';
import { fileId } from '../file/index.js';
import { ATTRIBUTE_EXAMPLE, attributeFields, attributeItem, attributeValue, ruleFits } from './attribute.js';
import { imageFormatForm, imageFormatItem } from './image-format.js';

export const CUSTOM_MODEL_LIMITS = { name: 30, number: 20, description: 100 } as const;

export const customModelForm = z.object({
  name: text(CUSTOM_MODEL_LIMITS.name),
  number: text(CUSTOM_MODEL_LIMITS.number).regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.code' }),
  description: str().trim().max(CUSTOM_MODEL_LIMITS.description, { message: 'validation.maxLength' }),
});
export type CustomModelForm = z.infer<typeof customModelForm>;

export const customModelItem = customModelForm.extend({
  id: z.number().int(),
  attributeCount: z.number().int(),
  imageCount: z.number().int(),
  createdAt: isoTime,
});
export type CustomModelItem = z.infer<typeof customModelItem>;

/** A model's attribute: a category attribute's fields, of a model. */
export const customAttributeItem = attributeItem
  .omit({ categoryId: true, categoryName: true, tenantId: true })
  .extend({ modelId: z.number().int() });
export type CustomAttributeItem = z.infer<typeof customAttributeItem>;
/** A model's image: an image format's fields, of a model. */
export const customImageItem = imageFormatItem
  .omit({ categoryId: true, categoryName: true, tenantId: true })
  .extend({ modelId: z.number().int() });
export type CustomImageItem = z.infer<typeof customImageItem>;

/** A model with everything a tenant fills in for it (editNweGoods). */
export const customModelDetail = customModelItem.extend({
  attributes: z.array(customAttributeItem),
  images: z.array(customImageItem),
});
export type CustomModelDetail = z.infer<typeof customModelDetail>;

/** A product's information for one model: attribute values and pictures, by attribute and image id. */
export const customInfoForm = z.object({
  attributes: z.record(z.string().regex(/^\d{1,10}$/, { message: 'validation.invalid' }), attributeValue),
  images: z.record(z.string().regex(/^\d{1,10}$/, { message: 'validation.invalid' }), fileId),
});
export type CustomInfoForm = z.infer<typeof customInfoForm>;
export const customInfoItem = customInfoForm.extend({ modelId: z.number().int() });
export type CustomInfoItem = z.infer<typeof customInfoItem>;

const adminAccess = { auth: 'user', roles: ['admin'] } as const;
/** A tenant fills in a product's information with the new library's code. */
const fillAccess = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '5-2' } as const;
const modelId = z.object({ modelId: id });

export const customModelApi = {
  'product.customModelPage': endpoint({
    method: 'POST',
    path: '/custom-model/page',
    summary: 'Custom models by number, with their attribute and image counts; filtered by name or number.',
    query: pageQuery,
    body: z.object({ keyword: str().trim().max(CUSTOM_MODEL_LIMITS.name).optional() }),
    content: page(customModelItem),
    access: adminAccess,
  }),
  'product.customModelCreate': endpoint({
    method: 'POST',
    path: '/custom-model',
    summary: 'Create a custom model; its number is unique (2810).',
    body: customModelForm,
    content: customModelItem,
    access: adminAccess,
  }),
  'product.customModelUpdate': endpoint({
    method: 'PUT',
    path: '/custom-model/:id',
    summary: 'Edit a custom model (2809 when it does not exist).',
    params: idParams,
    body: customModelForm,
    content: customModelItem,
    access: adminAccess,
  }),
  'product.customModelDelete': endpoint({
    method: 'DELETE',
    path: '/custom-model/:id',
    summary:
      'Delete a custom model with its attributes and images; refused while products carry information for it (2811).',
    params: idParams,
    content: empty,
    access: adminAccess,
  }),
  'product.customAttributeList': endpoint({
    method: 'POST',
    reads: true,
    path: '/custom-model/attribute/list',
    summary: "A model's attributes (infoDetails), in the order added.",
    body: modelId,
    content: z.array(customAttributeItem),
    access: adminAccess,
  }),
  'product.customAttributeCreate': endpoint({
    method: 'POST',
    path: '/custom-model/attribute',
    summary:
      'Add an attribute to a model; its number is unique within the model (2812); its rule parses for its input type.',
    body: ruleFits(attributeFields.extend({ modelId: id })).meta({ examples: [{ ...ATTRIBUTE_EXAMPLE, modelId: 1 }] }),
    content: customAttributeItem,
    access: adminAccess,
  }),
  'product.customAttributeUpdate': endpoint({
    method: 'PUT',
    path: '/custom-model/attribute/:id',
    summary: "Edit a model's attribute (2813 when it does not exist).",
    params: idParams,
    body: ruleFits(attributeFields).meta({ examples: [ATTRIBUTE_EXAMPLE] }),
    content: customAttributeItem,
    access: adminAccess,
  }),
  'product.customAttributeDelete': endpoint({
    method: 'DELETE',
    path: '/custom-model/attribute/:id',
    summary: "Remove a model's attribute.",
    params: idParams,
    content: empty,
    access: adminAccess,
  }),
  'product.customImageList': endpoint({
    method: 'POST',
    reads: true,
    path: '/custom-model/image/list',
    summary: "A model's images (imgDetails), in the order added.",
    body: modelId,
    content: z.array(customImageItem),
    access: adminAccess,
  }),
  'product.customImageCreate': endpoint({
    method: 'POST',
    path: '/custom-model/image',
    summary: 'Add an image to a model; its number is unique within the model (2812).',
    body: imageFormatForm.extend({ modelId: id }),
    content: customImageItem,
    access: adminAccess,
  }),
  'product.customImageUpdate': endpoint({
    method: 'PUT',
    path: '/custom-model/image/:id',
    summary: "Edit a model's image (2813 when it does not exist).",
    params: idParams,
    body: imageFormatForm,
    content: customImageItem,
    access: adminAccess,
  }),
  'product.customImageDelete': endpoint({
    method: 'DELETE',
    path: '/custom-model/image/:id',
    summary: "Remove a model's image.",
    params: idParams,
    content: empty,
    access: adminAccess,
  }),
  'product.customModels': endpoint({
    method: 'GET',
    path: '/custom-model/all',
    summary: "Every custom model with its attributes and images, for filling in a product's information.",
    content: z.array(customModelDetail),
    access: fillAccess,
  }),
  'product.customInfo': endpoint({
    method: 'GET',
    path: '/merchandise/:id/custom',
    summary: "A new-library product's information for each model it has some for.",
    params: refParams('product'),
    content: z.array(customInfoItem),
    access: fillAccess,
  }),
  'product.customInfoSave': endpoint({
    method: 'PUT',
    path: '/merchandise/:id/custom/:modelId',
    summary:
      "Fill in a product's information for one model: values within the model's rules, required pictures given (field errors); empty clears it.",
    params: z.object({ id: refParams('product').shape.id, modelId: idParam }),
    body: customInfoForm,
    content: customInfoItem,
    access: fillAccess,
  }),
} as const;
