/**
 * The review list (shared/delivery): an order whose machine failed to
 * dispense something, of a tenant that turned automatic refunds off, waits
 * here for a person — one row per order, made when the order's delivery
 * ends (so it covers every failed item), decided once: approved (the failed
 * items refunded) or dismissed with a note.
 */
import { pgTable, pgEnum, integer, text, timestamp, index } from 'drizzle-orm/pg-core';
import { REVIEW_STATES } from '../../shared/delivery/index.js';
import { createdAt, orderId } from '../db/columns.js';
import { tenants } from '../identity/schema.js';

export const reviewState = pgEnum('delivery_review_state', REVIEW_STATES);

export const deliveryReviews = pgTable(
  'delivery_reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: orderId().notNull().unique(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    state: reviewState('state').notNull().default('pending'),
    note: text('note'),
    /** Who decided, by name, as history (empty: the platform). */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_reviews_tenant_idx').on(t.tenantId, t.createdAt.desc())],
);
