/**
 * The nweGoods form (spec §5, new library): the shared fields with the image
 * as the uploader's list of one, the price typed in yuan, dates as typed in
 * the kit's date field ('' for none), and the attribute values as typed, keyed
 * `a<id>` (a bare number would make react-hook-form read an array index).
 * The category's attributes check their values with the server's reading
 * (`valueProblem`); English texts once saved may not be emptied.
 */
import { z } from 'zod';
import { parseYuan } from '../../shared/format.js';
import { parseDateText } from '../kit/dateText.js';
import {
  ENGLISH_FIELDS,
  newProductFields,
  PRICE_MAX_FEN,
  recipeForm,
  valueProblem,
  type AttributeItem,
  type AttributeValue,
  type NewProductItem,
  type RecipeForm,
} from '../../shared/product/index.js';
import type { TenantChoice } from '../kit/index.js';
import { yuanText } from './productSchema.js';

/** A value as its input holds it: text (also a number being typed), options, or yes/no. */
export type TypedValue = string | string[] | boolean | undefined;
export const attributeKey = (id: number | string) => `a${id}`;

export interface NewGoodsValues {
  image: string[];
  number: string;
  name: string;
  englishName: string;
  brief: string;
  englishBrief: string;
  description: string;
  englishDescription: string;
  categoryId: number | undefined;
  model: string;
  price: string;
  tags: string[];
  startDate: string;
  endDate: string;
  attributes: Record<string, TypedValue>;
  recipe: RecipeValues;
  tenantId?: number | undefined;
}

/** The recipe as its inputs hold it: switched off for goods sold as they are; quantities as typed. */
export interface RecipeValues {
  enabled: boolean;
  number: string;
  name: string;
  items: { ingredientId: number | undefined; quantity: string }[];
}

/** The recipe the API takes, or null when switched off. */
export const recipeOf = (r: RecipeValues): RecipeForm | null =>
  r.enabled
    ? {
        number: r.number.trim(),
        name: r.name.trim(),
        items: r.items.map((i) => ({
          ingredientId: i.ingredientId ?? 0,
          quantity: i.quantity.trim() === '' ? NaN : Number(i.quantity),
        })),
      }
    : null;

/** What the API takes for a typed value: a number for a range, nothing for an empty input. */
export function valueOf(attribute: Pick<AttributeItem, 'kind'>, typed: TypedValue): AttributeValue | undefined {
  // A switch that was never touched says no.
  if (attribute.kind === 'boolean') return typed === true;
  if (typed === undefined || typed === '') return undefined;
  if (attribute.kind === 'range' && typeof typed === 'string') return Number(typed.trim());
  return typeof typed === 'string' ? typed.trim() : typed;
}

/** The value as its input shows it. */
export function typedOf(value: AttributeValue | undefined): TypedValue {
  if (value === undefined) return undefined;
  return typeof value === 'number' ? String(value) : value;
}

const price = z.string().refine(
  (v) => {
    const fen = parseYuan(v);
    return fen !== null && fen >= 1 && fen <= PRICE_MAX_FEN;
  },
  { message: 'product.validation.price' },
);
const tenantId = z.number({ error: 'validation.required' }).int().positive();

export function newGoodsSchema(
  choice: TenantChoice,
  attributes: readonly AttributeItem[],
  saved?: NewProductItem,
): z.ZodType<NewGoodsValues, NewGoodsValues> {
  const fields = newProductFields.extend({
    image: z
      .array(z.string())
      .min(1, { message: 'product.validation.imageRequired' })
      .max(1, { message: 'validation.maxItems' }),
    categoryId: z.number({ error: 'validation.required' }).int().positive(),
    price,
    // Typed in the kit's date field: '' for none, else a yyyy-mm-dd that exists (tidied from 2026/11/5 when left).
    startDate: z
      .string()
      .trim()
      .refine((d) => d === '' || parseDateText(d, 'date') === d, { message: 'dateField.invalidDate' }),
    endDate: z
      .string()
      .trim()
      .refine((d) => d === '' || parseDateText(d, 'date') === d, { message: 'dateField.invalidDate' }),
    attributes: z.record(z.string(), z.any()),
    recipe: z.any(),
    ...(choice === 'required' ? { tenantId } : choice === 'optional' ? { tenantId: tenantId.optional() } : {}),
  });
  return fields.superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.startDate > v.endDate)
      ctx.addIssue({ code: 'custom', message: 'product.validation.endBeforeStart', path: ['endDate'] });
    for (const field of ENGLISH_FIELDS) {
      if (saved && saved[field] !== '' && v[field].trim() === '')
        ctx.addIssue({ code: 'custom', message: 'product.validation.englishCleared', path: [field] });
    }
    // The recipe by the shared rules; an ingredient not chosen is said at its own input.
    const recipe = recipeOf(v.recipe as RecipeValues);
    if (recipe) {
      (v.recipe as RecipeValues).items.forEach((item, i) => {
        if (item.ingredientId === undefined)
          ctx.addIssue({
            code: 'custom',
            message: 'validation.required',
            path: ['recipe', 'items', i, 'ingredientId'],
          });
      });
      const checked = recipeForm.safeParse(recipe);
      for (const issue of checked.success ? [] : checked.error.issues) {
        if (issue.path[issue.path.length - 1] !== 'ingredientId')
          ctx.addIssue({
            code: 'custom',
            message: issue.message,
            path: ['recipe', ...issue.path] as (string | number)[],
          });
      }
    }
    for (const attribute of attributes) {
      const problem = valueProblem(
        attribute,
        valueOf(attribute, v.attributes[attributeKey(attribute.id)] as TypedValue),
      );
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['attributes', attributeKey(attribute.id)] });
    }
  }) as never;
}

/** The form's starting values: the saved product's, or an empty form. */
export function newGoodsDefaults(saved: NewProductItem | undefined, tenantId: number | undefined): NewGoodsValues {
  return {
    image: saved ? saved.images.slice(0, 1) : [],
    number: saved?.number ?? '',
    name: saved?.name ?? '',
    englishName: saved?.englishName ?? '',
    brief: saved?.brief ?? '',
    englishBrief: saved?.englishBrief ?? '',
    description: saved?.description ?? '',
    englishDescription: saved?.englishDescription ?? '',
    categoryId: saved?.categoryId,
    model: saved?.model ?? '',
    price: saved ? yuanText(saved.price) : '',
    tags: saved ? [...saved.tags] : [],
    startDate: saved?.startDate ?? '',
    endDate: saved?.endDate ?? '',
    attributes: Object.fromEntries(
      Object.entries(saved?.attributes ?? {}).map(([id, value]) => [attributeKey(id), typedOf(value)]),
    ),
    recipe: saved?.recipe
      ? {
          enabled: true,
          number: saved.recipe.number,
          name: saved.recipe.name,
          items: saved.recipe.items.map((i) => ({ ingredientId: i.ingredientId, quantity: String(i.quantity) })),
        }
      : { enabled: false, number: '', name: '', items: [{ ingredientId: undefined, quantity: '' }] },
    tenantId,
  };
}

/** The request body of the form's values, the attributes keyed by id again. */
export function newGoodsBody(v: NewGoodsValues, attributes: readonly AttributeItem[]) {
  const values: Record<string, AttributeValue> = {};
  for (const attribute of attributes) {
    const value = valueOf(attribute, v.attributes[attributeKey(attribute.id)]);
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) values[attribute.id] = value;
  }
  return {
    image: v.image[0]!,
    number: v.number,
    name: v.name,
    englishName: v.englishName,
    brief: v.brief,
    englishBrief: v.englishBrief,
    description: v.description,
    englishDescription: v.englishDescription,
    categoryId: v.categoryId!,
    model: v.model,
    price: parseYuan(v.price)!,
    tags: v.tags,
    startDate: v.startDate || null,
    endDate: v.endDate || null,
    attributes: values,
    recipe: recipeOf(v.recipe),
  };
}
