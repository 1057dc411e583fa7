/** Devices (spec §3 Device). */
import {
  bigint,
  pgTable,
  pgEnum,
  integer,
  text,
  boolean,
  timestamp,
  index,
  uniqueIndex,
  jsonb,
  check,
  doublePrecision,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  ALLOCATION_ACTIONS,
  ALLOCATION_STATES,
  DEVICE_ALERTS,
  DEVICE_TYPES,
  NOTIFICATIONS,
  MODULE_KINDS,
  PUSH_KINDS,
  PUSH_STEPS,
  type NotificationKind,
} from '../../shared/device/index.js';
import { users } from '../account/schema.js';
import { createdAt } from '../db/columns.js';
import { products } from '../product/schema.js';
import { primaryKey } from 'drizzle-orm/pg-core';
import { tenants } from '../identity/schema.js';

export const deviceType = pgEnum('device_type', DEVICE_TYPES);
export const allocationState = pgEnum('allocation_state', ALLOCATION_STATES);
export const allocationAction = pgEnum('allocation_action', ALLOCATION_ACTIONS);
export const moduleKind = pgEnum('module_kind', MODULE_KINDS);

/** Device models (spec §3 Device model; the platform's, no tenant's): what a registered device of the model gets. */
export const deviceModels = pgTable(
  'device_models',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull().unique(),
    type: deviceType('type').notNull(),
    channelCount: integer('channel_count').notNull(),
    /** Items one channel holds. */
    capacity: integer('capacity').notNull(),
    description: text('description').notNull().default(''),
    /** Whether its machines take a price sent from here (the price domain); others are priced at the machine. */
    remotePrice: boolean('remote_price').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('device_models_channels', sql`${t.channelCount} between 0 and 999 and ${t.capacity} between 0 and 9999`),
  ],
);

export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The owner; null while the device is in the platform's pool (registered, or recycled): no tenant sees it then. */
    tenantId: integer('tenant_id').references(() => tenants.id),
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
    capacity: integer('capacity').notNull().default(10),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    locked: boolean('locked').notNull().default(false),
    authorised: boolean('authorised').notNull().default(false),
    salesNotice: integer('sales_notice').notNull().default(100),
    warningValue: integer('warning_value').notNull().default(2),
    channelSalesLimit: integer('channel_sales_limit').notNull().default(1),
    orderLimit: integer('order_limit').notNull().default(5),
    /** The seven switches (spec §3): which events raise a notification for this device. */
    notifications: jsonb('notifications')
      .$type<Record<NotificationKind, boolean>>()
      .notNull()
      .default(Object.fromEntries(NOTIFICATIONS.map((k) => [k, true])) as Record<NotificationKind, boolean>),
    /** SHA-256 of the secret issued at activation (server/device/credentials.ts); null: never activated. */
    secretHash: text('secret_hash'),
    /** A fault the machine reported and has not yet recovered from. */
    faultCode: text('fault_code'),
    faultMessage: text('fault_message'),
    faultAt: timestamp('fault_at', { withTimezone: true }),
    /** The price version the machine is at: each price change it applied added one (its sales carry it). */
    priceVersion: integer('price_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('devices_tenant_idx').on(t.tenantId),
    // The database itself refuses a device on another tenant's point (1413) and deleting a point that still has
    // devices (1411): handlers check first for the right error code, the key `devices_point_same_tenant_fk`
    // (pointId, tenantId → points) guards against races. The key is the point domain's, built on this one: it is
    // in the migrations (0078 says why) and not declared here, so this domain does not read the points' table.
    index('devices_point_idx').on(t.pointId),
    check('devices_channel_sales_limit', sql`${t.channelSalesLimit} between 1 and 5`),
    check('devices_order_limit', sql`${t.orderLimit} between 1 and 10`),
  ],
);

/** A device's channels (spec §3 Channel): stock within the device's capacity; a product of the device's tenant with its price and staff price. */
export const deviceChannels = pgTable(
  'device_channels',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** The device's owner (null in the pool, when the channel holds nothing). */
    tenantId: integer('tenant_id').references(() => tenants.id),
    stock: integer('stock').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    locked: boolean('locked').notNull().default(false),
    productId: integer('product_id').references(() => products.id),
    price: integer('price'),
    customerStaffPrice: integer('customer_staff_price'),
    /** Jams and motor failures in a row (a delivered item resets it); at the tenant's limit the channel locks itself (server/device/outcome.ts). */
    failStreak: integer('fail_streak').notNull().default(0),
    /** When it locked itself; cleared when someone unlocks it. */
    selfLockedAt: timestamp('self_locked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.number] }),
    index('device_channels_product_idx').on(t.productId),
    index('device_channels_tenant_idx').on(t.tenantId),
    // Stock never below zero, whatever races a sale; a product always with both prices.
    check('device_channels_stock_nonnegative', sql`${t.stock} >= 0`),
    check('device_channels_priced', sql`${t.productId} is null or (${t.price} > 0 and ${t.customerStaffPrice} > 0)`),
  ],
);

/** Why a channel's stock moved (the transaction's `vend.stock_cause`, set by the writer: server/device/stock.ts `stockCause`). */
/**
 * `waste`: goods taken out and thrown away (fresh food past its expiry, damaged, recalled); `held`: a machine's
 * count raising fresh food without a refill, taken back until someone decides (the fresh domain's quarantine);
 * `approved`: such a rise applied once approved; `visit`: what someone counted in the channel at a visit
 * (`device.countStock`), the difference from the books being goods gone missing (or found); `changed`: the
 * channel given other goods or its device another owner — written by the trigger alone, the old goods
 * leaving their product and tenant and what stays joining the new.
 */
export const STOCK_CAUSES = [
  'opening',
  'sale',
  'refill',
  'count',
  'empty',
  'returned',
  'edit',
  'waste',
  'held',
  'approved',
  'visit',
  'changed',
] as const;
export type StockCause = (typeof STOCK_CAUSES)[number];

/**
 * Every move of a channel's stock, written by a trigger on device_channels
 * (migration 0063, 0099) whichever code moves it: the sum of a channel's
 * moves is its stock, which the books check (server/device/checks.ts). A
 * channel's first move is its opening stock; a channel that goes takes its
 * moves along. Each move names the product and tenant the goods were then,
 * so what a product gained and lost on a machine in a month (the shrink
 * report) is a sum of its moves.
 */
export const stockMoves = pgTable(
  'stock_moves',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    channel: integer('channel').notNull(),
    /** The channel's product and owner when it moved (no foreign keys: a log, kept as the orders keep names). */
    productId: integer('product_id'),
    tenantId: integer('tenant_id'),
    delta: integer('delta').notNull(),
    cause: text('cause').$type<StockCause>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_moves_channel_idx').on(t.deviceId, t.channel, t.at),
    // A tenant's month, and every tenant's (the admin's): the shrink report.
    index('stock_moves_tenant_time_idx').on(t.tenantId, t.at),
    index('stock_moves_time_idx').on(t.at),
  ],
);

/**
 * Requests of each machine in its current window on the device-facing API
 * (in the database, so every upstream instance counts the same requests).
 */
export const deviceRateLimits = pgTable('device_rate_limits', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  requests: integer('requests').notNull().default(1),
});

/** What happened to a device in the pool, newest last: registered, allocated to a tenant, recycled. */
export const deviceAllocations = pgTable(
  'device_allocations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    action: allocationAction('action').notNull(),
    /** allocate: the tenant it went to; recycle: the tenant it came from. */
    tenantId: integer('tenant_id').references(() => tenants.id),
    // A deleted member's moves stay in the history, without their actor.
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_allocations_device_idx').on(t.deviceId, t.at)],
);

export const deviceAlertKind = pgEnum('device_alert_kind', DEVICE_ALERTS);

/**
 * The alerts' episodes (server/device/alerts.ts): one row from the sweep that
 * first finds a device quiet, or one of its channels running out, to the
 * sweep that no longer does. At most one open episode per device, kind and
 * channel (the partial unique index): that is what makes an alert raised once
 * per episode, whichever instance sweeps.
 */
export const deviceAlerts = pgTable(
  'device_alerts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: deviceAlertKind('kind').notNull(),
    /** runningOut: the channel's number; quiet: 0. */
    channel: integer('channel').notNull().default(0),
    /** quiet: hours since the last sale; runningOut: hours until empty — as of the latest sweep. */
    hours: doublePrecision('hours').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('device_alerts_open_idx')
      .on(t.deviceId, t.kind, t.channel)
      .where(sql`${t.closedAt} is null`),
    index('device_alerts_device_idx').on(t.deviceId, t.openedAt),
  ],
);

/** The modules a device model is built of (shared/device/modules.ts). */
export const modelModules = pgTable(
  'device_model_modules',
  {
    modelId: integer('model_id')
      .notNull()
      .references(() => deviceModels.id, { onDelete: 'cascade' }),
    module: moduleKind('module').notNull(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.module] })],
);

/** What each device's heartbeat last said of a module: its version, and when. */
export const moduleVersions = pgTable(
  'device_module_versions',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    module: moduleKind('module').notNull(),
    version: text('version').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.module] })],
);

/**
 * Where each device stood since when: a row each time its point (or its
 * tenant) changed, written by a trigger on `devices` (migration
 * 0058_shares.sql), so every path that moves a device — bind, unbind, a
 * handover, a recycle, the seeds — is recorded without one of them having
 * to remember it. A device already placed when this table came, or inserted
 * at a point, stands there since `-infinity`: it sold nothing before it
 * existed. Revenue shares read it (server/share) to place a day's sales at
 * the point the device stood at when the day ended.
 */
export const devicePoints = pgTable(
  'device_points',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    /** Null: at no point from then. */
    pointId: integer('point_id'),
    tenantId: integer('tenant_id'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.fromAt] })],
);

export const pushKind = pgEnum('push_kind', PUSH_KINDS);
export const pushStep = pgEnum('push_step', PUSH_STEPS);

/**
 * One device's part in a push (shared/device/push.ts): whatever is pushed —
 * a firmware rollout's job, a price change's device — its step, stage,
 * attempts and when it was last heard of live here, and the push's own
 * domain keeps only what is its own beside it (a job's phase and progress,
 * a price part's version). `push_id` is the push's id in its kind's table.
 */
export const pushParts = pgTable(
  'device_push_parts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: pushKind('kind').notNull(),
    pushId: integer('push_id').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The push's stage the device is in (a rollout's first stage is 1; a price change has one). */
    stage: integer('stage').notNull().default(1),
    step: pushStep('step').notNull().default('waiting'),
    /** Attempts that failed so far (a failed one waits `nextTryAt`, a back-off, and is offered again). */
    attempts: integer('attempts').notNull().default(0),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was last offered or delivered to the machine (started working). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** When the part last moved or the machine last said something of it: silent since then is stalled. */
    heardAt: timestamp('heard_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The machine's reason for its last failure. */
    reason: text('reason'),
  },
  (t) => [
    index('device_push_parts_push_idx').on(t.kind, t.pushId, t.stage, t.step),
    // What a heartbeat asks (the device's open parts of a kind) and what a late sale asks (the price part that took
    // the device to a version): the device's parts of a kind, by step.
    index('device_push_parts_device_idx').on(t.deviceId, t.kind, t.step),
    // A device works through one firmware update at a time, whichever rollout: the truth under a race (1904).
    uniqueIndex('device_push_parts_one_update_idx')
      .on(t.deviceId)
      .where(sql`${t.kind} = 'firmware' and ${t.step} in ('waiting', 'working')`),
  ],
);
