/**
 * The upstream's one job queue (server/jobs): work that must happen once,
 * later, whichever instance is running — a callback delivery, an e-mail
 * export. A row is a job waiting or running; it leaves the table when it is
 * done or given up (the domain keeps its own record of what happened: the
 * delivery log, the export list), so the queue stays small.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which domain's work (`callback.deliver`, `order.export`). */
    kind: text('kind').notNull(),
    /** Jobs of one group (one tenant's endpoint) run only a few at a time, across instances; '' is no group. */
    groupKey: text('group_key').notNull().default(''),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: ['queued', 'running'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`state = 'queued'`),
    index('jobs_running_idx')
      .on(t.groupKey, t.heartbeatAt)
      .where(sql`state = 'running'`),
    // One row per recurring kind (server/jobs/recurring.ts): however many instances start, each kind runs once.
    uniqueIndex('jobs_recurring_idx')
      .on(t.kind)
      .where(sql`group_key = '@every'`),
  ],
);
