/**
 * Orders (spec §3 Order) and their items. Money in integer fen. An order
 * keeps what it was sold as (device name, item names and prices), so later
 * renames and price changes do not rewrite history.
 *
 * `root_tenant_id` is the first-level tenant over the owner: a first-level
 * tenant's scope spans its second-level tenants, and one index on
 * (root_tenant_id, created_at) serves that scope in time order where an IN
 * list over tenant_id could not (the order list's budget at a million rows).
 *
 * Orders are partitioned by month of `created_at` (UTC months, whatever the
 * business time zone: the bounds never move), one table per month named
 * `orders_YYYY_MM` and `orders_default` for anything outside them. drizzle
 * does not declare partitions: the migration that made them
 * (0057_orders_by_month.sql) defines `order_months_ensure`, which
 * server/order/months.ts calls ahead of time. Every list, count, export and
 * rollup rebuild names a time range, so its plan reads the months it needs
 * only; a lookup by id alone probes each month's primary key (one index
 * probe a month). docs/domains/order.md#by-month has the figures.
 */
import {
  pgTable,
  pgEnum,
  pgSequence,
  integer,
  bigint,
  text,
  boolean,
  timestamp,
  index,
  check,
  jsonb,
  primaryKey,
  smallint,
} from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import {
  DELIVERY_ENDS,
  DELIVERY_FAILURES,
  DELIVERY_STATES,
  ITEM_OUTCOMES,
  EXPORT_STATES,
  ITEM_STATES,
  ORDER_KINDS,
  PAY_PLATFORMS,
  PAY_TYPES,
  PAYMENT_STATES,
  REFUND_STATES,
  SCENE_ORDER_STATES,
  type ExportFilter,
} from '../../shared/order/index.js';
import { createdAt, orderId } from '../db/columns.js';
import { BUSINESS_ZONE } from '../db/sql.js';
import { devices } from '../device/schema.js';
import { products } from '../product/schema.js';
import { users } from '../account/schema.js';
import { customerStaff } from '../customer/schema.js';
import { members } from '../member/schema.js';
import { tenants } from '../identity/schema.js';

export const orderKind = pgEnum('order_kind', ORDER_KINDS);
export const paymentState = pgEnum('payment_state', PAYMENT_STATES);
export const deliveryState = pgEnum('delivery_state', DELIVERY_STATES);
export const deliveryEnd = pgEnum('delivery_end', DELIVERY_ENDS);
export const refundState = pgEnum('refund_state', REFUND_STATES);
export const itemState = pgEnum('order_item_state', ITEM_STATES);
export const itemOutcome = pgEnum('item_outcome', ITEM_OUTCOMES);
export const deliveryFailure = pgEnum('delivery_failure', DELIVERY_FAILURES);
export const payPlatform = pgEnum('pay_platform', PAY_PLATFORMS);
export const payType = pgEnum('pay_type', PAY_TYPES);
export const sceneOrderState = pgEnum('scene_order_state', SCENE_ORDER_STATES);

export const orderNumbers = pgSequence('order_number_seq');

export const orders = pgTable(
  'orders',
  {
    /** Unique by its identity sequence; the primary key adds the month it is kept in (the table comment above). */
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    /**
     * The console's order number: the China-time minute and a running number
     * (10^8 orders a minute would be needed to repeat one). Unique by how it is
     * made: a unique index on a table partitioned by time must hold the time.
     */
    number: text('number')
      .notNull()
      .default(
        sql`to_char(now() at time zone ${BUSINESS_ZONE}, 'YYYYMMDDHH24MI') || to_char(nextval('order_number_seq') % 100000000, 'FM00000000')`,
      ),
    thirdPartyNumber: text('third_party_number'),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    rootTenantId: integer('root_tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: orderKind('kind').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    deviceName: text('device_name').notNull(),
    pointId: integer('point_id'),
    /** The machine's own id of the sale: one order per sale id and device, however often the machine retries (`orderSales` keeps that true). */
    saleId: text('sale_id'),
    title: text('title').notNull(),
    /** What the goods cost at the channels' prices; the suggested retail total; what was received. */
    amount: integer('amount').notNull(),
    originalAmount: integer('original_amount').notNull(),
    receivedAmount: integer('received_amount').notNull(),
    /** The member's points that paid part of it (the pricing engine's lane `points`); its refunds give them back. */
    pointsUsed: integer('points_used').notNull().default(0),
    refundAmount: integer('refund_amount').notNull().default(0),
    refundReason: text('refund_reason'),
    platform: payPlatform('platform').notNull(),
    paymentType: payType('payment_type').notNull(),
    paymentState: paymentState('payment_state').notNull(),
    deliveryState: deliveryState('delivery_state').notNull(),
    deliveryEnd: deliveryEnd('delivery_end').notNull(),
    refundState: refundState('refund_state').notNull().default('none'),
    /** Something of it was refunded because the machine did not dispense it (server/delivery): the list's "automatically refunded" filter. */
    autoRefunded: boolean('auto_refunded').notNull().default(false),
    /** Sold at the staff price. */
    customerStaff: boolean('customer_staff').notNull().default(false),
    /**
     * A staff order's buyer (spec §3 staff order): the enterprise staff whose
     * card was read, and as history what the order was sold to — name, phone,
     * card and enterprise customer — whatever becomes of the staff record.
     */
    customerStaffId: integer('customer_staff_id').references(() => customerStaff.id, { onDelete: 'set null' }),
    customerStaffName: text('customer_staff_name'),
    customerStaffPhone: text('customer_staff_phone'),
    customerStaffCard: text('customer_staff_card'),
    customerName: text('customer_name'),
    /** The member the mini-program's scan named (shared/member): the order earned its points. */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** Or a member of another loyalty programme, as the sale named them: the programme and its member id. */
    externalProgramme: text('external_programme'),
    externalMemberId: text('external_member_id'),
    /**
     * A linked order (kind `scene`): the scene's own number for it, the scene
     * (by name too, as history) and its state (spec §4 scene order). Its items
     * come from the scene's devices; those of one device are a sub-order.
     */
    linkageNumber: text('linkage_number'),
    sceneId: integer('scene_id'),
    sceneName: text('scene_name'),
    sceneState: sceneOrderState('scene_state'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => {
    /** Two partial indexes over the orders matching `where`: by root tenant and time, and by time alone (the admin). */
    const exceptional = (name: string, where: SQL) => [
      index(`orders_root_${name}_idx`).on(t.rootTenantId, t.createdAt.desc(), t.id.desc()).where(where),
      index(`orders_${name}_idx`).on(t.createdAt.desc(), t.id.desc()).where(where),
    ];
    return [
      primaryKey({ columns: [t.id, t.createdAt] }),
      index('orders_tenant_time_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
      index('orders_root_time_idx').on(t.rootTenantId, t.createdAt.desc(), t.id.desc()),
      // The system admin's list, newest first over every tenant.
      index('orders_time_idx').on(t.createdAt.desc(), t.id.desc()),
      index('orders_device_time_idx').on(t.deviceId, t.createdAt.desc()),
      index('orders_point_time_idx').on(t.pointId, t.createdAt.desc()),
      // A number's first digits (a day, a minute): LIKE 'prefix%' needs the pattern operator class.
      index('orders_number_prefix_idx').using('btree', t.number.op('text_pattern_ops')),
      index('orders_third_party_idx').on(t.thirdPartyNumber),
      // A member's orders, newest first (its page, the mini-program's list).
      index('orders_member_time_idx')
        .on(t.memberId, t.createdAt.desc())
        .where(sql`${t.memberId} is not null`),
      // The few orders a back office hunts for — refunded, not paid, not
      // delivered — each in a small index of its own, by hierarchy and for the
      // admin: filtering for them never walks the paid and delivered majority.
      // (A state filter implies these predicates; the planner proves it.)
      ...exceptional('refunded', sql`${t.refundState} <> 'none'`),
      ...exceptional('unpaid', sql`${t.paymentState} <> 'success'`),
      ...exceptional('undelivered', sql`${t.deliveryState} not in ('allDelivered', 'notStarted')`),
      // Paid sales still waiting for the machine's outcome, oldest first: the time-out sweep's queue (server/delivery/outcome.ts).
      index('orders_delivery_open_idx')
        .on(t.createdAt)
        .where(sql`${t.deliveryEnd} = 'notEnded' and ${t.kind} = 'sale' and ${t.paymentState} = 'success'`),
      // Whatever races a refund: never more back than was received.
      check('orders_refund_within_received', sql`${t.refundAmount} between 0 and ${t.receivedAmount}`),
      check(
        'orders_amounts_nonnegative',
        sql`${t.amount} >= 0 and ${t.originalAmount} >= 0 and ${t.receivedAmount} >= 0`,
      ),
    ];
  },
);

/**
 * One machine's sale id, once (server/order/sale.ts): what the unique
 * (device_id, sale_id) index on orders was before orders were partitioned —
 * a unique index there would have to hold the order's time, and a retry
 * comes at another time. It also finds the sale's order in its month.
 */
export const orderSales = pgTable(
  'order_sales',
  {
    deviceId: integer('device_id').notNull(),
    saleId: text('sale_id').notNull(),
    orderId: integer('order_id').notNull(),
    orderCreatedAt: timestamp('order_created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.saleId] })],
);

/** What an order sold (spec §3 items: name, unit price, count), channel by channel. */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: orderId().notNull(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    channel: integer('channel').notNull(),
    /** A linked order's item: the scene device that vends it (null: the order's own device). */
    deviceId: integer('device_id').references(() => devices.id),
    deviceName: text('device_name'),
    productId: integer('product_id').references(() => products.id),
    name: text('name').notNull(),
    /** The unit price after the enterprise staff price and product activities (server/activity's engine, lane price). */
    unitPrice: integer('unit_price').notNull(),
    count: integer('count').notNull(),
    /** The channel's price of one unit, undiscounted. */
    listPrice: integer('list_price').notNull(),
    /** What the line paid in all, after every activity and coupon: what a refund of it may give back. */
    amount: integer('amount').notNull(),
    /** The activities that priced it (lane order) and the coupon it was paid with; no foreign key: activities sit above orders. */
    activityIds: integer('activity_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    couponId: integer('coupon_id'),
    /** Fen of the line's discount that points paid (lane `points`): shown on the line like any discount. */
    pointsDiscount: integer('points_discount').notNull().default(0),
    /** The markdown near expiry (percent off) that priced the line (fresh food); 0: none. */
    markdown: smallint('markdown').notNull().default(0),
    /** Units of it sold from a batch past its expiry (fresh food a machine sold offline): refunded at once (server/fresh/expired.ts). */
    expired: smallint('expired').notNull().default(0),
    state: itemState('state').notNull(),
    refundAmount: integer('refund_amount').notNull().default(0),
    /**
     * What the machine said of it after the sale (null: not yet), why it
     * failed, and when. Kept whatever the item's state becomes after: a failed
     * item refunded shows `refundSuccess` and still its failure.
     */
    outcome: itemOutcome('outcome'),
    failure: deliveryFailure('failure'),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    // An activity's orders (the list's activity filter): the lines whose activities hold it, without reading the rest.
    index('order_items_activities_idx').using('gin', t.activityIds),
    check('order_items_count_positive', sql`${t.count} > 0`),
    check('order_items_refund_within', sql`${t.refundAmount} between 0 and ${t.amount}`),
  ],
);

export const exportState = pgEnum('export_state', EXPORT_STATES);

/**
 * Export jobs (the e-mail export): a queue in the database, so that every
 * upstream instance sees the same jobs, one instance takes each (SKIP
 * LOCKED), and a job outlives a restart — a running job whose instance
 * stopped beating is taken again. The finished file's bytes are in the
 * database's file store; the mailed link is a random key of which only the
 * hash is kept.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    lang: text('lang').notNull(),
    filter: jsonb('filter').$type<ExportFilter>().notNull(),
    state: exportState('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    rows: integer('rows'),
    fileId: text('file_id'),
    linkHash: text('link_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('export_jobs_user_idx').on(t.userId, t.createdAt.desc()),
    index('export_jobs_queue_idx')
      .on(t.id)
      .where(sql`${t.state} in ('queued', 'running')`),
  ],
);

export const rollupGrain = pgEnum('rollup_grain', ['hour', 'day', 'month', 'year']);

/**
 * Sales rollups (the dashboard reads these, never the orders): what was sold
 * and refunded per tenant × bucket × device × product, at four grains — the
 * hour, the day, the month and the year of the business time zone (BUSINESS_TIME_ZONE,
 * China time), written as that zone's wall-clock time without an offset (a
 * day is `2026-11-25 00:00:00`). Kept exact in the same transaction as what
 * changes a paid amount (server/order/rollup.ts): the sale, a refund's
 * settlement. A year of one tenant is one year row per device and product,
 * however many orders it had.
 *
 * `product_id` 0 is the order row of the device: `orders` paid orders,
 * `sales` what they received, `refunds` everything refunded of them. A
 * product's row (id > 0) has the `quantity` and `sales` of its items and the
 * `refunds` given back for that product (a whole-order refund names no
 * product, so it is on the order row only). `device_id` 0 holds each
 * product's totals over the tenant's devices. Hours carry the order rows alone.
 */
export const salesRollups = pgTable(
  'sales_rollups',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    grain: rollupGrain('grain').notNull(),
    bucket: timestamp('bucket', { mode: 'string' }).notNull(),
    deviceId: integer('device_id').notNull(),
    productId: integer('product_id').notNull(),
    orders: integer('orders').notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    /** Fen: a month of a busy machine passes what an int holds only past 21 million yuan, but sums are bigint anyway. */
    sales: bigint('sales', { mode: 'number' }).notNull().default(0),
    refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.grain, t.bucket, t.deviceId, t.productId] }),
    // The dashboard reads the summary rows only — the devices' order rows and
    // the products' totals — by tenant and time, and for the system admin by
    // time alone; the device × product rows stay out of its way.
    index('sales_rollups_summary_idx')
      .on(t.tenantId, t.grain, t.bucket)
      .where(sql`${t.productId} = 0 or ${t.deviceId} = 0`),
    // The series and the today cards sum the devices' order rows alone: without this index they read the products' rows too and drop them.
    index('sales_rollups_orders_idx')
      .on(t.tenantId, t.grain, t.bucket)
      .where(sql`${t.productId} = 0`),
    index('sales_rollups_time_idx')
      .on(t.grain, t.bucket)
      .where(sql`${t.productId} = 0 or ${t.deviceId} = 0`),
    index('sales_rollups_device_idx').on(t.deviceId, t.grain, t.bucket),
  ],
);
