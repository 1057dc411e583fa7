/**
 * Recurring work of the domains (a manifest's `recurring`: the offline
 * sweep, the rollouts' advance, the month's close, the partitions ahead).
 * Each kind is one row of the job queue (server/jobs/schema.ts, group
 * RECURRING_GROUP), so the one runner does it: one instance at a time claims
 * it, however many run; it is queued again `everyMs` after each run, failed
 * or not; a row held by an instance that died is taken by another once its
 * heart has stopped (STALE_AFTER_MS), as any job's; and what it last did is
 * in the table (`select kind, run_at, state, last_error from jobs where
 * group_key = '@every'`, docs/operations.md). Before, each instance ran its
 * own timers: with two instances every sweep ran twice as often as asked,
 * and nobody could see one that kept failing.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { JOBS_CHANNEL, type JobContext, type JobKind, type JobKinds } from './runner.js';

/** The group of the recurring kinds' rows; a unique index keeps one row per kind in it. */
export const RECURRING_GROUP = '@every';

export interface Recurring {
  /** Milliseconds between runs; a function is read when an upstream starts (a test shortens it through the environment). */
  everyMs: number | (() => number);
  /** Also run as soon as an upstream starts (what fell due while none ran: the machines silent meanwhile). */
  atStart?: boolean;
  /** One run; every run must be safe to repeat (an instance may die in it and another run it again). */
  run(ctx: JobContext): Promise<unknown>;
}

export type RecurringKinds = Readonly<Record<string, Recurring>>;

const everyOf = (r: Recurring) => Math.max(10, Math.round(typeof r.everyMs === 'function' ? r.everyMs() : r.everyMs));

/** The recurring kinds as kinds of the runner. */
export function recurringJobKinds(all: RecurringKinds): JobKinds {
  const kinds: Record<string, JobKind<Record<string, never>>> = {};
  for (const [name, r] of Object.entries(all)) {
    const everyMs = everyOf(r);
    kinds[name] = { run: (_payload, ctx) => r.run(ctx).then(() => {}), retryAfter: () => everyMs, everyMs };
  }
  return kinds;
}

/**
 * Makes sure each recurring kind has its row, due within its interval (or at
 * once for `atStart`): an instance started with a shorter interval brings a
 * far run nearer; one whose row another instance holds leaves it. Rows of
 * kinds no longer in the code are dropped. Safe for instances starting at once.
 */
export async function scheduleRecurring(db: Queryable, all: RecurringKinds): Promise<void> {
  const names = Object.keys(all);
  await db.execute(
    sql`delete from jobs where group_key = ${RECURRING_GROUP} and kind <> all(${`{${names.join(',')}}`}::text[])`,
  );
  for (const [name, r] of Object.entries(all)) {
    const delay = `${r.atStart ? 0 : everyOf(r)} milliseconds`;
    await db.execute(sql`
      insert into jobs (kind, group_key, payload, run_at)
      values (${name}, ${RECURRING_GROUP}, '{}'::jsonb, now() + ${delay}::interval)
      on conflict (kind) where group_key = ${sql.raw(`'${RECURRING_GROUP}'`)}
      do update set run_at = least(jobs.run_at, excluded.run_at) where jobs.state = 'queued'`);
  }
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
}
