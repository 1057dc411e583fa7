/**
 * The upstream's tables (drizzle pg-core). Migrations under ./migrations are
 * generated from this file by `drizzle-kit generate` (see drizzle.config.ts);
 * never edit them by hand.
 *
 * Every tenant-owned row carries `tenant_id` so one scope helper
 * (server/scope.ts) can filter any table the same way (ARCHITECTURE §5).
 */
import {
  pgTable, pgEnum, integer, text, boolean, timestamp, index, unique, foreignKey, type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { DEVICE_TYPES, ALLOCATION_STATES } from '../../shared/api/device.js';

/** The kind of an account; member accounts are the tenant's staff (employees). */
export const userKind = pgEnum('user_kind', ['admin', 'tenant', 'enterprise', 'member']);
export const deviceType = pgEnum('device_type', DEVICE_TYPES);
export const allocationState = pgEnum('allocation_state', ALLOCATION_STATES);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Distributors. A first-level tenant has no parent; a second-level tenant's parent is first-level. */
export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  parentId: integer('parent_id').references((): AnyPgColumn => tenants.id),
  name: text('name').notNull(),
  contact: text('contact').notNull(),
  createdAt: createdAt(),
}, (t) => [index('tenants_parent_idx').on(t.parentId)]);

/** Custom roles of a tenant: a named set of power codes held by members. */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  tenantId: integer('tenant_id').notNull().references(() => tenants.id),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  powers: text('powers').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
}, (t) => [index('roles_tenant_idx').on(t.tenantId)]);

/**
 * Accounts that sign in. `tenant_id` is null for the system admin only; for an
 * enterprise customer it is the tenant that owns the customer.
 */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  kind: userKind('kind').notNull(),
  tenantId: integer('tenant_id').references(() => tenants.id),
  roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [index('users_tenant_idx').on(t.tenantId)]);

/** Opaque bearer tokens, stored only as their sha256 (ARCHITECTURE §6). */
export const tokens = pgTable('tokens', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('tokens_user_idx').on(t.userId)]);

/** Points (locations) where devices stand. */
export const points = pgTable('points', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  tenantId: integer('tenant_id').notNull().references(() => tenants.id),
  name: text('name').notNull(),
  area: text('area').notNull(),
  address: text('address').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('points_tenant_created_idx').on(t.tenantId, t.createdAt),
  // Target of the devices' (point_id, tenant_id) key below.
  unique('points_id_tenant_unique').on(t.id, t.tenantId),
]);

export const devices = pgTable('devices', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  tenantId: integer('tenant_id').notNull().references(() => tenants.id),
  pointId: integer('point_id'),
  name: text('name').notNull(),
  serial: text('serial').notNull().unique(),
  type: deviceType('type').notNull(),
  model: text('model').notNull(),
  allocation: allocationState('allocation').notNull().default('normal'),
  online: boolean('online').notNull().default(false),
  activated: boolean('activated').notNull().default(false),
  serviceExpiry: timestamp('service_expiry', { withTimezone: true }),
  channelCount: integer('channel_count').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  index('devices_tenant_idx').on(t.tenantId),
  index('devices_point_idx').on(t.pointId),
  // The database itself refuses a device on another tenant's point (1413) and
  // deleting a point that still has devices (1411): handlers check first for
  // the right error code, the key guards against races.
  foreignKey({ name: 'devices_point_same_tenant_fk', columns: [t.pointId, t.tenantId], foreignColumns: [points.id, points.tenantId] }),
]);
