/**
 * Member grades (shared/member/grades.ts): a tenant's ladder, and the regrade
 * that gives each member the highest grade its spend over the tenant's window
 * reaches. The regrade is one statement per tenant, run every night for every
 * tenant with grades and at once when a ladder or its window changes; it
 * writes only the members whose grade moved, so a night with few changes
 * locks few member rows (a sale locks its member's row too: ledger.ts).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { GRADE_LIMITS, type GradeInput, type GradeLadder } from '../../shared/member/index.js';
import type { Db, Queryable } from '../db/index.js';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, rowsOf } from '../db/sql.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';
import { memberSpends } from './ports.js';
import { memberGrades as g, members } from './schema.js';

const DAY_MS = 86_400_000;

export async function ladderOf(db: Queryable, tenantId: number): Promise<GradeLadder> {
  const [tenant] = await db
    .select({ windowDays: tenants.gradeWindowDays, gradedAt: tenants.gradedAt })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const grades = await db
    .select({
      id: g.id,
      name: g.name,
      minSpend: g.minSpend,
      pointsPercent: g.pointsPercent,
      members: sql<number>`count(${members.id})::int`,
    })
    .from(g)
    .leftJoin(members, eq(members.gradeId, g.id))
    .where(eq(g.tenantId, tenantId))
    .groupBy(g.id)
    .orderBy(asc(g.minSpend));
  return {
    tenantId,
    windowDays: tenant!.windowDays,
    grades,
    gradedAt: tenant!.gradedAt?.toISOString() ?? null,
  };
}

/**
 * Adds or changes a grade. The tenant's row is locked first, so saves at once
 * are checked one after the other: a name or a spend another grade holds, or
 * an eleventh grade, is a field error, never a race past the check (the
 * unique indexes stay as the table's own guard).
 */
export async function saveGrade(db: Db, tenantId: number, id: number | undefined, input: GradeInput) {
  await db.transaction(async (tx) => {
    await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
    const clash = await tx
      .select({ name: g.name, minSpend: g.minSpend })
      .from(g)
      .where(and(eq(g.tenantId, tenantId), id === undefined ? undefined : ne(g.id, id)));
    if (clash.some((c) => c.name === input.name))
      throw new RequestValidationError({ name: 'member.validation.gradeNameTaken' });
    if (clash.some((c) => c.minSpend === input.minSpend))
      throw new RequestValidationError({ minSpend: 'member.validation.gradeSpendTaken' });
    if (id === undefined && clash.length >= GRADE_LIMITS.grades)
      throw new RequestValidationError({ name: 'member.validation.tooManyGrades' });
    if (id === undefined) await tx.insert(g).values({ tenantId, ...input });
    else {
      // A grade of the tenant the request names, or none (404).
      const changed = await tx
        .update(g)
        .set(input)
        .where(and(eq(g.id, id), eq(g.tenantId, tenantId)))
        .returning({ id: g.id });
      if (!changed.length) throw new BizError(CODE.notFound);
    }
    await regrade(tx, tenantId);
  });
  return ladderOf(db, tenantId);
}

/**
 * Removes a grade of the caller's tenants (404 for another's, as for none); 2406 while an activity is for it
 * (its foreign key holds that under a race).
 */
export async function deleteGrade(db: Db, scope: Scope, gradeId: number) {
  const tenantId = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(g)
      .where(and(eq(g.id, gradeId), scope.where(g.tenantId)))
      .returning({ tenantId: g.tenantId })
      .catch((err) => {
        if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw new BizError(CODE.gradeInUse);
        throw err;
      });
    if (!row) throw new BizError(CODE.notFound);
    await regrade(tx, row.tenantId);
    return row.tenantId;
  });
  return ladderOf(db, tenantId);
}

export async function saveGradeWindow(db: Db, tenantId: number, windowDays: number) {
  await db.transaction(async (tx) => {
    await tx.update(tenants).set({ gradeWindowDays: windowDays }).where(eq(tenants.id, tenantId));
    await regrade(tx, tenantId);
  });
  return ladderOf(db, tenantId);
}

/**
 * Gives each of the tenant's members the highest grade its spend since the
 * window's start reaches (none below the lowest), writing only those that
 * moved; the tenant's `graded_at` says when. Returns how many moved.
 */
export async function regrade(db: Queryable, tenantId: number, at = new Date()): Promise<number> {
  const [tenant] = await db
    .update(tenants)
    .set({ gradedAt: at })
    .where(eq(tenants.id, tenantId))
    .returning({ windowDays: tenants.gradeWindowDays });
  if (!tenant) return 0;
  const since = new Date(at.getTime() - tenant.windowDays * DAY_MS);
  const ids = sql`select id from ${members} where tenant_id = ${tenantId} and erased_at is null`;
  const spends = memberSpends.use()(ids, since);
  const moved = await rowsOf<{ id: number }>(
    db,
    sql`
    update ${members} m set grade_id = x.grade_id, graded_at = ${at}
    from (
      select mm.id, (select gg.id from ${g} gg where gg.tenant_id = ${tenantId}
          and gg.min_spend <= coalesce(s.spent, 0) order by gg.min_spend desc limit 1) as grade_id
      from ${members} mm left join ${spends} s on s.member_id = mm.id
      where mm.tenant_id = ${tenantId} and mm.erased_at is null
    ) x
    where m.id = x.id and m.grade_id is distinct from x.grade_id returning m.id`,
  );
  return moved.length;
}

/** The console's "regrade now": the tenant's members as the nightly run would grade them. */
export async function regradeNow(db: Db, tenantId: number) {
  await db.transaction((tx) => regrade(tx, tenantId));
  return ladderOf(db, tenantId);
}

/** The nightly run: every tenant with grades, each in its own transaction (a long night never holds them all). */
export async function regradeAll(db: Db, at = new Date()): Promise<number> {
  const withGrades = await db.selectDistinct({ tenantId: g.tenantId }).from(g);
  let moved = 0;
  for (const { tenantId } of withGrades) moved += await db.transaction((tx) => regrade(tx, tenantId, at));
  return moved;
}
