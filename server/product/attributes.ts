/** Reading a category's attributes (spec §3 Attribute) as the API shows them, within the caller's scope. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Api } from '../../shared/domains.js';
import type { HandlerInput } from '../http/handlers.js';
import { alias } from 'drizzle-orm/pg-core';
import { CODE } from '../../shared/domains.js';
import type { AttributeItem } from '../../shared/product/index.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { numbered } from '../http/numbered.js';
import type { Scope } from '../scope.js';
import { productAttributes as a, productAttributes, productCategories as c } from './schema.js';
import { categoryTenantInScope } from './categories.js';

const selectAttributes = (db: Queryable) =>
  db
    .select({
      id: a.id,
      categoryId: a.categoryId,
      categoryName: c.name,
      tenantId: a.tenantId,
      groupName: a.groupName,
      name: a.name,
      number: a.number,
      kind: a.kind,
      required: a.required,
      rule: a.rule,
      unit: a.unit,
      createdAt: a.createdAt,
      depth: c.depth,
    })
    .from(a)
    .innerJoin(c, eq(c.id, a.categoryId));

type Row = Awaited<ReturnType<typeof selectAttributes>>[number];
const toItem = ({ depth: _, ...row }: Row): AttributeItem => ({ ...row, createdAt: row.createdAt.toISOString() });

const parent = alias(c, 'parent');
const grandparent = alias(c, 'grandparent');

/**
 * The category and those above it, top first; 1104 when it is not in scope.
 * Three levels at most (CATEGORY_DEPTH), so two joins say it without recursion.
 */
export async function categoryLine(
  db: Queryable,
  scope: Scope,
  id: number,
): Promise<{ ids: number[]; tenantId: number }> {
  const [row] = await db
    .select({ id: c.id, tenantId: c.tenantId, parentId: parent.id, grandparentId: grandparent.id })
    .from(c)
    .leftJoin(parent, eq(parent.id, c.parentId))
    .leftJoin(grandparent, eq(grandparent.id, parent.parentId))
    .where(and(eq(c.id, id), scope.where(c.tenantId)));
  if (!row) throw new BizError(CODE.categoryNotFound);
  return {
    ids: [row.grandparentId, row.parentId, row.id].filter((x): x is number => x !== null),
    tenantId: row.tenantId,
  };
}

/** The attributes of these categories: the upper categories' first, then in the order they were added (the form groups them by their first). */
export async function attributesOf(db: Queryable, categoryIds: readonly number[]): Promise<AttributeItem[]> {
  if (!categoryIds.length) return [];
  const rows = await selectAttributes(db)
    .where(inArray(a.categoryId, [...categoryIds]))
    .orderBy(asc(c.depth), asc(a.id));
  return rows.map(toItem);
}

/** The attribute as an item, or 2803 when it does not exist or lies outside the scope (the same answer). */
export async function attributeInScope(db: Queryable, scope: Scope, id: number): Promise<AttributeItem> {
  const [row] = await selectAttributes(db).where(and(eq(a.id, id), scope.where(a.tenantId)));
  if (!row) throw new BizError(CODE.attributeNotFound);
  return toItem(row);
}

/** 2804 when the category has an attribute of this number (another than `except`). */
/** An attribute's number is unique within its category. */
export const attributeNumbers = numbered({
  table: a,
  id: a.id,
  number: a.number,
  within: a.categoryId,
  taken: CODE.attributeNumberTaken,
});

/** A category's attributes with those it inherits from its parents. */
export async function attributeList(db: Queryable, scope: Scope, categoryId: number) {
  const line = await categoryLine(db, scope, categoryId);
  return attributesOf(db, line.ids);
}

export async function createAttribute(
  db: Queryable,
  scope: Scope,
  body: HandlerInput<Api['product.attributeCreate']>['body'],
) {
  const { categoryId, ...form } = body;
  const tenantId = await categoryTenantInScope(db, scope, categoryId);
  const id = await attributeNumbers.write(db, { within: categoryId, number: form.number }, async () => {
    const [created] = await db
      .insert(productAttributes)
      .values({ ...form, categoryId, tenantId })
      .returning({ id: productAttributes.id });
    return created!.id;
  });
  return attributeInScope(db, scope, id);
}

export async function updateAttribute(
  db: Queryable,
  scope: Scope,
  id: number,
  body: HandlerInput<Api['product.attributeUpdate']>['body'],
) {
  const current = await attributeInScope(db, scope, id);
  await attributeNumbers.write(
    db,
    { within: current.categoryId, number: body.number, except: current.id },
    async () => {
      await db
        .update(productAttributes)
        .set({ ...body, updatedAt: new Date() })
        .where(eq(productAttributes.id, current.id));
    },
  );
  return attributeInScope(db, scope, current.id);
}

/** 2803 when it is missing or another tenant's. */
export async function deleteAttribute(db: Queryable, scope: Scope, id: number) {
  const [deleted] = await db
    .delete(productAttributes)
    .where(and(eq(productAttributes.id, id), scope.where(productAttributes.tenantId)))
    .returning({ id: productAttributes.id });
  if (!deleted) throw new BizError(CODE.attributeNotFound);
}
