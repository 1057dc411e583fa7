/**
 * Column helpers every domain's tables use. Every tenant-owned row carries
 * `tenant_id`, so one scope helper (server/scope.ts) filters any table the
 * same way (ARCHITECTURE §5).
 */
import { integer, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * An order's id where another table names an order. No foreign key: orders
 * are partitioned by month (server/order/schema.ts), and PostgreSQL lets a
 * key reference a partitioned table only through a unique index holding the
 * partition key, so every such row would carry the order's time as well.
 * Orders are history and never deleted, and whatever names one is written
 * after reading it (a refund, a complaint, an item in the sale's own
 * transaction), so the key would guard nothing that happens.
 */
export const orderId = () => integer('order_id');
