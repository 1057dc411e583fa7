/**
 * Attributes of a category (spec §2 setProperty). The rule is checked by the
 * body's schema (shared/product/attribute.ts); numbers are unique within the
 * category, and another tenant's category or attribute answers like a missing
 * one (1104, 2803).
 */
import { and, eq } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { BizError } from '../http/errors.js';
import { defineHandlers } from '../http/handlers.js';
import { attributeInScope, attributeNumbers, attributesOf, categoryLine } from './attributes.js';
import { categoryTenantInScope } from './categories.js';
import { productAttributes } from './schema.js';

export const attributeHandlers = defineHandlers({
  'product.attributeList': async ({ body }, { db, scope }) => {
    const line = await categoryLine(db, scope, body.categoryId);
    return attributesOf(db, line.ids);
  },

  'product.attributeCreate': async ({ body }, { db, scope }) => {
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
  },

  'product.attributeUpdate': async ({ params, body }, { db, scope }) => {
    const current = await attributeInScope(db, scope, params.id);
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
  },

  'product.attributeDelete': async ({ params }, { db, scope }) => {
    const [deleted] = await db
      .delete(productAttributes)
      .where(and(eq(productAttributes.id, params.id), scope.where(productAttributes.tenantId)))
      .returning({ id: productAttributes.id });
    if (!deleted) throw new BizError(CODE.attributeNotFound);
  },
});
