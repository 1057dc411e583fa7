/**
 * Products of the new library (spec §2 merchandise, nweGoods; §3 Product;
 * §5: exactly one image; name, number, category, brief, model and a valid
 * price required; English fields cannot be emptied once set; attribute values
 * within their rules; the image must be removed before the category changes,
 * and the attributes refilled). Money in integer fen.
 */
import { z } from 'zod';
import { endpoint, page, pageQuery, ref, refParams, str, text } from '../api/define.js';
import { fileId } from '../file/index.js';
import { isIsoDate } from '../format.js';
import { attributeValue } from './attribute.js';
import { recipeForm, recipeItem } from './recipe.js';
import {
  PRICE_MAX_FEN,
  priceChangeBody,
  priceChangeResult,
  PRODUCT_LIMITS,
  productFilter,
  productItem,
  productStateBody,
  productTags,
} from './product.js';

export const NEW_PRODUCT_LIMITS = {
  englishName: 80,
  englishBrief: 200,
  description: 500,
  englishDescription: 1000,
} as const;
/** The English texts: once set, they are edited, never emptied (spec §5). */
export const ENGLISH_FIELDS = ['englishName', 'englishBrief', 'englishDescription'] as const;

const isoDate = z.string().refine(isIsoDate, { message: 'validation.invalid' });

export const newProductFields = z.object({
  /** The one main image (spec §5: exactly one in the new form). */
  image: fileId,
  number: text(PRODUCT_LIMITS.number).regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.code' }),
  name: text(PRODUCT_LIMITS.name),
  englishName: str().trim().max(NEW_PRODUCT_LIMITS.englishName, { message: 'validation.maxLength' }),
  brief: text(PRODUCT_LIMITS.brief),
  englishBrief: str().trim().max(NEW_PRODUCT_LIMITS.englishBrief, { message: 'validation.maxLength' }),
  description: str().trim().max(NEW_PRODUCT_LIMITS.description, { message: 'validation.maxLength' }),
  englishDescription: str().trim().max(NEW_PRODUCT_LIMITS.englishDescription, { message: 'validation.maxLength' }),
  categoryId: ref('category'),
  model: text(PRODUCT_LIMITS.model),
  price: z
    .number({ error: 'product.validation.price' })
    .int({ message: 'product.validation.price' })
    .min(1, { message: 'product.validation.price' })
    .max(PRICE_MAX_FEN, { message: 'product.validation.price' }),
  tags: productTags,
  /** When the product may be sold: both optional, the end not before the start. */
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  /** The category's attributes (and its parents'), by attribute id; checked against their rules on the server. */
  attributes: z.record(z.string().regex(/^\d{1,10}$/, { message: 'validation.invalid' }), attributeValue),
  /** What a machine makes one serving from; null for goods sold as they are. */
  recipe: recipeForm.nullable(),
});

const datesInOrder = <F extends { startDate: string | null; endDate: string | null }>(schema: z.ZodType<F>) =>
  schema.refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    message: 'product.validation.endBeforeStart',
    path: ['endDate'],
  });

const EXAMPLE = {
  image: 'a'.repeat(64),
  number: 'N-COLA-01',
  name: '可口可乐',
  englishName: 'Coca-Cola',
  brief: '经典碳酸饮料',
  englishBrief: 'Classic cola',
  description: '',
  englishDescription: '',
  categoryId: 1,
  model: 'VM-S600',
  price: 350,
  tags: [],
  startDate: null,
  endDate: null,
  attributes: {},
  recipe: null,
};

export const newProductForm = datesInOrder(newProductFields).meta({ examples: [EXAMPLE] });
export type NewProductForm = z.infer<typeof newProductForm>;

export const newProductItem = productItem.extend({
  englishName: z.string(),
  englishBrief: z.string(),
  description: z.string(),
  englishDescription: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  attributes: z.record(z.string(), attributeValue),
  recipe: recipeItem.nullable(),
});
export type NewProductItem = z.infer<typeof newProductItem>;

/** 5-2 is the new library and creating a product (spec §2 member codes). */
const newAccess = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '5-2' } as const;
const params = refParams('product');

export const newProductApi = {
  'product.newPage': endpoint({
    method: 'POST',
    path: '/merchandise/page',
    summary:
      "Products of the new library visible to the caller, filtered and sorted as the old library's; the keyword also finds English names.",
    query: pageQuery,
    body: productFilter,
    content: page(newProductItem),
    access: newAccess,
  }),
  'product.newInfo': endpoint({
    method: 'GET',
    path: '/merchandise/info/:id',
    summary: 'One product of the new library with its texts and attribute values.',
    params,
    content: newProductItem,
    access: newAccess,
  }),
  'product.newCreate': endpoint({
    method: 'POST',
    path: '/merchandise',
    summary:
      "Create a product of the new library, off sale; a system admin names the tenant (1402); the number is unique per tenant (1103); the attribute values fit the category's rules (field errors).",
    body: datesInOrder(newProductFields.extend({ tenantId: ref('tenant').optional() })).meta({ examples: [EXAMPLE] }),
    content: newProductItem,
    access: newAccess,
  }),
  'product.newUpdate': endpoint({
    method: 'PUT',
    path: '/merchandise/:id',
    summary:
      'Edit a product of the new library: English texts once set are not emptied (field errors); a new category needs a new image (2805) and values for its attributes.',
    params,
    body: newProductForm,
    content: newProductItem,
    access: newAccess,
  }),
  'product.newPrice': endpoint({
    method: 'PUT',
    path: '/merchandise/price',
    summary: "Preview or apply a price change over a selection of the new library, all or none, as the old library's.",
    body: priceChangeBody,
    content: priceChangeResult,
    access: newAccess,
  }),
  'product.newState': endpoint({
    method: 'PUT',
    path: '/merchandise/state',
    summary:
      "Put new-library products on or off sale, enable or disable them, all or none, as the old library's state change (1109).",
    body: productStateBody,
    content: z.object({ changed: z.number().int() }),
    access: newAccess,
  }),
} as const;
