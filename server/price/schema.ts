/**
 * Price changes: what a user sent (the products' new prices, when), each
 * device's part of it (a push part of the device domain), and per channel the price a machine
 * left and took when it applied one (the history, and the prices of an
 * older version a late sale is priced at).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { PRICE_TIMINGS } from '../../shared/price/index.js';
import { users } from '../account/schema.js';
import { createdAt } from '../db/columns.js';
import { devices, pushParts } from '../device/schema.js';
import { tenants } from '../identity/schema.js';
import { products } from '../product/schema.js';

export const priceTiming = pgEnum('price_timing', PRICE_TIMINGS);

export const priceChanges = pgTable(
  'price_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    timing: priceTiming('timing').notNull(),
    applyAt: timestamp('apply_at', { withTimezone: true }),
    /** The earlier changes it replaced at its devices. */
    replaces: integer('replaces')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('price_changes_tenant_idx').on(t.tenantId, t.createdAt),
    check('price_changes_at', sql`(${t.timing} = 'at') = (${t.applyAt} is not null)`),
  ],
);

export const priceChangeLines = pgTable(
  'price_change_lines',
  {
    changeId: integer('change_id')
      .notNull()
      .references(() => priceChanges.id, { onDelete: 'cascade' }),
    /** Its place in the change as the user listed it. */
    position: integer('position').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    price: integer('price').notNull(),
    customerStaffPrice: integer('customer_staff_price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.changeId, t.productId] }),
    index('price_change_lines_product_idx').on(t.productId),
    check('price_change_lines_money', sql`${t.price} > 0 and ${t.customerStaffPrice} > 0`),
  ],
);

/**
 * A device's part in a change: the device domain's push part (its device,
 * step, times and reason: `device_push_parts`) with what is the price
 * change's own beside it. Its `id` keys the prices it set.
 */
export const priceChangeDevices = pgTable(
  'price_change_devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    changeId: integer('change_id')
      .notNull()
      .references(() => priceChanges.id, { onDelete: 'cascade' }),
    partId: integer('part_id')
      .notNull()
      .unique()
      .references(() => pushParts.id, { onDelete: 'cascade' }),
    /** At the next service visit: the machine has reported its stock since (then it is due). */
    visited: boolean('visited').notNull().default(false),
    /** Cancelled because this later change replaced it. */
    replacedBy: integer('replaced_by'),
    /** The price version the machine reached by applying it. */
    version: integer('version'),
  },
  (t) => [index('price_change_devices_change_idx').on(t.changeId)],
);

export const priceChangeChannels = pgTable(
  'price_change_channels',
  {
    partId: integer('part_id')
      .notNull()
      .references(() => priceChangeDevices.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    channel: integer('channel').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The version this price came in with; the old price is what sold up to the version before. */
    version: integer('version').notNull(),
    oldPrice: integer('old_price'),
    oldStaffPrice: integer('old_staff_price'),
    price: integer('price').notNull(),
    customerStaffPrice: integer('customer_staff_price').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partId, t.channel] }),
    index('price_change_channels_device_idx').on(t.deviceId, t.version),
    index('price_change_channels_product_idx').on(t.productId, t.appliedAt),
  ],
);
