/**
 * Products of the old library (spec §2 productList, §3 Product, §5: up to 3
 * images, required; name, number, category, brief, model and a valid price
 * required; tags must not repeat). Money in integer fen.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, refParams, str, text } from '../api/define.js';
import { fileId } from '../file/index.js';

export const PRODUCT_LIMITS = { number: 20, name: 40, brief: 100, model: 30, tag: 10, tags: 10, images: 3 } as const;
/** A shelf life up to ten years: past that a product is not what "shelf life" is about. */
export const SHELF_LIFE_MAX_DAYS = 3650;
/** A price up to ¥999,999.99: a vending price past that is a slip. */
export const PRICE_MAX_FEN = 99_999_999;

export const productTags = z
  .array(text(PRODUCT_LIMITS.tag))
  .max(PRODUCT_LIMITS.tags, { message: 'validation.maxItems' })
  .refine((tags) => new Set(tags).size === tags.length, { message: 'product.validation.tagsRepeat' });

export const productForm = z.object({
  /** 1–3 images, the first is the main one (shown in lists). */
  images: z
    .array(fileId)
    .min(1, { message: 'product.validation.imageRequired' })
    .max(PRODUCT_LIMITS.images, { message: 'validation.maxItems' })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'validation.invalid' }),
  number: text(PRODUCT_LIMITS.number).regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.code' }),
  name: text(PRODUCT_LIMITS.name),
  brief: text(PRODUCT_LIMITS.brief),
  categoryId: ref('category'),
  /** The device model the product is made for (VM-S600, a coffee machine…). */
  model: text(PRODUCT_LIMITS.model),
  /** Suggested retail price in fen. */
  price: z
    .number({ error: 'product.validation.price' })
    .int({ message: 'product.validation.price' })
    .min(1, { message: 'product.validation.price' })
    .max(PRICE_MAX_FEN, { message: 'product.validation.price' }),
  tags: productTags,
  /**
   * Fresh food (a sandwich, milk, a salad): a refill records each batch's expiry, and one without it is
   * refused. Its shelf life from refill, in days, is required then; optional for any other product.
   */
  perishable: z.boolean().default(false),
  shelfLifeDays: z
    .number({ error: 'product.validation.shelfLife' })
    .int({ message: 'product.validation.shelfLife' })
    .min(1, { message: 'product.validation.shelfLife' })
    .max(SHELF_LIFE_MAX_DAYS, { message: 'product.validation.shelfLife' })
    .nullable()
    .default(null),
  /**
   * What one unit costs the tenant to buy, in fen (0 for goods it is given); the shrink report values what
   * went missing at it. Optional: without it the report counts the units and leaves their value blank.
   */
  cost: z
    .number({ error: 'product.validation.cost' })
    .int({ message: 'product.validation.cost' })
    .min(0, { message: 'product.validation.cost' })
    .max(PRICE_MAX_FEN, { message: 'product.validation.cost' })
    .nullable()
    .default(null),
});
export type ProductForm = z.infer<typeof productForm>;

/** The rule across the two fields: a perishable product states its shelf life (the field's key, or null). */
export const shelfLifeProblem = (p: { perishable: boolean; shelfLifeDays: number | null }): string | null =>
  p.perishable && p.shelfLifeDays === null ? 'product.validation.shelfLifeRequired' : null;

export const productItem = z.object({
  id: z.number().int(),
  images: z.array(z.string()),
  number: z.string(),
  name: z.string(),
  brief: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  model: z.string(),
  price: z.number().int(),
  tags: z.array(z.string()),
  perishable: z.boolean(),
  shelfLifeDays: z.number().int().nullable(),
  cost: z.number().int().nullable(),
  onSale: z.boolean(),
  enabled: z.boolean(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type ProductItem = z.infer<typeof productItem>;

export const PRODUCT_SORTS = ['number', 'name', 'price', 'createdAt'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const productFilter = z.object({
  /** Name (also by pinyin: `kkkl` finds 可口可乐) or number. */
  keyword: str().trim().max(PRODUCT_LIMITS.name).optional(),
  /** The category and everything under it. */
  categoryId: ref('category').optional(),
  onSale: z.boolean().optional(),
  enabled: z.boolean().optional(),
  tag: str().trim().max(PRODUCT_LIMITS.tag).optional(),
  model: str().trim().max(PRODUCT_LIMITS.model).optional(),
  tenantId: ref('tenant').optional(),
  sort: z.enum(PRODUCT_SORTS).default('createdAt'),
  desc: z.boolean().default(true),
});

export const productIds = z.array(ref('product')).min(1).max(200);

/** On or off sale, enabled or disabled, for a selection. */
export const productStateBody = z
  .object({ ids: productIds, onSale: z.boolean().optional(), enabled: z.boolean().optional() })
  .refine((b) => b.onSale !== undefined || b.enabled !== undefined, {
    message: 'validation.required',
    path: ['onSale'],
  })
  // The generated suites start from this: a change of nothing is refused for its shape.
  .meta({ examples: [{ ids: [1], onSale: true }] });

export const PRICE_MODES = ['set', 'percent', 'add'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];

/**
 * A price change over a selection: set every price to a value (fen), move it
 * by a percentage (−90…+900, rounded to the fen), or add or take off an amount
 * (fen). `preview` answers what would change and writes nothing; otherwise all
 * of it is written in one transaction, or nothing when any result is no valid
 * price.
 */
export const priceChangeBody = z
  .object({
    ids: productIds,
    mode: z.enum(PRICE_MODES, { error: 'validation.required' }),
    value: z
      .number({ error: 'product.validation.priceChange' })
      .int({ message: 'product.validation.priceChange' })
      .min(-PRICE_MAX_FEN, { message: 'product.validation.priceChange' })
      .max(PRICE_MAX_FEN, { message: 'product.validation.priceChange' }),
    preview: z.boolean(),
  })
  .refine((b) => b.mode !== 'percent' || (b.value >= -90 && b.value <= 900), {
    message: 'product.validation.priceChange',
    path: ['value'],
  })
  .refine((b) => b.mode !== 'set' || b.value >= 1, { message: 'product.validation.priceChange', path: ['value'] })
  .meta({ examples: [{ ids: [1], mode: 'percent', value: 10, preview: true }] });

export const priceChangeResult = z.object({
  changed: z.number().int(),
  items: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      name: z.string(),
      before: z.number().int(),
      after: z.number().int(),
      valid: z.boolean(),
    }),
  ),
});
export type PriceChangeResult = z.infer<typeof priceChangeResult>;

/** The new price of one product under a change, before the validity check. */
export function changedPrice(before: number, mode: PriceMode, value: number): number {
  if (mode === 'set') return value;
  if (mode === 'add') return before + value;
  return Math.round((before * (100 + value)) / 100);
}
export const validPrice = (fen: number): boolean => Number.isInteger(fen) && fen >= 1 && fen <= PRICE_MAX_FEN;

/** 5-1 is the old product library (spec §2 member codes). */
const productAccess = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '5-1' } as const;
const productParams = refParams('product');

export const productApi = {
  'product.page': endpoint({
    method: 'POST',
    path: '/product/page',
    summary:
      'Products of the old library visible to the caller: filters by keyword (name, pinyin, number), category with its subcategories, sale and enabled state, tag, model and tenant; sorted by number, name, price or creation.',
    query: pageQuery,
    body: productFilter,
    content: page(productItem),
    access: productAccess,
  }),
  'product.info': endpoint({
    method: 'GET',
    path: '/product/info/:id',
    summary: 'One product.',
    params: productParams,
    content: productItem,
    access: productAccess,
  }),
  'product.create': endpoint({
    method: 'POST',
    path: '/product',
    summary:
      "Create a product, off sale; a system admin names the tenant (1402); the number is unique per tenant (1103); the category is the tenant's (1111); the images are ones the caller uploaded (2204).",
    body: productForm.extend({ tenantId: ref('tenant').optional() }),
    content: productItem,
    access: productAccess,
  }),
  'product.update': endpoint({
    method: 'PUT',
    path: '/product/:id',
    summary: 'Edit a product.',
    params: productParams,
    body: productForm,
    content: productItem,
    access: productAccess,
  }),
  'product.price': endpoint({
    method: 'PUT',
    path: '/product/price',
    summary:
      'Preview or apply a price change over a selection of the old library, all or none: 400 with a field error when any result is no valid price.',
    body: priceChangeBody,
    content: priceChangeResult,
    access: productAccess,
  }),
  'product.state': endpoint({
    method: 'PUT',
    path: '/product/state',
    summary:
      'Put products on or off sale, enable or disable them, all or none: a disabled product is off sale, and is not put on sale (1109).',
    body: productStateBody,
    content: z.object({ changed: z.number().int() }),
    access: productAccess,
  }),
} as const;
