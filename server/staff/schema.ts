/** Custom roles of a tenant (spec §3 Role, §6): a named set of power codes held by members. */
import { sql } from 'drizzle-orm';
import { pgTable, integer, text, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { tenants } from '../tenant/schema.js';
import { points } from '../point/schema.js';

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    powers: text('powers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('roles_tenant_idx').on(t.tenantId),
    // A role's name is unique within its tenant (1522): the index decides a race.
    uniqueIndex('roles_tenant_name_idx').on(t.tenantId, t.name),
  ],
);

/**
 * Store staff (spec §7 store bind / unbind employee): a store is a point; a
 * member may staff several, a point have several. Kept by the staff domain,
 * which uses points, never the other way (the point screens ask the member
 * list for a store's staff). The member side's key is declared in SQL
 * (migration): account's schema imports this file for roles.
 */
export const storeStaff = pgTable(
  'store_staff',
  {
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.userId] }), index('store_staff_user_idx').on(t.userId)],
);

/**
 * Devices assigned to a member: a member with any sees only those
 * devices and what they did (server/scope.ts `device`); one with none sees
 * its tenant's. Read with the user on every call, so a change applies from
 * the member's next call. Both keys are declared in SQL (migration): the
 * users table's schema imports this file for roles, and the devices' imports
 * the users'.
 */
export const memberDevices = pgTable(
  'member_devices',
  {
    userId: integer('user_id').notNull(),
    deviceId: integer('device_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] }), index('member_devices_device_idx').on(t.deviceId)],
);
