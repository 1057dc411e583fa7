/** Complaints about orders (spec §3 Complaint) and their progress log, oldest entry first. */
import { pgTable, pgEnum, pgSequence, integer, text, timestamp, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { COMPLAINT_STATES, COMPLAINT_TYPES, PROGRESS_ACTIONS, PROGRESS_ROLES } from '../../shared/complaint/index.js';
import { createdAt, orderId } from '../db/columns.js';
import { BUSINESS_ZONE } from '../db/sql.js';
import { devices } from '../device/schema.js';
import { tenants } from '../identity/schema.js';

export const complaintState = pgEnum('complaint_state', COMPLAINT_STATES);
export const complaintType = pgEnum('complaint_type', COMPLAINT_TYPES);
export const progressRole = pgEnum('progress_role', PROGRESS_ROLES);
export const progressAction = pgEnum('progress_action', PROGRESS_ACTIONS);

export const complaintNumbers = pgSequence('complaint_number_seq');

export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** TS, the China-time minute and a running number. */
    number: text('number')
      .notNull()
      .unique()
      .default(
        sql`'TS' || to_char(now() at time zone ${BUSINESS_ZONE}, 'YYYYMMDDHH24MI') || to_char(nextval('complaint_number_seq') % 10000, 'FM0000')`,
      ),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    orderId: orderId().notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    type: complaintType('type').notNull(),
    status: complaintState('status').notNull().default('pending'),
    contact: text('contact').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('complaints_tenant_time_idx').on(t.tenantId, t.createdAt.desc()),
    index('complaints_order_idx').on(t.orderId),
  ],
);

export const complaintProgress = pgTable(
  'complaint_progress',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    role: progressRole('role').notNull(),
    action: progressAction('action').notNull(),
    actor: text('actor').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('complaint_progress_complaint_idx').on(t.complaintId)],
);
