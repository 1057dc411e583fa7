/**
 * Image formats of a category (spec §2 imgFormat): numbers unique within the
 * category; another tenant's category or format answers like a missing one
 * (1104, 2806).
 */
import { and, asc, eq } from 'drizzle-orm';
import { CODE, type ApiInput } from '../../shared/domains.js';
import type { ImageFormatItem } from '../../shared/product/index.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { numbered } from '../http/numbered.js';
import type { Scope } from '../scope.js';
import { categoryTenantInScope } from './categories.js';
import { productCategories as c, productImageFormats as f } from './schema.js';

const selectFormats = (db: Queryable) =>
  db
    .select({
      id: f.id,
      categoryId: f.categoryId,
      categoryName: c.name,
      tenantId: f.tenantId,
      name: f.name,
      number: f.number,
      description: f.description,
      required: f.required,
      formatName: f.formatName,
      createdAt: f.createdAt,
    })
    .from(f)
    .innerJoin(c, eq(c.id, f.categoryId));

const toItem = (row: Awaited<ReturnType<typeof selectFormats>>[number]): ImageFormatItem => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

async function formatInScope(db: Queryable, scope: Scope, id: number): Promise<ImageFormatItem> {
  const [row] = await selectFormats(db).where(and(eq(f.id, id), scope.where(f.tenantId)));
  if (!row) throw new BizError(CODE.imageFormatNotFound);
  return toItem(row);
}

const numbers = numbered({
  table: f,
  id: f.id,
  number: f.number,
  within: f.categoryId,
  taken: CODE.imageFormatNumberTaken,
});

/** A category's image formats, oldest first. */
export async function imageFormatList(db: Queryable, scope: Scope, categoryId: number) {
  await categoryTenantInScope(db, scope, categoryId);
  return (await selectFormats(db).where(eq(f.categoryId, categoryId)).orderBy(asc(f.id))).map(toItem);
}

export async function createImageFormat(
  db: Queryable,
  scope: Scope,
  body: ApiInput<'product.imageFormatCreate'>['body'],
) {
  const { categoryId, ...form } = body;
  const tenantId = await categoryTenantInScope(db, scope, categoryId);
  const id = await numbers.write(db, { within: categoryId, number: form.number }, async () => {
    const [created] = await db
      .insert(f)
      .values({ ...form, categoryId, tenantId })
      .returning({ id: f.id });
    return created!.id;
  });
  return formatInScope(db, scope, id);
}

export async function updateImageFormat(
  db: Queryable,
  scope: Scope,
  id: number,
  body: ApiInput<'product.imageFormatUpdate'>['body'],
) {
  const current = await formatInScope(db, scope, id);
  await numbers.write(db, { within: current.categoryId, number: body.number, except: current.id }, async () => {
    await db
      .update(f)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(f.id, current.id));
  });
  return formatInScope(db, scope, current.id);
}

/** 2806 when it is missing or another tenant's. */
export async function deleteImageFormat(db: Queryable, scope: Scope, id: number) {
  const [deleted] = await db
    .delete(f)
    .where(and(eq(f.id, id), scope.where(f.tenantId)))
    .returning({ id: f.id });
  if (!deleted) throw new BizError(CODE.imageFormatNotFound);
}
