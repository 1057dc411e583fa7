/**
 * Asking for the books' checks and reading what they found: a run is a job
 * of the one runner (server/jobs), so whichever instance claims it runs it
 * and nothing two instances must agree on lives in memory. The nightly run
 * covers every tenant; the screen asks for the caller's tenants.
 */
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { addDays, businessDay, businessHour } from '../../shared/business-time.js';
import type { BookRun, BooksAnswer } from '../../shared/books/index.js';
import type { Db, Queryable } from '../db/index.js';
import type { AuthUser } from '../http/principal.js';
import { tenants } from '../identity/schema.js';
import { enqueue, type JobKind } from '../jobs/index.js';
import type { Scope } from '../scope.js';
import { owningTenant } from '../tenant/index.js';
import { reconcile } from './reconcile.js';
import { bookRuns } from './schema.js';

export const RUN_JOB = 'books.reconcile';

/** The nightly run starts after this hour of the business day, when the day's sales are few. */
const NIGHTLY_AFTER_HOUR = 2;

/** The tenants a caller's books cover, in id order: null for every tenant (the admin naming none). */
async function targetOf(db: Queryable, user: AuthUser, scope: Scope, tenantId: number | undefined) {
  if (tenantId === undefined && scope.all) return null;
  if (tenantId === undefined) return [...scope.tenantIds].sort((a, b) => a - b);
  const owner = await owningTenant(db, user, scope, tenantId);
  const children = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.parentId, owner));
  return [owner, ...children.map((c) => c.id)].sort((a, b) => a - b);
}

const arrayOf = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const sameTenants = (ids: readonly number[] | null) =>
  ids === null ? isNull(bookRuns.tenantIds) : sql`${bookRuns.tenantIds} = ${arrayOf(ids)}`;

const toRun = (r: typeof bookRuns.$inferSelect): BookRun => ({
  id: r.id,
  kind: r.kind,
  state: r.state,
  askedBy: r.askedBy,
  createdAt: r.createdAt.toISOString(),
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** Queues a run of these tenants, or answers the one already waiting (the unique index decides under a race). */
async function queueRun(
  db: Db,
  ids: readonly number[] | null,
  fields: { kind: 'nightly' | 'asked'; askedBy?: string; day?: string },
) {
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(bookRuns)
      .values({ ...fields, tenantIds: ids === null ? null : [...ids] })
      .onConflictDoNothing()
      .returning();
    if (made) {
      await enqueue(tx, RUN_JOB, { runId: made.id }, { group: 'books' });
      return made;
    }
    return undefined;
  });
}

export async function askRun(
  db: Db,
  user: AuthUser,
  scope: Scope,
  input: { tenantId?: number | undefined },
): Promise<BookRun> {
  const ids = await targetOf(db, user, scope, input.tenantId);
  const made = await queueRun(db, ids, { kind: 'asked', askedBy: user.username });
  if (made) return toRun(made);
  const [waiting] = await db
    .select()
    .from(bookRuns)
    .where(and(sameTenants(ids), eq(bookRuns.state, 'queued')))
    .orderBy(desc(bookRuns.id))
    .limit(1);
  // Taken by a runner between the two statements: ask again, which queues a new one.
  return waiting ? toRun(waiting) : askRun(db, user, scope, input);
}

export async function latest(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  input: { tenantId?: number | undefined },
): Promise<BooksAnswer> {
  const ids = await targetOf(db, user, scope, input.tenantId);
  const covers =
    ids === null
      ? isNull(bookRuns.tenantIds)
      : or(isNull(bookRuns.tenantIds), sql`${bookRuns.tenantIds} @> ${arrayOf(ids)}`);
  const [last] = await db
    .select()
    .from(bookRuns)
    .where(and(covers, eq(bookRuns.state, 'done')))
    .orderBy(desc(bookRuns.finishedAt))
    .limit(1);
  const [pending] = await db
    .select()
    .from(bookRuns)
    .where(and(sameTenants(ids), inArray(bookRuns.state, ['queued', 'running'])))
    .orderBy(desc(bookRuns.id))
    .limit(1);
  const mine = (tenantId: number) => ids === null || ids.includes(tenantId);
  const results = (last?.results ?? []).map((r) => ({
    ...r,
    differences: r.differences.filter((d) => mine(d.tenantId)),
  }));
  const named = [...new Set(results.flatMap((r) => r.differences.map((d) => d.tenantId)))];
  const names = new Map(
    named.length
      ? (await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(inArray(tenants.id, named))).map(
          (t) => [t.id, t.name],
        )
      : [],
  );
  return {
    last: last ? toRun(last) : null,
    checks: results.map((r) => ({
      key: r.key,
      ms: r.ms,
      differences: r.differences.map((d) => ({ ...d, tenantName: names.get(d.tenantId) ?? '' })) as never,
    })),
    pending: pending ? toRun(pending) : null,
  };
}

/** The run's job: every check over its tenants, the findings stored with the run. */
export const runJob: JobKind<{ runId: number }> = {
  async run({ runId }, { db }) {
    const [run] = await db
      .update(bookRuns)
      .set({ state: 'running', startedAt: sql`now()` })
      .where(eq(bookRuns.id, runId))
      .returning();
    if (!run) return;
    try {
      const results = await reconcile(db, run.tenantIds);
      await db
        .update(bookRuns)
        .set({ state: 'done', finishedAt: sql`now()`, results: results as never })
        .where(eq(bookRuns.id, runId));
    } catch (e) {
      await db
        .update(bookRuns)
        .set({ state: 'failed', finishedAt: sql`now()`, error: e instanceof Error ? e.message : String(e) })
        .where(eq(bookRuns.id, runId));
      throw e;
    }
  },
  // A run only reads: a failed one is not retried; the next night's or the next asked runs again.
  retryAfter: () => null,
};

/** The nightly run over every tenant, queued once a business day past its hour by whichever instance is first. */
export async function queueNightly(db: Db, now = Date.now()): Promise<boolean> {
  if (businessHour(now) < NIGHTLY_AFTER_HOUR) return false;
  return (await queueRun(db, null, { kind: 'nightly', day: businessDay(now) })) !== undefined;
}

/** Runs older than 90 days go; the latest of each kind stays whatever its age. */
export async function dropOldRuns(db: Db, today = businessDay()): Promise<void> {
  await db.execute(
    sql`delete from ${bookRuns} where created_at < ${addDays(today, -90)}::date
      and id not in (select max(id) from ${bookRuns} group by kind)`,
  );
}
