/**
 * The form of a product's information for one custom model (editNweGoods):
 * attribute values as typed (`attributes.a<id>`, as the new product form
 * keeps them) and one picture per model image (`images.i<id>`, the uploader's
 * list of at most one). Checked by the server's reading (`valueProblem`),
 * required pictures too.
 */
import { z } from 'zod';
import {
  valueProblem,
  type AttributeValue,
  type CustomInfoForm,
  type CustomInfoItem,
  type CustomModelDetail,
} from '../../shared/product/index.js';
import { attributeKey, typedOf, valueOf, type TypedValue } from './newGoodsSchema.js';

export interface CustomInfoValues {
  attributes: Record<string, TypedValue>;
  images: Record<string, string[]>;
}

export const imageKey = (id: number | string) => `i${id}`;

export function customInfoDefaults(model: CustomModelDetail, saved: CustomInfoItem | undefined): CustomInfoValues {
  return {
    attributes: Object.fromEntries(model.attributes.map((a) => [attributeKey(a.id), typedOf(saved?.attributes[a.id])])),
    images: Object.fromEntries(
      model.images.map((i) => [imageKey(i.id), saved?.images[i.id] ? [saved.images[i.id]!] : []]),
    ),
  };
}

export function customInfoSchema(model: CustomModelDetail): z.ZodType<CustomInfoValues, CustomInfoValues> {
  return z
    .object({ attributes: z.record(z.string(), z.any()), images: z.record(z.string(), z.array(z.string())) })
    .superRefine((v, ctx) => {
      for (const a of model.attributes) {
        const problem = valueProblem(a, valueOf(a, v.attributes[attributeKey(a.id)] as TypedValue));
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['attributes', attributeKey(a.id)] });
      }
      for (const i of model.images) {
        if (i.required && !v.images[imageKey(i.id)]?.length)
          ctx.addIssue({
            code: 'custom',
            message: 'product.validation.imageRequired',
            path: ['images', imageKey(i.id)],
          });
      }
    }) as never;
}

export function customInfoBody(model: CustomModelDetail, v: CustomInfoValues): CustomInfoForm {
  const attributes: Record<string, AttributeValue> = {};
  for (const a of model.attributes) {
    const value = valueOf(a, v.attributes[attributeKey(a.id)]);
    // A switch left off is no information: the model's information stays empty until something is said.
    if (
      value !== undefined &&
      !(Array.isArray(value) && value.length === 0) &&
      !(a.kind === 'boolean' && value === false && !a.required)
    )
      attributes[a.id] = value;
  }
  const images: Record<string, string> = {};
  for (const i of model.images) {
    const file = v.images[imageKey(i.id)]?.[0];
    if (file) images[i.id] = file;
  }
  return { attributes, images };
}

/** Server field paths (`attributes.12`, `images.3`) as the form names them. */
export const formPath = (path: string): string =>
  path.replace(/^attributes\.(\d+)$/, 'attributes.a$1').replace(/^images\.(\d+)$/, 'images.i$1');
