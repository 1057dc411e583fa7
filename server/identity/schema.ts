/**
 * Who a user is, as every domain needs to know it: the distributor (tenant)
 * it belongs to, the custom role it holds and the devices it is assigned. These two tables are read by
 * sign-in and the session (the account domain, which builds on no domain),
 * by scope, and by nearly every domain's queries, so they are mechanism, as
 * the job queue and the file bytes are; the tenant domain (distributors'
 * screens and rules, spec §3 Tenant) and the staff domain (roles, members and
 * their devices, spec §3 Role, §6) write them; a device handed to another
 * tenant leaves its old tenant's members (server/device/handover.ts). Keeping them here lets every reader import
 * them typed instead of declaring a second copy by name.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  integer,
  text,
  boolean,
  index,
  uniqueIndex,
  primaryKey,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';

/** Distributors (spec §3 Tenant). A first-level tenant has no parent; a second-level tenant's parent is first-level. */
export const tenants = pgTable(
  'tenants',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => tenants.id),
    name: text('name').notNull(),
    contact: text('contact').notNull(),
    /** Disabled by the admin or its parent: its users (and its second-level tenants') are signed out and refused at sign-in; its machines keep selling. */
    disabled: boolean('disabled').notNull().default(false),
    /** Spec §3 member config, read by the member centre: the member card's name, the member and points switches. */
    memberCardName: text('member_card_name').notNull().default(''),
    membersEnabled: boolean('members_enabled').notNull().default(false),
    pointsEnabled: boolean('points_enabled').notNull().default(false),
    /** How long earned points live: 0 never expire, else this many months from the earn. */
    pointsExpiryMonths: integer('points_expiry_months').notNull().default(0),
    /** The days of spend a member's grade counts (server/member/grades.ts). */
    gradeWindowDays: integer('grade_window_days').notNull().default(365),
    /** When the tenant's members were last regraded; null: never. */
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('tenants_parent_idx').on(t.parentId)],
);

/** Custom roles of a tenant (spec §3 Role, §6): a named set of power codes held by members. */
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
 * Devices assigned to a member: a member with any sees only those
 * devices and what they did (server/scope.ts `device`); one with none sees
 * its tenant's. Read with the user on every call, so a change applies from
 * the member's next call. Both keys are declared in SQL, in the migration
 * that made them.
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
