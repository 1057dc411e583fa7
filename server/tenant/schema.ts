/** Distributors (spec §3 Tenant). A first-level tenant has no parent; a second-level tenant's parent is first-level. */
import { pgTable, integer, text, index, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';

export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  parentId: integer('parent_id').references((): AnyPgColumn => tenants.id),
  name: text('name').notNull(),
  contact: text('contact').notNull(),
  createdAt: createdAt(),
}, (t) => [index('tenants_parent_idx').on(t.parentId)]);
