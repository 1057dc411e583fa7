/**
 * Share rules in monthly versions (shared/share/rules.ts): one per subject
 * and month, in force until the next version's month. A version may be set
 * or deleted only for a month not yet issued (973), so an issued statement
 * never disagrees with the rules it names.
 */
import { and, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import type { ShareRuleItem, ShareSubject, shareRuleInput } from '../../shared/share/index.js';
import { users } from '../account/index.js';
import type { Db, Queryable } from '../db/index.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import { tenants } from '../identity/schema.js';
import { points } from '../point/index.js';
import type { Scope } from '../scope.js';
import { tenantFilter } from '../tenant/index.js';
import { requireUnstated } from './stated.js';
import { shareHosts, shareRules } from './schema.js';

export interface Target {
  pointId?: number | undefined;
  hostId?: number | undefined;
  subTenantId?: number | undefined;
}

export interface Subject {
  subject: ShareSubject;
  subjectId: number;
  /** The tenant that pays: the point's or the host's, or the second-level tenant's parent. */
  tenantId: number;
  name: string;
}

const sub = alias(tenants, 'share_sub_tenant');

/** Each id the request names, judged: in the caller's scope as the paying side (980 otherwise). */
async function named(db: Queryable, scope: Scope, target: Target): Promise<Subject[]> {
  const found: Subject[] = [];
  if (target.pointId !== undefined) {
    const [p] = await db
      .select({ tenantId: points.tenantId, name: points.name })
      .from(points)
      .where(and(eq(points.id, target.pointId), scope.where(points.tenantId)));
    if (!p) throw new BizError(CODE.shareSubjectNotFound);
    found.push({ subject: 'point', subjectId: target.pointId, ...p });
  }
  if (target.hostId !== undefined) {
    const [h] = await db
      .select({ tenantId: shareHosts.tenantId, name: shareHosts.name })
      .from(shareHosts)
      .where(and(eq(shareHosts.id, target.hostId), scope.where(shareHosts.tenantId)));
    if (!h) throw new BizError(CODE.shareSubjectNotFound);
    found.push({ subject: 'host', subjectId: target.hostId, ...h });
  }
  if (target.subTenantId !== undefined) {
    const [t] = await db
      .select({ tenantId: tenants.parentId, name: tenants.name })
      .from(tenants)
      .where(eq(tenants.id, target.subTenantId));
    // The paying side sees the second-level tenant too: a member, whose scope is its own tenant alone, does not.
    if (!t || t.tenantId === null || !scope.has(t.tenantId) || !scope.has(target.subTenantId))
      throw new BizError(CODE.shareSubjectNotFound);
    found.push({ subject: 'tenant', subjectId: target.subTenantId, tenantId: t.tenantId, name: t.name });
  }
  return found;
}

/**
 * The one point, host or second-level tenant a request names. Every id is
 * judged first (980), then exactly one is asked for (a field error; `parties`:
 * a host or a second-level tenant only, an adjustment's).
 */
export async function subjectOf(db: Queryable, scope: Scope, target: Target, parties = false): Promise<Subject> {
  const found = await named(db, scope, target);
  if (found.length !== 1 || (parties && found[0]!.subject === 'point'))
    throw new RequestValidationError(
      parties ? { hostId: 'share.validation.oneParty' } : { pointId: 'share.validation.oneTarget' },
    );
  return found[0]!;
}

const subjectName = sql<string>`coalesce(${points.name}, ${shareHosts.name}, ${sub.name}, '')`;
const select = (db: Queryable) =>
  db
    .select({
      id: shareRules.id,
      tenantId: shareRules.tenantId,
      tenantName: tenants.name,
      subject: shareRules.subject,
      subjectId: shareRules.subjectId,
      subjectName,
      fromMonth: sql<string>`to_char(${shareRules.fromMonth}, 'YYYY-MM')`,
      kind: shareRules.kind,
      tiers: shareRules.tiers,
      rent: shareRules.rent,
      createdBy: users.username,
      createdAt: shareRules.createdAt,
    })
    .from(shareRules)
    .innerJoin(tenants, eq(tenants.id, shareRules.tenantId))
    .leftJoin(points, and(eq(shareRules.subject, 'point'), eq(points.id, shareRules.subjectId)))
    .leftJoin(shareHosts, and(eq(shareRules.subject, 'host'), eq(shareHosts.id, shareRules.subjectId)))
    .leftJoin(sub, and(eq(shareRules.subject, 'tenant'), eq(sub.id, shareRules.subjectId)))
    .leftJoin(users, eq(users.id, shareRules.createdBy));
type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
const toItem = (r: Row): ShareRuleItem => ({ ...r, createdAt: r.createdAt.toISOString() });

const ofSubject = (s: Pick<Subject, 'subject' | 'subjectId'>): SQL =>
  and(eq(shareRules.subject, s.subject), eq(shareRules.subjectId, s.subjectId))!;

export async function rulePage(db: Queryable, scope: Scope, query: PageQuery, filter: Target & { tenantId?: number }) {
  const named = [filter.pointId, filter.hostId, filter.subTenantId].some((v) => v !== undefined);
  const where = and(
    scope.where(shareRules.tenantId),
    // A second-level tenant's rule is read by who sees that tenant (not a member of its parent).
    or(ne(shareRules.subject, 'tenant'), scope.where(shareRules.subjectId)),
    await tenantFilter(db, scope, shareRules.tenantId, filter.tenantId),
    named ? ofSubject(await subjectOf(db, scope, filter)) : undefined,
  );
  return paged(
    query,
    select(db).where(where).orderBy(desc(shareRules.fromMonth), desc(shareRules.id)),
    db.select({ total: count() }).from(shareRules).where(where),
    toItem,
  );
}

async function ruleOf(db: Queryable, scope: Scope, id: number): Promise<ShareRuleItem> {
  const [row] = await select(db).where(and(eq(shareRules.id, id), scope.where(shareRules.tenantId)));
  if (!row) throw new BizError(CODE.shareRuleNotFound);
  return toItem(row);
}

/** Sets the version of a subject's rule from a month (the same month again replaces it). */
export async function setRule(db: Db, user: AuthUser, scope: Scope, input: z.output<typeof shareRuleInput>) {
  const subject = await subjectOf(db, scope, input);
  const fromMonth = `${input.fromMonth}-01`;
  const terms = {
    kind: input.terms.kind,
    tiers: input.terms.kind === 'rent' ? [] : input.terms.tiers,
    rent: input.terms.kind === 'percent' ? 0 : input.terms.rent,
  };
  const id = await db.transaction(async (tx) => {
    await requireUnstated(tx, subject.tenantId, fromMonth);
    const [row] = await tx
      .insert(shareRules)
      .values({
        tenantId: subject.tenantId,
        subject: subject.subject,
        subjectId: subject.subjectId,
        fromMonth,
        ...terms,
        createdBy: user.id,
      })
      .onConflictDoUpdate({
        target: [shareRules.tenantId, shareRules.subject, shareRules.subjectId, shareRules.fromMonth],
        set: { ...terms, createdBy: user.id, createdAt: sql`now()` },
      })
      .returning({ id: shareRules.id });
    return row!.id;
  });
  return ruleOf(db, scope, id);
}

/** Deletes a version of a month not yet issued: the one before it applies again. */
export async function deleteRule(db: Db, scope: Scope, id: number) {
  const rule = await ruleOf(db, scope, id);
  await db.transaction(async (tx) => {
    await requireUnstated(tx, rule.tenantId, `${rule.fromMonth}-01`);
    await tx.delete(shareRules).where(eq(shareRules.id, id));
  });
  return { deleted: true };
}
