/**
 * The platforms' daily bills (shared/reconciliation): one row per tenant,
 * platform and business day, with the file as the platform gave it, its
 * lines as read, and the differences the match found. An explanation is a
 * move of its own (who, when, what), never an edit of the difference.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DayState } from '../../shared/reconciliation/index.js';
import { createdAt } from '../db/columns.js';
import { users } from '../account/schema.js';
import { tenants } from '../identity/schema.js';

export const reconDays = pgTable(
  'recon_days',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Whose merchant account the bill is of: its orders, and its second-level tenants' that pay into it. */
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<'wechat' | 'alipay'>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    state: text('state').$type<DayState>().notNull(),
    source: text('source').notNull(),
    /** The file as the platform gave it, in the file storage (by its hash), and the name it came by. */
    fileId: text('file_id'),
    fileName: text('file_name'),
    payments: integer('payments').notNull().default(0),
    paymentAmount: integer('payment_amount').notNull().default(0),
    refunds: integer('refunds').notNull().default(0),
    refundAmount: integer('refund_amount').notNull().default(0),
    fees: integer('fees').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    differences: integer('differences').notNull().default(0),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('recon_days_once').on(t.tenantId, t.platform, t.day),
    index('recon_days_day_idx').on(t.day.desc(), t.id.desc()),
  ],
);

/** A bill's lines as read: a payment by its order number, a refund by the console's refund number. */
export const reconLines = pgTable(
  'recon_lines',
  {
    dayId: integer('day_id')
      .notNull()
      .references(() => reconDays.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    subject: text('subject').$type<'payment' | 'refund'>().notNull(),
    number: text('number').notNull(),
    platformNumber: text('platform_number'),
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dayId, t.line] }), index('recon_lines_number_idx').on(t.dayId, t.subject, t.number)],
);

export const reconDifferences = pgTable(
  'recon_differences',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    dayId: integer('day_id')
      .notNull()
      .references(() => reconDays.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'amount' | 'platformOnly' | 'consoleOnly'>().notNull(),
    subject: text('subject').$type<'payment' | 'refund'>().notNull(),
    number: text('number').notNull(),
    orderId: integer('order_id'),
    refundId: integer('refund_id'),
    platformNumber: text('platform_number'),
    platformAmount: integer('platform_amount'),
    consoleAmount: integer('console_amount'),
  },
  (t) => [
    index('recon_differences_day_idx').on(t.dayId, t.id),
    index('recon_differences_tenant_idx').on(t.tenantId, t.id),
    check('recon_differences_sides', sql`${t.platformAmount} is not null or ${t.consoleAmount} is not null`),
  ],
);

export const reconNotes = pgTable(
  'recon_notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    differenceId: integer('difference_id')
      .notNull()
      .references(() => reconDifferences.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who wrote it, as shown then (a user removed later still reads by name). */
    byName: text('by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('recon_notes_difference_idx').on(t.differenceId, t.id)],
);
