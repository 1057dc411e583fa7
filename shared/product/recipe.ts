/**
 * A product's recipe (spec §3 "recipe (number, name, ingredients)"): what a
 * coffee or fresh-drink machine makes one serving from — the tenant's
 * ingredients, each with a quantity in the ingredient's unit.
 */
import { z } from 'zod';
import { ref, text } from '../api/define.js';
import { ALL_UNITS } from './ingredient.js';

export const RECIPE_LIMITS = { number: 20, name: 20, items: 20, quantity: 100_000 } as const;

export const recipeItemForm = z.object({
  ingredientId: ref('ingredient'),
  /** In the ingredient's unit; up to three decimals (0.25 l, 18 g). */
  quantity: z
    .number({ error: 'product.validation.quantity' })
    .gt(0, { message: 'product.validation.quantity' })
    .max(RECIPE_LIMITS.quantity, { message: 'product.validation.quantity' })
    .refine((q) => Number.isInteger(Math.round(q * 1000)) && Math.abs(q * 1000 - Math.round(q * 1000)) < 1e-6, {
      message: 'product.validation.quantity',
    }),
});

export const recipeForm = z.object({
  number: text(RECIPE_LIMITS.number).regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.code' }),
  name: text(RECIPE_LIMITS.name),
  items: z
    .array(recipeItemForm)
    .min(1, { message: 'product.validation.recipeEmpty' })
    .max(RECIPE_LIMITS.items, { message: 'validation.maxItems' })
    .refine((items) => new Set(items.map((i) => i.ingredientId)).size === items.length, {
      message: 'product.validation.ingredientRepeat',
    }),
});
export type RecipeForm = z.infer<typeof recipeForm>;

export const recipeItem = z.object({
  number: z.string(),
  name: z.string(),
  items: z.array(
    z.object({
      ingredientId: z.number().int(),
      ingredientName: z.string(),
      unit: z.enum(ALL_UNITS),
      quantity: z.number(),
    }),
  ),
});
export type RecipeItem = z.infer<typeof recipeItem>;
