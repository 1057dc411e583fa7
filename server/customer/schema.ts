/**
 * Enterprise customers and their staff (spec §3 Enterprise customer,
 * Enterprise staff): a tenant's business customers, whose staff buy at the
 * staff price with their card. What the orders need today — a staff order
 * names its buyer, phone, card and customer; the enterprise screens
 * (/costumeMent) build on these tables.
 */
import { pgTable, pgEnum, integer, text, boolean, index, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { users } from '../account/schema.js';
import { points } from '../point/schema.js';
import { products } from '../product/schema.js';
import { tenants } from '../identity/schema.js';

/** Spec §4: an enterprise customer is normal or disabled. */
export const customerState = pgEnum('customer_state', ['normal', 'disabled']);

export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The tenant whose customer it is. */
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** Its platform account (an `enterprise` user). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    state: customerState('state').notNull().default('normal'),
    /** Spec §3 "buy now and go". */
    buyNow: boolean('buy_now').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('customers_tenant_idx').on(t.tenantId), uniqueIndex('customers_user_idx').on(t.userId)],
);

export const customerStaff = pgTable(
  'customer_staff',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The customer's tenant, kept here so a machine's tenant finds a card in one index. */
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    position: text('position'),
    /** The staff card's number, as the machine's reader gives it: one holder per tenant. */
    cardId: text('card_id').notNull(),
    phone: text('phone').notNull(),
    remark: text('remark'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_staff_card_idx').on(t.tenantId, t.cardId),
    index('customer_staff_customer_idx').on(t.customerId),
  ],
);

/**
 * The points where a customer's staff cards are honoured (spec §2 bindGroup):
 * its tenant's and that tenant's second-level tenants'. None: its tenant's
 * own machines, as before points could be bound.
 */
export const customerPoints = pgTable(
  'customer_points',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.pointId] }), index('customer_points_point_idx').on(t.pointId)],
);

/** A customer's employee price of a product of its tenant, fen (it wins over the channel's staff price). */
export const customerPrices = pgTable(
  'customer_prices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The customer's tenant, kept so ownership is read from the row (the isolation suite's `owns`). */
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
  },
  (t) => [uniqueIndex('customer_prices_product_idx').on(t.customerId, t.productId)],
);
