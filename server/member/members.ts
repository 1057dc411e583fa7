/**
 * The member centre's reads and changes (shared/member/api.ts): a tenant's
 * members within the caller's scope, a member's ledger, a credit or debit
 * with its reason, blocking. A member outside the scope is 707, as one that
 * does not exist.
 */
import { and, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import { maskContact } from '../../shared/format.js';
import type { MemberFilter, MemberItem, MemberState } from '../../shared/member/index.js';
import type { Db, Queryable } from '../db/index.js';
import { searchPattern } from '../db/pinyin.js';
import { containsPattern } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { tenantFilter } from '../tenant/index.js';
import { memberOrders } from './ports.js';
import { tenants } from '../identity/schema.js';
import { users } from '../account/schema.js';
import { addPoints, balanceOf, spendPoints } from './ledger.js';
import { externalMembers, memberGrades, members, memberSessions, pointEntries, pointLots } from './schema.js';

const liveLeft = sql<number>`(select coalesce(sum(l.left), 0)::int from ${pointLots} l
  where l.member_id = ${members.id} and l.left > 0 and (l.expires_at is null or l.expires_at > now()))`;

const columns = {
  id: members.id,
  tenantId: members.tenantId,
  tenantName: tenants.name,
  nickname: members.nickname,
  cardNumber: members.cardNumber,
  phone: members.phone,
  points: liveLeft,
  state: members.state,
  registeredAt: members.registeredAt,
  registeredAddress: members.registeredAddress,
  erased: sql<boolean>`${members.erasedAt} is not null`,
  gradeName: memberGrades.name,
};
const select = (db: Queryable) =>
  db
    .select(columns)
    .from(members)
    .innerJoin(tenants, eq(tenants.id, members.tenantId))
    .leftJoin(memberGrades, eq(memberGrades.id, members.gradeId));
type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
const toItem = (r: Row): MemberItem => ({ ...r, registeredAt: r.registeredAt.toISOString() });

function keywordOf(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const digits = /^\d+$/.test(keyword);
  return or(
    ilike(members.searchKey, searchPattern(keyword)),
    ilike(members.cardNumber, containsPattern(keyword)),
    ilike(members.phone, containsPattern(keyword)),
    digits && keyword.length <= 9 ? eq(members.id, Number(keyword)) : undefined,
  );
}

export async function memberPage(db: Queryable, scope: Scope, query: PageQuery, filter: MemberFilter) {
  const where = and(
    scope.where(members.tenantId),
    await tenantFilter(db, scope, members.tenantId, filter.tenantId),
    keywordOf(filter.keyword),
    filter.state ? eq(members.state, filter.state) : undefined,
    filter.registeredFrom ? gte(members.registeredAt, new Date(filter.registeredFrom)) : undefined,
    filter.registeredTo ? lte(members.registeredAt, new Date(filter.registeredTo)) : undefined,
  );
  // A list masks the phone (shared/format.ts maskContact); the member's page shows it whole.
  return paged(
    query,
    select(db).where(where).orderBy(desc(members.registeredAt), desc(members.id)),
    db.select({ total: count() }).from(members).where(where),
    (r) => toItem({ ...r, phone: maskContact(r.phone) }),
  );
}

/** A member in the caller's scope (locked for the transaction when `lock`), or 707. */
async function reach(db: Queryable, scope: Scope, id: number) {
  const [row] = await db
    .select({ id: members.id, tenantId: members.tenantId })
    .from(members)
    .where(and(eq(members.id, id), scope.where(members.tenantId)));
  if (!row) throw new BizError(CODE.programmeMemberNotFound);
  return row;
}

const inviters = sql`(select i.nickname from ${members} i where i.id = ${members.inviterId})`;

export async function memberOf(db: Queryable, scope: Scope, id: number) {
  const [row] = await select(db).where(and(eq(members.id, id), scope.where(members.tenantId)));
  if (!row) throw new BizError(CODE.programmeMemberNotFound);
  const [more] = await db
    .select({
      figures: memberOrders.use()(members.id),
      birthday: members.birthday,
      phoneVerified: sql<boolean>`${members.phoneVerifiedAt} is not null`,
      owed: members.owed,
      inviterId: members.inviterId,
      inviterName: sql<string | null>`${inviters}`,
      operatorId: members.operatorId,
      operatorName: users.name,
    })
    .from(members)
    .leftJoin(users, eq(users.id, members.operatorId))
    .where(eq(members.id, id));
  const { figures, ...rest } = more!;
  return { ...toItem(row), ...rest, ...figures };
}

export async function memberLedger(db: Queryable, scope: Scope, id: number, query: PageQuery, at = new Date()) {
  const m = await reach(db, scope, id);
  const lots = await db
    .select()
    .from(pointLots)
    .where(eq(pointLots.memberId, m.id))
    .orderBy(
      sql`(${pointLots.left} > 0 and (${pointLots.expiresAt} is null or ${pointLots.expiresAt} > ${at.toISOString()}::timestamptz)) desc`,
      sql`${pointLots.expiresAt} asc nulls last`,
      desc(pointLots.id),
    )
    .limit(200);
  const where = eq(pointEntries.memberId, m.id);
  const entries = await paged(
    query,
    db
      .select({
        id: pointEntries.id,
        kind: pointEntries.kind,
        points: pointEntries.points,
        owed: pointEntries.owed,
        reason: pointEntries.reason,
        operatorName: users.name,
        orderNumber: pointEntries.orderNumber,
        createdAt: pointEntries.createdAt,
      })
      .from(pointEntries)
      .leftJoin(users, eq(users.id, pointEntries.operatorId))
      .where(where)
      .orderBy(desc(pointEntries.id)),
    db.select({ total: count() }).from(pointEntries).where(where),
    (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
  );
  const [owed] = await db.select({ owed: members.owed }).from(members).where(eq(members.id, m.id));
  return {
    points: await balanceOf(db, m.id, at),
    owed: owed!.owed,
    lots: lots.map((l) => ({
      id: l.id,
      earned: l.earned,
      left: l.left,
      expiresAt: l.expiresAt?.toISOString() ?? null,
      expired: l.expiresAt !== null && l.expiresAt <= at,
      orderNumber: l.orderNumber,
      createdAt: l.createdAt.toISOString(),
    })),
    entries,
  };
}

/** An operator's credit (a new lot) or debit (soonest expiry first; 950 past the balance). */
export async function adjustPoints(
  db: Db,
  user: AuthUser,
  scope: Scope,
  id: number,
  change: { points: number; reason: string },
  at = new Date(),
) {
  return db.transaction(async (tx) => {
    const m = await reach(tx, scope, id);
    const c = { memberId: m.id, reason: change.reason, operatorId: user.id };
    const points =
      change.points > 0
        ? await addPoints(tx, 'adjust', change.points, c, at)
        : await spendPoints(tx, 'adjust', -change.points, c, at);
    await tx.update(members).set({ operatorId: user.id }).where(eq(members.id, m.id));
    return { points };
  });
}

/** Blocks a member (its sessions end at once) or lets it back. */
export async function setMemberState(db: Db, user: AuthUser, scope: Scope, id: number, state: MemberState) {
  return db.transaction(async (tx) => {
    const m = await reach(tx, scope, id);
    await tx.update(members).set({ state, operatorId: user.id }).where(eq(members.id, m.id));
    if (state === 'blocked') await tx.delete(memberSessions).where(eq(memberSessions.memberId, m.id));
    return { state };
  });
}

/** The member's own points: balance, lots by expiry, history. */
export async function myPoints(db: Queryable, memberId: number, query: PageQuery, at = new Date()) {
  const expiring = await db
    .select({ points: sql<number>`sum(${pointLots.left})::int`, expiresAt: pointLots.expiresAt })
    .from(pointLots)
    .where(
      and(
        eq(pointLots.memberId, memberId),
        sql`${pointLots.left} > 0 and ${pointLots.expiresAt} > ${at.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(pointLots.expiresAt)
    .orderBy(pointLots.expiresAt)
    .limit(12);
  const where = eq(pointEntries.memberId, memberId);
  return {
    points: await balanceOf(db, memberId, at),
    expiring: expiring.map((e) => ({ points: e.points, expiresAt: e.expiresAt!.toISOString() })),
    history: await paged(
      query,
      db
        .select({
          id: pointEntries.id,
          kind: pointEntries.kind,
          points: pointEntries.points,
          owed: pointEntries.owed,
          reason: pointEntries.reason,
          operatorName: sql<string | null>`null`,
          orderNumber: pointEntries.orderNumber,
          createdAt: pointEntries.createdAt,
        })
        .from(pointEntries)
        .where(where)
        .orderBy(desc(pointEntries.id)),
      db.select({ total: count() }).from(pointEntries).where(where),
      (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
    ),
  };
}

/** Members of other programmes that the caller's tenants' sales named, most recently seen first. */
export async function externalMemberPage(
  db: Queryable,
  scope: Scope,
  query: PageQuery,
  filter: { keyword?: string | undefined; tenantId?: number | undefined },
) {
  const like = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const where = and(
    scope.where(externalMembers.tenantId),
    await tenantFilter(db, scope, externalMembers.tenantId, filter.tenantId),
    like ? or(ilike(externalMembers.externalId, like), ilike(externalMembers.programme, like)) : undefined,
  );
  return paged(
    query,
    db
      .select({
        id: externalMembers.id,
        tenantId: externalMembers.tenantId,
        tenantName: tenants.name,
        programme: externalMembers.programme,
        externalId: externalMembers.externalId,
        orders: externalMembers.orders,
        amount: externalMembers.amount,
        firstSeenAt: externalMembers.firstSeenAt,
        lastSeenAt: externalMembers.lastSeenAt,
      })
      .from(externalMembers)
      .innerJoin(tenants, eq(tenants.id, externalMembers.tenantId))
      .where(where)
      .orderBy(desc(externalMembers.lastSeenAt), desc(externalMembers.id)),
    db.select({ total: count() }).from(externalMembers).where(where),
    (r) => ({ ...r, firstSeenAt: r.firstSeenAt.toISOString(), lastSeenAt: r.lastSeenAt.toISOString() }),
  );
}
