/**
 * A smart fridge's doors (shared/fresh/doors.ts), kept beside the domain's
 * other tables (schema.ts re-exports them, where drizzle-kit reads them):
 * a tenant's cap and declines, each opening with what it came to, and the
 * cards declined at its fridges with whether they are blocked.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '../account/schema.js';
import { devices } from '../device/schema.js';
import { tenants } from '../identity/schema.js';

/** A tenant's door rules; a tenant without a row has the defaults (DOOR_DEFAULTS). */
export const freshDoorSettings = pgTable(
  'fresh_door_settings',
  {
    tenantId: integer('tenant_id')
      .primaryKey()
      .references(() => tenants.id),
    /** Fen an opening may come to at most, and declines in a row before a card is blocked. */
    cap: integer('cap').notNull(),
    declines: integer('declines').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('fresh_door_settings_range', sql`${t.cap} > 0 and ${t.declines} > 0`)],
);

/**
 * A card declined at a tenant's fridges, known by the platform's token's
 * digest (never the token): its declines in a row, and its block. One row
 * per tenant and card, so the declines of racing closes count on one row.
 */
export const freshCards = pgTable(
  'fresh_cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** sha256 of the card's token, hex. */
    cardHash: text('card_hash').notNull(),
    cardTail: text('card_tail'),
    declines: integer('declines').notNull().default(0),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedDeviceId: integer('blocked_device_id').references(() => devices.id, { onDelete: 'set null' }),
    refusals: integer('refusals').notNull().default(0),
    unblockedAt: timestamp('unblocked_at', { withTimezone: true }),
    unblockedBy: integer('unblocked_by').references(() => users.id, { onDelete: 'set null' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('fresh_cards_tenant_card').on(t.tenantId, t.cardHash),
    index('fresh_cards_blocked_idx').on(t.tenantId, t.blockedAt),
  ],
);

/**
 * A door opening: the card that opened it (digest and last digits), the cap
 * it was given, and at the close what the goods came to, paid or declined.
 * The machine's own id of it is unique per fridge, so an opening sent twice
 * is one.
 */
export const freshDoorOpenings = pgTable(
  'fresh_door_openings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    openingId: text('opening_id').notNull(),
    cardHash: text('card_hash').notNull(),
    cardTail: text('card_tail'),
    cap: integer('cap').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    amount: integer('amount'),
    declined: boolean('declined').notNull().default(false),
    saleId: text('sale_id'),
  },
  (t) => [
    unique('fresh_door_openings_device_opening').on(t.deviceId, t.openingId),
    index('fresh_door_openings_device_time_idx').on(t.deviceId, t.openedAt),
    index('fresh_door_openings_tenant_time_idx').on(t.tenantId, t.openedAt),
  ],
);
