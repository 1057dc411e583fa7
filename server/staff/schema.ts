/** Custom roles of a tenant (spec §3 Role, §6): a named set of power codes held by members. */
import { sql } from 'drizzle-orm';
import { pgTable, integer, text, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { tenants } from '../tenant/schema.js';

export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  tenantId: integer('tenant_id').notNull().references(() => tenants.id),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  powers: text('powers').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
}, (t) => [
  index('roles_tenant_idx').on(t.tenantId),
  // A role's name is unique within its tenant (1522): the index decides a race.
  uniqueIndex('roles_tenant_name_idx').on(t.tenantId, t.name),
]);
