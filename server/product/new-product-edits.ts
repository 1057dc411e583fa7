/**
 * Products of the new library (spec §2 merchandise, nweGoods; §5). Beside the
 * old library's checks (scope, category of the tenant, held image, number
 * unique per tenant): the attribute values fit the rules of the category and
 * the categories above it, English texts once set are not emptied, and a new
 * category needs a new image (2805) — its picture shows what the old
 * category was, and its attributes must be filled in again.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import {
  ENGLISH_FIELDS,
  isEmptyValue,
  valueProblem,
  type AttributeValue,
  type RecipeForm,
} from '../../shared/product/index.js';
import type { Queryable } from '../db/index.js';
import { searchKey } from '../db/pinyin.js';
import { BizError, RequestValidationError, uniqueAs } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { grantFiles } from '../file/index.js';
import { owningTenant } from '../tenant/index.js';
import { attributesOf, categoryLine } from './attributes.js';
import { checkCategory, checkImages, lockProduct, newItemInScope, productNumbers, setImages } from './products.js';
import { ingredients, productImages, productRecipeItems, productRecipes, products } from './schema.js';
import type { Api } from '../../shared/domains.js';
import type { HandlerInput } from '../http/handlers.js';
import type { Db } from '../db/index.js';
import type { AuthUser } from '../http/principal.js';

/**
 * The values checked against the attributes a product of the category fills
 * in, kept without the empty ones; every problem at once, as field errors
 * (`attributes.<id>`), so the form marks each input. A value for an attribute
 * the category does not have is refused: after a category change the form
 * fills in the new category's.
 */
async function checkedAttributes(
  db: Queryable,
  scope: Scope,
  categoryId: number,
  values: Record<string, AttributeValue>,
) {
  const attributes = await attributesOf(db, (await categoryLine(db, scope, categoryId)).ids);
  const known = new Set(attributes.map((a) => String(a.id)));
  const fields: Record<string, string> = {};
  for (const key of Object.keys(values))
    if (!known.has(key)) fields[`attributes.${key}`] = 'product.validation.attrUnknown';
  const kept: Record<string, AttributeValue> = {};
  for (const attribute of attributes) {
    const value = values[attribute.id];
    const problem = valueProblem(attribute, value);
    if (problem) fields[`attributes.${attribute.id}`] = problem;
    else if (value !== undefined && !isEmptyValue(value)) kept[attribute.id] = value;
  }
  if (Object.keys(fields).length) throw new RequestValidationError(fields);
  return kept;
}

/** Replaces the product's recipe; its ingredients are the product's tenant's (else 2801, as for a missing one). */
async function setRecipe(tx: Queryable, productId: number, tenantId: number, recipe: RecipeForm | null): Promise<void> {
  await tx.delete(productRecipes).where(eq(productRecipes.productId, productId));
  if (!recipe) return;
  const ids = recipe.items.map((i) => i.ingredientId);
  const found = await tx
    .select({ id: ingredients.id })
    .from(ingredients)
    .where(and(inArray(ingredients.id, ids), eq(ingredients.tenantId, tenantId)));
  if (found.length !== new Set(ids).size) throw new BizError(CODE.ingredientNotFound);
  await tx.insert(productRecipes).values({ productId, number: recipe.number, name: recipe.name });
  await tx.insert(productRecipeItems).values(recipe.items.map((item, position) => ({ productId, position, ...item })));
}

const searchOf = (form: { name: string; number: string; englishName: string }) =>
  searchKey(form.name, form.number, form.englishName);

export async function createNewProduct(
  db: Db,
  user: AuthUser,
  scope: Scope,
  body: HandlerInput<Api['product.newCreate']>['body'],
) {
  const { tenantId: requested, image, attributes, recipe, ...form } = body;
  const tenantId = await owningTenant(db, user, scope, requested);
  await checkCategory(db, scope, form.categoryId, tenantId);
  await checkImages(db, scope, [image]);
  const values = await checkedAttributes(db, scope, form.categoryId, attributes);
  const id = await uniqueAs(CODE.productNumberTaken, () =>
    db.transaction(async (tx) => {
      await productNumbers.check(tx, { within: tenantId, number: form.number });
      const [created] = await tx
        .insert(products)
        .values({ ...form, attributes: values, tenantId, library: 'new', search: searchOf(form) })
        .returning({ id: products.id });
      await setImages(tx, created!.id, [image]);
      await setRecipe(tx, created!.id, tenantId, recipe);
      await grantFiles(tx, [image], tenantId);
      return created!.id;
    }),
  );
  return newItemInScope(db, scope, id);
}

export async function updateNewProduct(
  db: Db,
  scope: Scope,
  id: number,
  body: HandlerInput<Api['product.newUpdate']>['body'],
) {
  const { image, attributes, recipe, ...form } = body;
  await uniqueAs(CODE.productNumberTaken, () =>
    db.transaction(async (tx) => {
      const product = await lockProduct(tx, scope, 'new', id);
      const cleared = ENGLISH_FIELDS.filter((f) => product[f] !== '' && form[f] === '');
      if (cleared.length)
        throw new RequestValidationError(
          Object.fromEntries(cleared.map((f) => [f, 'product.validation.englishCleared'])),
        );
      await checkCategory(tx, scope, form.categoryId, product.tenantId);
      if (form.categoryId !== product.categoryId) {
        const [current] = await tx
          .select({ fileId: productImages.fileId })
          .from(productImages)
          .where(and(eq(productImages.productId, product.id), eq(productImages.position, 0)));
        if (current?.fileId === image) throw new BizError(CODE.categoryChangeNeedsNewImage);
      }
      await checkImages(tx, scope, [image]);
      const values = await checkedAttributes(tx, scope, form.categoryId, attributes);
      await productNumbers.check(tx, { within: product.tenantId, number: form.number, except: product.id });
      await tx
        .update(products)
        .set({ ...form, attributes: values, search: searchOf(form), updatedAt: new Date() })
        .where(eq(products.id, product.id));
      await setImages(tx, product.id, [image]);
      await setRecipe(tx, product.id, product.tenantId, recipe);
      await grantFiles(tx, [image], product.tenantId);
    }),
  );
  return newItemInScope(db, scope, id);
}
