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
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../account/schema.js';
import { devices } from '../device/schema.js';
import type { StockCause } from '../device/index.js';
import { tenants } from '../identity/schema.js';
import { productCategories, products } from '../product/schema.js';
import {
  FRESH_LIMITS,
  QUARANTINE_KINDS,
  QUARANTINE_STATES,
  WASTE_REASONS,
  type MarkdownStep,
  type QuarantineDetail,
} from '../../shared/fresh/index.js';

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

/**
 * A fridge's temperature readings (shared/fresh/cold.ts), tenths of a degree,
 * one per fridge and time: the key makes a report sent twice store once.
 * Partitioned by month of `at` as the orders are (migration 0095 makes the
 * table and `fresh_temperature_months_ensure`, server/fresh/months.ts calls
 * it ahead): a year of 1 000 fridges reading every minute is half a billion
 * rows, and a day's log reads one month's table by its key. No foreign key
 * to the device: the readings are a log of what a sensor said, kept as the
 * orders keep their device's name.
 */
export const freshTemperatures = pgTable(
  'fresh_temperatures',
  {
    deviceId: integer('device_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    tenths: smallint('tenths').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.at] })],
);

/**
 * A fridge that reports temperatures: its last reading, for the board
 * without reading the log. Its row is also what a report and an
 * acknowledgement lock, so a fridge's excursions are worked out one at a time.
 */
export const freshFridges = pgTable('fresh_fridges', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  tenths: smallint('tenths').notNull(),
});

/**
 * A tenant's temperature rules: one for every perishable product (no
 * category) and one per category — the range in tenths of a degree and the
 * minutes out of it before an excursion. A fridge is held to the strictest
 * rule of the perishable goods in its channels.
 */
export const freshColdRules = pgTable(
  'fresh_cold_rules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    categoryId: integer('category_id').references(() => productCategories.id, { onDelete: 'cascade' }),
    low: smallint('low').notNull(),
    high: smallint('high').notNull(),
    minutes: smallint('minutes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('fresh_cold_rules_tenant_category').on(t.tenantId, t.categoryId).nullsNotDistinct(),
    check('fresh_cold_rules_range', sql`${t.high} > ${t.low}`),
  ],
);

/**
 * A temperature excursion: a fridge out of its range for the rule's minutes.
 * It locked the fridge's perishable channels (those it found unlocked, kept
 * in `channels`), and stays open until someone acknowledges it after the
 * fridge is back in range; one open per fridge.
 */
export const freshExcursions = pgTable(
  'fresh_excursions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The first reading out of range, when the channels locked, the first reading back in range (null while out). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The reading furthest out, and the rule in force when it opened (tenths, minutes). */
    peak: smallint('peak').notNull(),
    low: smallint('low').notNull(),
    high: smallint('high').notNull(),
    minutes: smallint('minutes').notNull(),
    channels: integer('channels')
      .array()
      .notNull()
      .default(sql`'{}'`),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    removedUnits: integer('removed_units').notNull().default(0),
  },
  (t) => [
    uniqueIndex('fresh_excursions_open')
      .on(t.deviceId)
      .where(sql`${t.acknowledgedAt} is null`),
    index('fresh_excursions_tenant_idx').on(t.tenantId, t.startedAt),
  ],
);

export const quarantineKind = pgEnum('fresh_quarantine_kind', QUARANTINE_KINDS);
export const quarantineState = pgEnum('fresh_quarantine_state', QUARANTINE_STATES);

/**
 * Machine reports held as implausible (shared/fresh/quarantine.ts): what was
 * reported, and who approved or rejected it. Never deleted with a decision:
 * the record of what a machine said stays.
 */
export const freshQuarantine = pgTable(
  'fresh_quarantine',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: quarantineKind('kind').notNull(),
    state: quarantineState('state').notNull().default('held'),
    detail: jsonb('detail').$type<QuarantineDetail>().notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('fresh_quarantine_tenant_idx').on(t.tenantId, t.state, t.reportedAt),
    // One held reading per fridge and time: a report sent twice holds it once.
    uniqueIndex('fresh_quarantine_reading')
      .on(t.deviceId, sql`(${t.detail}->>'at')`)
      .where(sql`${t.kind} = 'temperatureJump'`),
    // One held sale per machine and sale id: a sale sent again is held once (by its detail, not its kind, which
    // the migration adding the kind may not name in the same transaction).
    uniqueIndex('fresh_quarantine_sale')
      .on(t.deviceId, sql`(${t.detail}->>'saleId')`)
      .where(sql`${t.detail} ? 'saleId'`),
  ],
);

export { freshCards, freshDoorOpenings, freshDoorSettings } from './schema-doors.js';

/**
 * The markdown ladders a user sent to machines (a push of the device domain:
 * each device's part is a `device_push_parts` row of kind `markdown`): the
 * tenant's ladders as they were then, which the machines are given.
 */
export const freshMarkdownPushes = pgTable(
  'fresh_markdown_pushes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** Each ladder: its category (null: every perishable product) and its steps. */
    ladders: jsonb('ladders').$type<{ categoryId: number | null; steps: MarkdownStep[] }[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fresh_markdown_pushes_tenant_idx').on(t.tenantId, t.createdAt)],
);
