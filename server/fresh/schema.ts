/**
 * Fresh food (docs/domains/fresh.md): the batches in the machines' channels
 * (`fresh_batches`, what is left of each kept beside its moves in the same
 * transactions) and every move of a batch (`fresh_batch_moves`, never
 * edited): what a refill put in, what each sale, count, removal or return
 * took or gave back. A batch's `remaining` is the sum of its moves and a
 * perishable channel's stock the sum of its open batches; the books check
 * both (checks.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from '../account/schema.js';
import { devices } from '../device/schema.js';
import type { StockCause } from '../device/index.js';
import { tenants } from '../identity/schema.js';
import { productCategories, products } from '../product/schema.js';
import { FRESH_LIMITS, WASTE_REASONS, type MarkdownStep } from '../../shared/fresh/index.js';

export const freshBatches = pgTable(
  'fresh_batches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The device's tenant when it was refilled (the batch is that tenant's goods). */
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    channel: integer('channel').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    lot: text('lot'),
    /** The last business day it may be sold; null for stock that came without a refill (a machine's count, an old channel). */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** Units it came with, and those still in the channel. */
    quantity: integer('quantity').notNull(),
    remaining: integer('remaining').notNull(),
    refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull().defaultNow(),
    /** The console user who refilled it; null for stock a machine reported. */
    refilledBy: integer('refilled_by').references(() => users.id, { onDelete: 'set null' }),
    /** When it left the channel: sold out, removed, or its channel given other goods. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // A channel's open batches, oldest first: what a sale takes.
    index('fresh_batches_open_idx')
      .on(t.deviceId, t.channel, t.expiresOn, t.id)
      .where(sql`${t.closedAt} is null`),
    index('fresh_batches_tenant_expiry_idx')
      .on(t.tenantId, t.expiresOn)
      .where(sql`${t.closedAt} is null`),
    check('fresh_batches_remaining', sql`${t.remaining} >= 0`),
    check('fresh_batches_open', sql`${t.closedAt} is not null or ${t.remaining} > 0`),
    check('fresh_batches_lot', sql`char_length(${t.lot}) <= ${sql.raw(String(FRESH_LIMITS.lot))}`),
  ],
);

export const freshBatchMoves = pgTable(
  'fresh_batch_moves',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => freshBatches.id, { onDelete: 'cascade' }),
    /** Signed units: a refill positive, a sale negative. */
    delta: integer('delta').notNull(),
    /** The channel move that made it (server/device `StockCause`): a refill, a sale, a count… */
    cause: text('cause').$type<StockCause>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fresh_batch_moves_batch_idx').on(t.batchId, t.at)],
);

/**
 * A tenant's markdown ladders (shared/fresh/markdown.ts): one for every
 * perishable product (no category) and one per category; a product takes its
 * category's, else its parent category's, else the tenant's general one.
 */
export const freshMarkdowns = pgTable(
  'fresh_markdowns',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    categoryId: integer('category_id').references(() => productCategories.id, { onDelete: 'cascade' }),
    steps: jsonb('steps').$type<MarkdownStep[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  // One ladder per tenant and category, the general one (no category) included.
  (t) => [unique('fresh_markdowns_tenant_category').on(t.tenantId, t.categoryId).nullsNotDistinct()],
);

export const wasteReason = pgEnum('fresh_waste_reason', WASTE_REASONS);

/**
 * Goods thrown away (`fresh.removeBatch`): a batch's units taken out of its
 * channel, their value at the channel's price then, why and by whom. The
 * batch's own move (cause `waste`) and the channel's stock move are written
 * in the same transaction.
 */
export const freshWaste = pgTable(
  'fresh_waste',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    channel: integer('channel').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => freshBatches.id, { onDelete: 'cascade' }),
    units: integer('units').notNull(),
    /** Fen: the units at the channel's price when removed. */
    value: integer('value').notNull(),
    reason: wasteReason('reason').notNull(),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fresh_waste_tenant_time_idx').on(t.tenantId, t.removedAt),
    check('fresh_waste_units', sql`${t.units} > 0 and ${t.value} >= 0`),
  ],
);
