/**
 * Asking for a month's close, and running it as a job of the one runner
 * (server/jobs): the request records the month as queued and queues the
 * job; the job closes it (close.ts) and records how it went. Every upstream
 * also asks, hourly, for last month's close of each tenant that has hosts
 * or rules and has not had it — the month closes itself as drafts on the
 * 1st, and a tenant closes again after late corrections.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { addDays, businessDay, monthStart } from '../../shared/business-time.js';
import type { ShareCloseItem } from '../../shared/share/index.js';
import type { Db, Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import { enqueue, type JobKind } from '../jobs/index.js';
import type { Scope } from '../scope.js';
import { owningTenant } from '../tenant/index.js';
import { closeMonth } from './close.js';
import { shareCloses, shareHosts, shareRules } from './schema.js';

export const CLOSE_JOB = 'share.close';

interface ClosePayload {
  tenantId: number;
  month: string;
}

const toItem = ({ c: r, monthText }: { c: typeof shareCloses.$inferSelect; monthText: string }): ShareCloseItem => ({
  tenantId: r.tenantId,
  month: monthText,
  state: r.state === 'done' || r.state === 'failed' ? r.state : 'queued',
  statements: r.statements,
  askedAt: r.askedAt.toISOString(),
  closedAt: r.closedAt?.toISOString() ?? null,
});

const closeColumns = { c: shareCloses, monthText: sql<string>`to_char(${shareCloses.month}, 'YYYY-MM')` };

/** Queues the month's close (974 for a month not over in business time). */
async function queueClose(db: Db, tenantId: number, month: string): Promise<void> {
  const day = `${month}-01`;
  await db.transaction(async (tx) => {
    await tx
      .insert(shareCloses)
      .values({ tenantId, month: day })
      .onConflictDoUpdate({
        target: [shareCloses.tenantId, shareCloses.month],
        set: { state: 'queued', askedAt: sql`now()`, error: null },
      });
    await enqueue(tx, CLOSE_JOB, { tenantId, month } satisfies ClosePayload, { group: `share:${tenantId}` });
  });
}

export async function requestClose(
  db: Db,
  user: AuthUser,
  scope: Scope,
  input: { tenantId?: number | undefined; month: string },
): Promise<ShareCloseItem> {
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  if (`${input.month}-01` >= monthStart(businessDay())) throw new BizError(CODE.shareMonthOpen);
  await queueClose(db, tenantId, input.month);
  const [row] = await db
    .select(closeColumns)
    .from(shareCloses)
    .where(and(eq(shareCloses.tenantId, tenantId), eq(shareCloses.month, `${input.month}-01`)));
  return toItem(row!);
}

export async function closeList(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  input: { tenantId?: number | undefined },
): Promise<ShareCloseItem[]> {
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  const rows = await db
    .select(closeColumns)
    .from(shareCloses)
    .where(eq(shareCloses.tenantId, tenantId))
    .orderBy(desc(shareCloses.month))
    .limit(24);
  return rows.map(toItem);
}

export const closeJob: JobKind<ClosePayload> = {
  async run({ tenantId, month }, { db }) {
    try {
      const { statements } = await closeMonth(db, tenantId, month);
      await db
        .update(shareCloses)
        .set({ state: 'done', statements, closedAt: sql`now()`, error: null })
        .where(and(eq(shareCloses.tenantId, tenantId), eq(shareCloses.month, `${month}-01`)));
    } catch (e) {
      await db
        .update(shareCloses)
        .set({ state: 'failed', error: e instanceof Error ? e.message : String(e) })
        .where(and(eq(shareCloses.tenantId, tenantId), eq(shareCloses.month, `${month}-01`)));
      throw e;
    }
  },
  // A close is repeatable: try again a minute later, three times.
  retryAfter: (attempt) => (attempt < 3 ? 60_000 : null),
};

/** Last month's close for every tenant with hosts or rules that has not had it (the upstream's hourly chore). */
export async function closeLastMonths(db: Db, today = businessDay()): Promise<number> {
  const last = monthStart(addDays(monthStart(today), -1));
  const due = await rowsOf<{ tenantId: number }>(
    db,
    sql`
    select t.tenant_id as "tenantId" from (
      select tenant_id from ${shareHosts} union select tenant_id from ${shareRules}
    ) t
    where not exists (select 1 from ${shareCloses} c where c.tenant_id = t.tenant_id and c.month = ${last}::date)`,
  );
  for (const { tenantId } of due) await queueClose(db, tenantId, last.slice(0, 7));
  return due.length;
}
