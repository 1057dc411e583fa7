/**
 * Custom models (spec §2 commodityInfor, infoDetails, imgDetails) for the
 * system admin, and a product's information per model (editNweGoods) for the
 * tenants. Numbers are unique (models) and unique within a model (their
 * attributes and images); a model carried by products is not deleted.
 */
import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { CustomModelItem } from '../../shared/product/index.js';
import type { Queryable } from '../db/index.js';
import { containsPattern, FOREIGN_KEY_VIOLATION, pgErrorCode } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import { numbered } from '../http/numbered.js';
import {
  customModelAttributes as ma,
  customModelImages as mi,
  customModels as m,
  productCustomInfo,
} from './schema.js';
import { modelAttributes, modelImages, stamp } from './custom-info.js';
import { paged } from '../http/paged.js';
import type { Api } from '../../shared/domains.js';
import type { HandlerInput } from '../http/handlers.js';
import type { Db } from '../db/index.js';

const modelColumns = {
  id: m.id,
  name: m.name,
  number: m.number,
  description: m.description,
  createdAt: m.createdAt,
  // Spelled out: in a one-table select drizzle leaves columns unqualified, and a bare "id" would mean the subquery's own.
  attributeCount: sql<number>`(select count(*)::int from custom_model_attributes a where a.model_id = custom_models.id)`,
  imageCount: sql<number>`(select count(*)::int from custom_model_images i where i.model_id = custom_models.id)`,
};
const toModel = (row: { createdAt: Date } & Omit<CustomModelItem, 'createdAt'>): CustomModelItem => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

async function model(db: Queryable, id: number): Promise<CustomModelItem> {
  const [row] = await db.select(modelColumns).from(m).where(eq(m.id, id));
  if (!row) throw new BizError(CODE.customModelNotFound);
  return toModel(row);
}

/** A model's number is unique on the platform (2810); a detail's within its model (2812). */
const modelNumbers = numbered({ table: m, id: m.id, number: m.number, taken: CODE.customModelNumberTaken });
const detailNumbers = {
  attribute: numbered({
    table: ma,
    id: ma.id,
    number: ma.number,
    within: ma.modelId,
    taken: CODE.customDetailNumberTaken,
  }),
  image: numbered({ table: mi, id: mi.id, number: mi.number, within: mi.modelId, taken: CODE.customDetailNumberTaken }),
};

async function detailModel(db: Queryable, table: typeof ma | typeof mi, id: number): Promise<number> {
  const [row] = await db.select({ modelId: table.modelId }).from(table).where(eq(table.id, id));
  if (!row) throw new BizError(CODE.customDetailNotFound);
  return row.modelId;
}

async function deleteDetail(db: Queryable, table: typeof ma | typeof mi, id: number) {
  const [gone] = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  if (!gone) throw new BizError(CODE.customDetailNotFound);
}

export async function customModelPage(
  db: Db,
  query: HandlerInput<Api['product.customModelPage']>['query'],
  body: HandlerInput<Api['product.customModelPage']>['body'],
) {
  const where = body.keyword
    ? or(ilike(m.name, containsPattern(body.keyword)), ilike(m.number, containsPattern(body.keyword)))
    : undefined;
  return paged(
    query,
    db.select(modelColumns).from(m).where(where).orderBy(asc(m.number)),
    db.select({ total: count() }).from(m).where(where),
    toModel,
  );
}

export async function customModelCreate(db: Db, body: HandlerInput<Api['product.customModelCreate']>['body']) {
  const id = await modelNumbers.write(
    db,
    { number: body.number },
    async () => (await db.insert(m).values(body).returning({ id: m.id }))[0]!.id,
  );
  return model(db, id);
}

export async function customModelUpdate(
  db: Db,
  id: number,
  body: HandlerInput<Api['product.customModelUpdate']>['body'],
) {
  await model(db, id);
  await modelNumbers.write(db, { number: body.number, except: id }, async () => {
    await db
      .update(m)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(m.id, id));
  });
  return model(db, id);
}

export async function customModelDelete(db: Db, id: number) {
  await model(db, id);
  const [used] = await db
    .select({ productId: productCustomInfo.productId })
    .from(productCustomInfo)
    .where(eq(productCustomInfo.modelId, id))
    .limit(1);
  if (used) throw new BizError(CODE.customModelInUse);
  try {
    await db.delete(m).where(eq(m.id, id));
  } catch (err) {
    // A product's information that arrived meanwhile holds the model by its key.
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw new BizError(CODE.customModelInUse);
    throw err;
  }
}

export async function customAttributeList(db: Db, body: HandlerInput<Api['product.customAttributeList']>['body']) {
  await model(db, body.modelId);
  return modelAttributes(db, body.modelId);
}

export async function customAttributeCreate(db: Db, body: HandlerInput<Api['product.customAttributeCreate']>['body']) {
  await model(db, body.modelId);
  const id = await detailNumbers.attribute.write(
    db,
    { within: body.modelId, number: body.number },
    async () => (await db.insert(ma).values(body).returning({ id: ma.id }))[0]!.id,
  );
  return stamp((await db.select().from(ma).where(eq(ma.id, id)))[0]!);
}

export async function customAttributeUpdate(
  db: Db,
  id: number,
  body: HandlerInput<Api['product.customAttributeUpdate']>['body'],
) {
  const modelId = await detailModel(db, ma, id);
  await detailNumbers.attribute.write(db, { within: modelId, number: body.number, except: id }, async () => {
    await db.update(ma).set(body).where(eq(ma.id, id));
  });
  return stamp((await db.select().from(ma).where(eq(ma.id, id)))[0]!);
}

export async function customAttributeDelete(db: Db, id: number) {
  return deleteDetail(db, ma, id);
}

export async function customImageList(db: Db, body: HandlerInput<Api['product.customImageList']>['body']) {
  await model(db, body.modelId);
  return modelImages(db, body.modelId);
}

export async function customImageCreate(db: Db, body: HandlerInput<Api['product.customImageCreate']>['body']) {
  await model(db, body.modelId);
  const id = await detailNumbers.image.write(
    db,
    { within: body.modelId, number: body.number },
    async () => (await db.insert(mi).values(body).returning({ id: mi.id }))[0]!.id,
  );
  return stamp((await db.select().from(mi).where(eq(mi.id, id)))[0]!);
}

export async function customImageUpdate(
  db: Db,
  id: number,
  body: HandlerInput<Api['product.customImageUpdate']>['body'],
) {
  const modelId = await detailModel(db, mi, id);
  await detailNumbers.image.write(db, { within: modelId, number: body.number, except: id }, async () => {
    await db.update(mi).set(body).where(eq(mi.id, id));
  });
  return stamp((await db.select().from(mi).where(eq(mi.id, id)))[0]!);
}

export async function customImageDelete(db: Db, id: number) {
  return deleteDetail(db, mi, id);
}

export async function customModels(db: Db) {
  const rows = await db.select(modelColumns).from(m).orderBy(asc(m.number));
  return Promise.all(
    rows.map(async (row) => ({
      ...toModel(row),
      attributes: await modelAttributes(db, row.id),
      images: await modelImages(db, row.id),
    })),
  );
}
