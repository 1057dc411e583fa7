/**
 * Refunds of orders and their products, and each tenant's refund period.
 * While a refund is pending its amount is already counted in the order's
 * (and its products') `refund_amount`, whose check constraints keep the sum
 * within what was received: no race can refund more than was paid. A failed
 * refund gives its amount back.
 */
import { pgTable, pgEnum, integer, text, timestamp, index, check, boolean } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { REFUND_REQUEST_STATES } from '../../shared/refund/index.js';
import { createdAt, orderId } from '../db/columns.js';
import { deliveryFailure, orderItems } from '../order/schema.js';
import { tenants } from '../identity/schema.js';

export const refundRequestState = pgEnum('refund_request_state', REFUND_REQUEST_STATES);

export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: orderId().notNull(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    state: refundRequestState('state').notNull().default('pending'),
    /** Who asked (a console user's name, or the complaint's number): kept as text, as history. */
    requestedBy: text('requested_by').notNull(),
    /** An automatic refund of an item the machine did not dispense (server/delivery): why it failed. Null for a refund someone asked for. */
    failure: deliveryFailure('failure'),
    /** When the provider's result is due (the sandbox settles then); when it landed. */
    settleAt: timestamp('settle_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * At a real payment platform (server/refund/platform.ts): `sent` once the refund has been asked of it (from
     * then on it is queried, never sent again, until the platform says it never took it); null before, and
     * always in the sandbox. Which provider took it, its id there, and the last code it (or the adapter) gave.
     */
    platformState: text('platform_state').$type<'sent'>(),
    provider: text('provider'),
    platformRefundId: text('platform_refund_id'),
    platformCode: text('platform_code'),
    /** How many times it was asked of the platform or queried there: the wait before the next grows with it. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    // The settling sweep's queue: only what is still pending, by when it is due.
    index('refunds_due_idx')
      .on(t.settleAt)
      .where(sql`${t.state} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** The products a refund gives money back for (none: the order as a whole). */
export const refundLines = pgTable(
  'refund_lines',
  {
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
  },
  (t) => [index('refund_lines_refund_idx').on(t.refundId), check('refund_lines_amount_positive', sql`${t.amount} > 0`)],
);

/** A tenant's refund period; a tenant without a row has the default (shared/refund REFUND_PERIOD). */
export const refundSettings = pgTable(
  'refund_settings',
  {
    tenantId: integer('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    periodDays: integer('period_days').notNull(),
    /** Refund what a machine failed to dispense at once (else: the review list). */
    autoRefund: boolean('auto_refund').notNull().default(true),
    /** A channel locks itself after this many jams or motor failures in a row. */
    lockAfter: integer('lock_after').notNull().default(3),
  },
  (t) => [
    check('refund_settings_period', sql`${t.periodDays} between 1 and 365`),
    check('refund_settings_lock_after', sql`${t.lockAfter} between 1 and 20`),
  ],
);
