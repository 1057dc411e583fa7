/**
 * Statements (shared/share/api.ts): read by the tenant that pays them and
 * its parents, and by a second-level tenant they pay; moved draft → issued
 * → confirmed → paid, each step once (976 otherwise). The paying side
 * issues and pays; a second-level tenant confirms its own, and the paying
 * side records a host's confirmation. Adjustments go to a month not issued.
 */
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import type {
  ShareAdjustment,
  ShareParty,
  ShareState,
  ShareStatementDetail,
  ShareStatementItem,
  shareAdjustInput,
} from '../../shared/share/index.js';
import { users } from '../account/index.js';
import type { Db, Queryable } from '../db/index.js';
import { devices } from '../device/index.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import { tenants } from '../identity/schema.js';
import { points } from '../point/index.js';
import type { Scope } from '../scope.js';
import { tenantFilter } from '../tenant/index.js';
import { computeMonth, digestOf } from './close.js';
import { hostOf } from './hosts.js';
import { subjectOf } from './rules.js';
import { lockTenantShares, requireUnstated } from './stated.js';
import { shareAdjustments, shareLineDays, shareLines, shareStatements } from './schema.js';

/**
 * Statements the caller pays (its scope's tenants: a host's, or a second-level
 * tenant's it sees — a member of the parent does not) or is paid by (its
 * scope's tenants as the party). The paid side sees its statement once
 * issued: a draft is the payer's working copy, recomputed until then.
 */
const visible = (scope: Scope): SQL =>
  or(
    and(scope.where(shareStatements.tenantId), eq(shareStatements.party, 'host')),
    and(
      eq(shareStatements.party, 'tenant'),
      scope.where(shareStatements.partyId),
      or(scope.where(shareStatements.tenantId), ne(shareStatements.state, 'draft')),
    ),
  )!;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const select = (db: Queryable) =>
  db
    .select({
      s: shareStatements,
      tenantName: tenants.name,
      month: sql<string>`to_char(${shareStatements.month}, 'YYYY-MM')`,
    })
    .from(shareStatements)
    .innerJoin(tenants, eq(tenants.id, shareStatements.tenantId));
type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

function toItem(user: AuthUser, { s, tenantName, month }: Row): ShareStatementItem {
  const { digest: _digest, month: _day, ...rest } = s;
  return {
    ...rest,
    tenantName,
    month,
    computedAt: s.computedAt.toISOString(),
    issuedAt: iso(s.issuedAt),
    confirmedAt: iso(s.confirmedAt),
    paidAt: iso(s.paidAt),
    mine: s.party === 'tenant' && s.partyId === user.tenantId,
  };
}

export interface StatementFilter {
  tenantId?: number | undefined;
  month?: string | undefined;
  state?: ShareState | undefined;
  party?: ShareParty | undefined;
  hostId?: number | undefined;
}

/** The statements of a filter the caller may read (a named host judged: 970). */
export async function statementWhere(db: Queryable, scope: Scope, filter: StatementFilter) {
  if (filter.hostId !== undefined) await hostOf(db, scope, filter.hostId);
  return and(
    visible(scope),
    await tenantFilter(db, scope, shareStatements.tenantId, filter.tenantId),
    filter.month ? eq(shareStatements.month, `${filter.month}-01`) : undefined,
    filter.state ? eq(shareStatements.state, filter.state) : undefined,
    filter.party ? eq(shareStatements.party, filter.party) : undefined,
    filter.hostId !== undefined
      ? and(eq(shareStatements.party, 'host'), eq(shareStatements.partyId, filter.hostId))
      : undefined,
  );
}

/** The list's order: latest month first, hosts before second-level tenants, by name. */
export const STATEMENT_ORDER = [
  desc(shareStatements.month),
  asc(shareStatements.party),
  asc(shareStatements.partyName),
];

export async function statementPage(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  query: PageQuery,
  filter: StatementFilter,
) {
  const where = await statementWhere(db, scope, filter);
  return paged(
    query,
    select(db)
      .where(where)
      .orderBy(...STATEMENT_ORDER),
    db.select({ total: count() }).from(shareStatements).where(where),
    (r) => toItem(user, r),
  );
}

async function statementOf(db: Queryable, user: AuthUser, scope: Scope, id: number): Promise<ShareStatementItem> {
  const [row] = await select(db).where(and(eq(shareStatements.id, id), visible(scope)));
  if (!row) throw new BizError(CODE.shareStatementNotFound);
  return toItem(user, row);
}

export async function statementInfo(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  id: number,
): Promise<ShareStatementDetail> {
  const item = await statementOf(db, user, scope, id);
  const lines = await linesOf(db, [id]);
  const adjustmentList = await adjustmentsOf(db, item.tenantId, item.month, item.party, item.partyId);
  return {
    ...item,
    lines: lines.map(({ line: { statementId: _s, position: _p, by, corrects: _c, ...l }, corrects }) => ({
      ...l,
      by: by === 'percent' || by === 'rent' ? by : null,
      corrects,
    })),
    adjustmentList,
  };
}

const correctedLine = alias(shareLines, 'corrected_line');
const corrected = alias(shareStatements, 'corrected');

/** Statements' lines in order, each with the issued statement a correction line names (null for an ordinary line). */
export async function linesOf(db: Queryable, statementIds: number[]) {
  if (statementIds.length === 0) return [];
  const rows = await db
    .select({
      line: shareLines,
      statementId: corrected.id,
      month: sql<string | null>`to_char(${corrected.month}, 'YYYY-MM')`,
    })
    .from(shareLines)
    .leftJoin(correctedLine, eq(correctedLine.id, shareLines.corrects))
    .leftJoin(corrected, eq(corrected.id, correctedLine.statementId))
    .where(inArray(shareLines.statementId, statementIds))
    .orderBy(asc(shareLines.statementId), asc(shareLines.position));
  return rows.map(({ line, statementId, month }) => ({
    line,
    corrects: statementId !== null && month !== null ? { statementId, month } : null,
  }));
}

const adjustmentColumns = {
  id: shareAdjustments.id,
  month: sql<string>`to_char(${shareAdjustments.month}, 'YYYY-MM')`,
  amount: shareAdjustments.amount,
  reason: shareAdjustments.reason,
  createdBy: users.username,
  createdAt: shareAdjustments.createdAt,
};
const toAdjustment = (r: { createdAt: Date } & Omit<ShareAdjustment, 'createdAt'>): ShareAdjustment => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

async function adjustmentsOf(db: Queryable, tenantId: number, month: string, party: ShareParty, partyId: number) {
  const rows = await db
    .select(adjustmentColumns)
    .from(shareAdjustments)
    .leftJoin(users, eq(users.id, shareAdjustments.createdBy))
    .where(
      and(
        eq(shareAdjustments.tenantId, tenantId),
        eq(shareAdjustments.month, `${month}-01`),
        eq(shareAdjustments.party, party),
        eq(shareAdjustments.partyId, partyId),
      ),
    )
    .orderBy(asc(shareAdjustments.id));
  return rows.map(toAdjustment);
}

/** What a statement's lines sum, day by day and device by device. */
export async function statementDays(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  id: number,
  query: PageQuery,
  filter: { lineId?: number | undefined },
) {
  await statementOf(db, user, scope, id);
  const where = and(
    eq(shareLines.statementId, id),
    filter.lineId !== undefined ? eq(shareLineDays.lineId, filter.lineId) : undefined,
  );
  return paged(
    query,
    db
      .select({
        lineId: shareLineDays.lineId,
        day: shareLineDays.day,
        deviceId: shareLineDays.deviceId,
        deviceName: sql<string>`coalesce(${devices.name}, '')`,
        pointId: shareLineDays.pointId,
        pointName: points.name,
        sales: shareLineDays.sales,
        refunds: shareLineDays.refunds,
      })
      .from(shareLineDays)
      .innerJoin(shareLines, eq(shareLines.id, shareLineDays.lineId))
      .leftJoin(devices, eq(devices.id, shareLineDays.deviceId))
      .leftJoin(points, eq(points.id, shareLineDays.pointId))
      .where(where)
      .orderBy(asc(shareLines.position), asc(shareLineDays.day), asc(shareLineDays.deviceId)),
    db
      .select({ total: count() })
      .from(shareLineDays)
      .innerJoin(shareLines, eq(shareLines.id, shareLineDays.lineId))
      .where(where),
    (r) => r,
  );
}

type Step = 'issue' | 'confirm' | 'pay';
const FROM: Record<Step, ShareState> = { issue: 'draft', confirm: 'issued', pay: 'confirmed' };

/**
 * One step of a statement's life, taken once: the row moves only from the
 * state the step starts from (a second click, or two at once, find it moved
 * and are refused, 976). The paying side issues and pays; the party confirms
 * its own, and a host's confirmation is recorded by the paying side.
 */
export async function stepStatement(
  db: Db,
  user: AuthUser,
  scope: Scope,
  id: number,
  step: Step,
  input: { by?: string | undefined; reference?: string | undefined } = {},
) {
  const s = await statementOf(db, user, scope, id);
  const payer = scope.has(s.tenantId);
  const allowed = step === 'confirm' ? (s.party === 'tenant' ? s.mine : payer) : payer && !s.mine;
  if (!allowed) throw new BizError(CODE.shareStatementState);
  const set =
    step === 'issue'
      ? { state: 'issued' as const, issuedAt: sql`now()`, stale: false }
      : step === 'confirm'
        ? { state: 'confirmed' as const, confirmedAt: sql`now()`, confirmedBy: input.by || user.username }
        : { state: 'paid' as const, paidAt: sql`now()`, paymentRef: input.reference ?? null };
  const moved = await db.transaction(async (tx) => {
    if (step === 'issue') {
      // An issue waits for a close or a rule change of the tenant in progress (server/share/stated.ts), then
      // computes the draft again: one computed from inputs that changed since (a rule, a point's host, an
      // adjustment, a sale's day) is marked stale and refused, never issued with old figures.
      await lockTenantShares(tx, s.tenantId);
      if (s.state === 'draft' && !(await draftCurrent(tx, s))) {
        await tx.update(shareStatements).set({ stale: true }).where(eq(shareStatements.id, id));
        return 'stale' as const;
      }
    }
    return tx
      .update(shareStatements)
      .set(set)
      .where(and(eq(shareStatements.id, id), eq(shareStatements.state, FROM[step])))
      .returning({ id: shareStatements.id });
  });
  if (moved === 'stale') throw new BizError(CODE.shareStatementStale);
  if (moved.length === 0) throw new BizError(CODE.shareStatementState);
  return statementOf(db, user, scope, id);
}

/** Whether a draft's digest is what its month computes to now for its party (close.ts). */
async function draftCurrent(tx: Queryable, s: ShareStatementItem): Promise<boolean> {
  const [row] = await tx
    .select({ digest: shareStatements.digest })
    .from(shareStatements)
    .where(eq(shareStatements.id, s.id));
  const { monthDays, computed } = await computeMonth(tx, s.tenantId, s.month);
  const now = computed.find((c) => c.party === s.party && c.partyId === s.partyId);
  return now !== undefined && digestOf(now, monthDays).digest === row!.digest;
}

/** An adjustment of a party's month not yet issued for it (973): the month's close adds it to the statement. */
export async function adjust(db: Db, user: AuthUser, scope: Scope, input: z.output<typeof shareAdjustInput>) {
  const subject = await subjectOf(db, scope, input, true);
  const party = subject.subject === 'tenant' ? ('tenant' as const) : ('host' as const);
  const month = `${input.month}-01`;
  const id = await db.transaction(async (tx) => {
    await requireUnstated(tx, subject.tenantId, month, { party, partyId: subject.subjectId });
    const [row] = await tx
      .insert(shareAdjustments)
      .values({
        tenantId: subject.tenantId,
        month,
        party,
        partyId: subject.subjectId,
        amount: input.amount,
        reason: input.reason,
        createdBy: user.id,
      })
      .returning({ id: shareAdjustments.id });
    return row!.id;
  });
  const [row] = await db
    .select(adjustmentColumns)
    .from(shareAdjustments)
    .leftJoin(users, eq(users.id, shareAdjustments.createdBy))
    .where(eq(shareAdjustments.id, id));
  return toAdjustment(row!);
}
