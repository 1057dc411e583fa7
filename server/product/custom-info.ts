/**
 * A new-library product's information per custom model (spec §2
 * editNweGoods): attribute values within the model's rules and pictures the
 * scope holds, every problem at once as field errors (`attributes.<id>`,
 * `images.<id>`). Saving nothing removes the product's information for the model.
 */
import { and, asc, eq } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import {
  isEmptyValue,
  valueProblem,
  type AttributeValue,
  type CustomAttributeItem,
  type CustomImageItem,
  type CustomInfoForm,
  type CustomInfoItem,
} from '../../shared/product/index.js';
import type { Queryable } from '../db/index.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { grantFiles } from '../file/index.js';
import { checkImages, newItemInScope } from './products.js';
import { customModelAttributes, customModelImages, customModels, productCustomInfo } from './schema.js';

export const stamp = <R extends { createdAt: Date }>(row: R) => ({ ...row, createdAt: row.createdAt.toISOString() });
/** A model's attributes and images, in the order added. */
export const modelAttributes = async (db: Queryable, modelId: number): Promise<CustomAttributeItem[]> =>
  (
    await db
      .select()
      .from(customModelAttributes)
      .where(eq(customModelAttributes.modelId, modelId))
      .orderBy(asc(customModelAttributes.id))
  ).map(stamp);
export const modelImages = async (db: Queryable, modelId: number): Promise<CustomImageItem[]> =>
  (
    await db
      .select()
      .from(customModelImages)
      .where(eq(customModelImages.modelId, modelId))
      .orderBy(asc(customModelImages.id))
  ).map(stamp);

export async function customInfoOf(db: Queryable, scope: Scope, productId: number): Promise<CustomInfoItem[]> {
  await newItemInScope(db, scope, productId);
  return db
    .select({
      modelId: productCustomInfo.modelId,
      attributes: productCustomInfo.attributes,
      images: productCustomInfo.images,
    })
    .from(productCustomInfo)
    .where(eq(productCustomInfo.productId, productId))
    .orderBy(productCustomInfo.modelId);
}

export async function saveCustomInfo(
  db: Queryable,
  scope: Scope,
  productId: number,
  modelId: number,
  body: CustomInfoForm,
): Promise<CustomInfoItem> {
  const product = await newItemInScope(db, scope, productId);
  const [found] = await db.select({ id: customModels.id }).from(customModels).where(eq(customModels.id, modelId));
  if (!found) throw new BizError(CODE.customModelNotFound);
  const [attributes, images] = await Promise.all([modelAttributes(db, modelId), modelImages(db, modelId)]);

  const fields: Record<string, string> = {};
  const values: Record<string, AttributeValue> = {};
  const known = new Set(attributes.map((a) => String(a.id)));
  for (const key of Object.keys(body.attributes))
    if (!known.has(key)) fields[`attributes.${key}`] = 'product.validation.attrUnknown';
  for (const attribute of attributes) {
    const value = body.attributes[attribute.id];
    const problem = valueProblem(attribute, value);
    if (problem) fields[`attributes.${attribute.id}`] = problem;
    else if (value !== undefined && !isEmptyValue(value)) values[attribute.id] = value;
  }
  const knownImages = new Set(images.map((i) => String(i.id)));
  for (const key of Object.keys(body.images))
    if (!knownImages.has(key)) fields[`images.${key}`] = 'product.validation.attrUnknown';
  for (const image of images)
    if (image.required && !body.images[image.id]) fields[`images.${image.id}`] = 'product.validation.imageRequired';
  if (Object.keys(fields).length) throw new RequestValidationError(fields);

  const files = Object.values(body.images);
  await checkImages(db, scope, files);
  await db.transaction(async (tx) => {
    await tx
      .delete(productCustomInfo)
      .where(and(eq(productCustomInfo.productId, product.id), eq(productCustomInfo.modelId, modelId)));
    if (Object.keys(values).length || files.length)
      await tx
        .insert(productCustomInfo)
        .values({ productId: product.id, modelId, attributes: values, images: body.images });
    if (files.length) await grantFiles(tx, files, product.tenantId);
  });
  return { modelId, attributes: values, images: body.images };
}
