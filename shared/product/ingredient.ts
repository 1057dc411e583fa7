/**
 * Ingredients (spec §2 ingredient, §3 Ingredient: number, name, type solid
 * or liquid, units): what coffee machines and fresh-drink machines make
 * their recipes from. The unit belongs to the type: a liquid in millilitres
 * or litres, a solid in grams, kilograms or pieces.
 */
import { z } from 'zod';
import { empty, endpoint, isoTime, page, pageQuery, ref, refParams, str, text } from '../api/define.js';

export const INGREDIENT_LIMITS = { number: 20, name: 20 } as const;
export const INGREDIENT_TYPES = ['solid', 'liquid'] as const;
export type IngredientType = (typeof INGREDIENT_TYPES)[number];
export const INGREDIENT_UNITS = { solid: ['g', 'kg', 'piece'], liquid: ['ml', 'l'] } as const satisfies Record<
  IngredientType,
  readonly string[]
>;
export const ALL_UNITS = ['g', 'kg', 'piece', 'ml', 'l'] as const;
export type IngredientUnit = (typeof ALL_UNITS)[number];

const ingredientFields = z.object({
  number: text(INGREDIENT_LIMITS.number).regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.code' }),
  name: text(INGREDIENT_LIMITS.name),
  type: z.enum(INGREDIENT_TYPES, { error: 'validation.required' }),
  unit: z.enum(ALL_UNITS, { error: 'validation.required' }),
});
/** A liquid is not weighed in grams, nor a solid poured in litres. */
const unitFits = <F extends { type: IngredientType; unit: IngredientUnit }>(schema: z.ZodType<F>) =>
  schema.refine((f) => (INGREDIENT_UNITS[f.type] as readonly string[]).includes(f.unit), {
    message: 'product.validation.unit',
    path: ['unit'],
  });

export const ingredientForm = unitFits(ingredientFields);
export type IngredientForm = z.infer<typeof ingredientForm>;

export const ingredientItem = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  type: z.enum(INGREDIENT_TYPES),
  unit: z.enum(ALL_UNITS),
  tenantId: z.number().int(),
  tenantName: z.string(),
  createdAt: isoTime,
});
export type IngredientItem = z.infer<typeof ingredientItem>;

export const ingredientFilter = z.object({
  /** Name (also by pinyin) or number. */
  keyword: str().trim().max(INGREDIENT_LIMITS.name).optional(),
  type: z.enum(INGREDIENT_TYPES).optional(),
  tenantId: ref('tenant').optional(),
});

/** Ingredients are set up beside the categories (spec §2: a hidden page under classification): the product codes. */
const ingredientAccess = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: ['5-1', '5-2'] } as const;
const ingredientParams = refParams('ingredient');

export const ingredientApi = {
  'product.ingredientPage': endpoint({
    method: 'POST',
    path: '/ingredient/page',
    summary:
      'Ingredients visible to the caller, by number, filtered by keyword (name, pinyin, number), type and tenant.',
    query: pageQuery,
    body: ingredientFilter,
    content: page(ingredientItem),
    access: ingredientAccess,
  }),
  'product.ingredientCreate': endpoint({
    method: 'POST',
    path: '/ingredient',
    summary:
      'Create an ingredient; a system admin names the tenant (1402); the number is unique per tenant (2802); the unit fits the type.',
    body: unitFits(ingredientFields.extend({ tenantId: ref('tenant').optional() })),
    content: ingredientItem,
    access: ingredientAccess,
  }),
  'product.ingredientUpdate': endpoint({
    method: 'PUT',
    path: '/ingredient/:id',
    summary: 'Edit an ingredient.',
    params: ingredientParams,
    body: ingredientForm,
    content: ingredientItem,
    access: ingredientAccess,
  }),
  'product.ingredientDelete': endpoint({
    method: 'DELETE',
    path: '/ingredient/:id',
    summary: 'Delete an ingredient.',
    params: ingredientParams,
    content: empty,
    access: ingredientAccess,
  }),
} as const;
