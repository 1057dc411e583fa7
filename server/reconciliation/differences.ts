/**
 * Reading the days and their differences in the caller's scope (the admin:
 * every tenant's; a tenant: its own and its second-level tenants' bills),
 * explaining a difference (a note is a move of its own: who, when, what; the
 * latest is shown, none is ever changed), and the differences as a sheet.
 */
import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../shared/api/define.js';
import { commonTexts } from '../../shared/common/index.js';
import { CODE } from '../../shared/domains.js';
import { formatTime } from '../../shared/format.js';
import type { Lang } from '../../shared/i18n/define.js';
import {
  RECON_LIMITS,
  reconciliationTexts,
  type DayFilter,
  type DifferenceFilter,
  type ReconDay,
  type ReconDifference,
} from '../../shared/reconciliation/index.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import { xlsxBytes, type Cell } from '../http/xlsx.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';
import { tenantFilter } from '../tenant/index.js';
import { reconDays, reconDifferences, reconNotes } from './schema.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A difference's latest note, if any. */
const latestNote = sql<{ note: string; by: string; at: string } | null>`(
  select json_build_object('note', n.note, 'by', n.by_name, 'at', n.created_at)
  from ${reconNotes} n where n.difference_id = ${reconDifferences.id} order by n.id desc limit 1)`;
const explainedYet = sql`exists (select 1 from ${reconNotes} n where n.difference_id = ${reconDifferences.id})`;

async function dayWhere(db: Queryable, scope: Scope, f: DayFilter) {
  return and(
    scope.where(reconDays.tenantId),
    await tenantFilter(db, scope, reconDays.tenantId, f.tenantId),
    f.platform ? eq(reconDays.platform, f.platform) : undefined,
    f.state ? eq(reconDays.state, f.state) : undefined,
    f.from ? gte(reconDays.day, f.from) : undefined,
    f.to ? lte(reconDays.day, f.to) : undefined,
  );
}

export async function dayPage(db: Queryable, scope: Scope, query: PageQuery, f: DayFilter) {
  const where = await dayWhere(db, scope, f);
  const rows = db
    .select({
      id: reconDays.id,
      tenantId: reconDays.tenantId,
      tenantName: tenants.name,
      platform: reconDays.platform,
      day: reconDays.day,
      state: reconDays.state,
      source: reconDays.source,
      payments: reconDays.payments,
      paymentAmount: reconDays.paymentAmount,
      refunds: reconDays.refunds,
      refundAmount: reconDays.refundAmount,
      fees: reconDays.fees,
      matched: reconDays.matched,
      differences: reconDays.differences,
      open: sql<number>`(select count(*)::int from ${reconDifferences} d where d.day_id = ${reconDays.id}
        and not exists (select 1 from ${reconNotes} n where n.difference_id = d.id))`,
      error: reconDays.error,
      fetchedAt: reconDays.fetchedAt,
    })
    .from(reconDays)
    .innerJoin(tenants, eq(tenants.id, reconDays.tenantId))
    .where(where)
    .orderBy(desc(reconDays.day), reconDays.tenantId, reconDays.platform);
  return paged(query, rows, db.select({ total: count() }).from(reconDays).where(where), (r): ReconDay => ({
    ...r,
    fetchedAt: iso(r.fetchedAt),
  }));
}

const differenceColumns = {
  id: reconDifferences.id,
  dayId: reconDifferences.dayId,
  day: reconDays.day,
  platform: reconDays.platform,
  tenantName: tenants.name,
  kind: reconDifferences.kind,
  subject: reconDifferences.subject,
  number: reconDifferences.number,
  orderId: reconDifferences.orderId,
  refundId: reconDifferences.refundId,
  platformNumber: reconDifferences.platformNumber,
  platformAmount: reconDifferences.platformAmount,
  consoleAmount: reconDifferences.consoleAmount,
  explained: latestNote,
};
const selectDifferences = (db: Queryable) =>
  db
    .select(differenceColumns)
    .from(reconDifferences)
    .innerJoin(reconDays, eq(reconDays.id, reconDifferences.dayId))
    .innerJoin(tenants, eq(tenants.id, reconDifferences.tenantId));

async function differenceWhere(db: Queryable, scope: Scope, f: DifferenceFilter): Promise<SQL | undefined> {
  if (f.dayId !== undefined) {
    const [day] = await db
      .select({ id: reconDays.id })
      .from(reconDays)
      .where(and(eq(reconDays.id, f.dayId), scope.where(reconDays.tenantId)));
    if (!day) throw new BizError(CODE.dayNotFound);
  }
  return and(
    scope.where(reconDifferences.tenantId),
    await tenantFilter(db, scope, reconDifferences.tenantId, f.tenantId),
    f.dayId ? eq(reconDifferences.dayId, f.dayId) : undefined,
    f.kind ? eq(reconDifferences.kind, f.kind) : undefined,
    f.open ? sql`not ${explainedYet}` : undefined,
  );
}

const order = [desc(reconDays.day), reconDifferences.id] as const;

export async function differencePage(db: Queryable, scope: Scope, query: PageQuery, f: DifferenceFilter) {
  const where = await differenceWhere(db, scope, f);
  return paged(
    query,
    selectDifferences(db)
      .where(where)
      .orderBy(...order),
    db
      .select({ total: count() })
      .from(reconDifferences)
      .innerJoin(reconDays, eq(reconDays.id, reconDifferences.dayId))
      .where(where),
    (r): ReconDifference => r,
  );
}

/** Records a note on a difference in scope (931 otherwise) and answers the difference as it now reads. */
export async function explainDifference(
  db: Queryable,
  scope: Scope,
  user: AuthUser,
  id: number,
  note: string,
): Promise<ReconDifference> {
  const where = and(eq(reconDifferences.id, id), scope.where(reconDifferences.tenantId));
  const [found] = await db.select({ id: reconDifferences.id }).from(reconDifferences).where(where);
  if (!found) throw new BizError(CODE.differenceNotFound);
  await db.insert(reconNotes).values({ differenceId: id, note, userId: user.id, byName: user.name });
  const [row] = await selectDifferences(db).where(where);
  return row!;
}

/** The differences of a filter as an xlsx in the caller's language, at most RECON_LIMITS.exportRows. */
export async function exportDifferences(db: Queryable, scope: Scope, f: DifferenceFilter, lang: Lang) {
  const where = await differenceWhere(db, scope, f);
  const rows = await selectDifferences(db)
    .where(where)
    .orderBy(...order)
    .limit(RECON_LIMITS.exportRows);
  const l = reconciliationTexts[lang];
  const money = (fen: number | null) => (fen === null ? '' : fen / 100);
  const cells = rows.map((d): Cell[] => [
    d.day,
    l.platforms[d.platform],
    d.tenantName,
    l.kinds[d.kind],
    l.subjects[d.subject],
    d.number,
    d.platformNumber ?? '',
    money(d.platformAmount),
    money(d.consoleAmount),
    d.explained ? `${d.explained.note} (${d.explained.by} ${formatTime(d.explained.at)})` : '',
  ]);
  const header = [
    l.day,
    l.platform,
    commonTexts[lang].common.tenant,
    l.kind,
    l.subject,
    l.number,
    l.platformNumber,
    l.platformAmount,
    l.consoleAmount,
    l.explanation,
  ];
  const bytes = await xlsxBytes(l.sheet, header, cells);
  return {
    name: `${l.sheet}-${formatTime(new Date()).slice(0, 10)}.xlsx`,
    data: bytes.toString('base64'),
    rows: rows.length,
  };
}
