/**
 * A tenant's callback settings and its delivery log (shared/callback). The
 * signing secret is sealed like the payment secrets (server/payment/secrets.ts,
 * the same key ring and rotation), with the previous one kept until its
 * overlap ends.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CallbackDeliveryState, CallbackEvent, DeliveryType } from '../../shared/callback/index.js';
import type { Sealed } from '../payment/index.js';
import { tenants } from '../identity/schema.js';

export const callbackSettings = pgTable('callback_settings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  eventUrl: text('event_url'),
  infoUrl: text('info_url'),
  publicKey: text('public_key'),
  events: jsonb('events')
    .$type<CallbackEvent[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  secret: jsonb('secret').$type<Sealed>(),
  secretLast4: text('secret_last4'),
  secretSetAt: timestamp('secret_set_at', { withTimezone: true }),
  /** The secret before the last rotation: it signs beside the new one until `previous_until`. */
  previous: jsonb('previous').$type<Sealed>(),
  previousUntil: timestamp('previous_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const callbackDeliveries = pgTable(
  'callback_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The webhook-id: one per event, kept when sent again. */
    messageId: text('message_id').notNull(),
    type: text('type').$type<DeliveryType>().notNull(),
    /** The body as first signed (a retry sends the same bytes). */
    body: text('body').notNull(),
    state: text('state').$type<CallbackDeliveryState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms'),
    answer: text('answer'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The job that sends it (server/jobs) while it is pending: its run time is the next try. */
    jobId: bigint('job_id', { mode: 'number' }),
  },
  (t) => [index('callback_deliveries_tenant_idx').on(t.tenantId, t.id)],
);
