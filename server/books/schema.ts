/**
 * The books' runs (docs/domains/books.md): each run of every domain's checks, over
 * every tenant (the nightly one, once per business day whichever instance
 * queues it first) or over the tenants one screen asked for, with what each
 * check found. One run waits per set of tenants: asking again while it
 * waits answers it (the partial unique index holds that under a race).
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BookCheckKey, BookRunState } from '../../shared/books/index.js';
import type { Difference } from '../db/checks.js';
import { createdAt } from '../db/columns.js';

export interface StoredResult {
  key: BookCheckKey;
  ms: number;
  differences: Difference[];
}

export const bookRuns = pgTable(
  'book_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: ['nightly', 'asked'] }).notNull(),
    /** The tenants checked, in id order; null: every tenant. */
    tenantIds: integer('tenant_ids').array(),
    /** The nightly run's business day: one a day. */
    day: date('day', { mode: 'string' }),
    state: text('state').$type<BookRunState>().notNull().default('queued'),
    askedBy: text('asked_by'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    results: jsonb('results').$type<StoredResult[]>(),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('book_runs_nightly_idx')
      .on(t.day)
      .where(sql`${t.kind} = 'nightly'`),
    uniqueIndex('book_runs_waiting_idx')
      .on(sql`coalesce(${t.tenantIds}, '{}'::int[])`)
      .where(sql`${t.state} = 'queued'`),
    index('book_runs_finished_idx').on(t.finishedAt),
  ],
);
