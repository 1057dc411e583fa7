/** Accounts that sign in, and their tokens (ARCHITECTURE §6). */
import { pgTable, pgEnum, integer, text, boolean, timestamp, index } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { files } from '../file/schema.js';
import { ENTITY_TYPES } from '../../shared/account/index.js';

/** The kind of an account; member accounts are the tenant's staff (employees). */
export const userKind = pgEnum('user_kind', ['admin', 'tenant', 'enterprise', 'member']);
/** Spec §2 /person: what kind of entity the account's business is. */
export const entityType = pgEnum('entity_type', ENTITY_TYPES);

/**
 * `tenant_id` is null for the system admin only; for an enterprise customer
 * it is the tenant that owns the customer.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    kind: userKind('kind').notNull(),
    /** Keys to the tenants and roles (server/identity/schema.ts), declared in SQL in the migrations that made them. */
    tenantId: integer('tenant_id'),
    roleId: integer('role_id'),
    disabled: boolean('disabled').notNull().default(false),
    /** Spec §3 session user: the contact phone, the avatar (a file of the file domain), and (§2 /person) the entity type. */
    contact: text('contact'),
    avatar: text('avatar').references(() => files.id),
    entityType: entityType('entity_type'),
    /** Wrong passwords given for the account since its last sign-in (shown to the owner then), and when the last was. */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('users_tenant_idx').on(t.tenantId)],
);

/**
 * Installs (a desktop, a browser) that signed in to an account: their device
 * token, stored only as its sha256. A sign-in carrying it counts its
 * failures against the install (`device:<id>`), not the account, so its
 * owner gets in while a stranger keeps the account locked for unknown
 * devices (OWASP "device cookies").
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId, t.lastUsedAt)],
);

/** Opaque bearer tokens, stored only as their sha256. */
export const tokens = pgTable(
  'tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('tokens_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins counted in the database, so every upstream instance sees
 * the same counts (ARCHITECTURE §10). One row per key: `account:<username>`
 * (failures across all addresses) or `address:<ip>` (failures across all
 * accounts). `failures` counts within the window that began at
 * `window_started_at`; `locked_until` is set when a limit is reached.
 */
export const signInLimits = pgTable('sign_in_limits', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** How many lock-outs in a row this key has had; the next one lasts longer (bounded). */
  lockouts: integer('lockouts').notNull().default(0),
});
