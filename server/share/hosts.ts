/**
 * Location hosts (shared/share/api.ts) and the points they hold on which
 * days. A host outside the caller's scope is 970, as one that does not
 * exist. Bank details are sealed on arrival (the payment domain's keys) and
 * only their presence is ever answered.
 */
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import { addDays, BUSINESS_TIME_ZONE } from '../../shared/business-time.js';
import type { ShareHostItem, ShareHostPoint, shareHostInput, shareHostUpdate } from '../../shared/share/index.js';
import type { Db, Queryable } from '../db/index.js';
import { containsPattern } from '../db/sql.js';
import { BizError, uniqueAs } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import { tenants } from '../identity/schema.js';
import { resealed, sealNow, type Sealed, type SecretKey } from '../payment/index.js';
import { points } from '../point/index.js';
import type { Scope } from '../scope.js';
import { owningTenant, tenantFilter } from '../tenant/index.js';
import { requireUnstated } from './stated.js';
import { shareHosts, sharePointHosts, shareRules, shareStatements } from './schema.js';

/** Today on the business calendar, as PostgreSQL reads it. */
const TODAY = sql`(now() at time zone ${BUSINESS_TIME_ZONE})::date`;

/** Points a host holds today: its latest assignment of each point names it, from a day not after today. */
const heldNow = sql<number>`(
  select count(*)::int from ${sharePointHosts} h
  where h.host_id = ${shareHosts.id} and h.from_day <= ${TODAY}
    and not exists (
      select 1 from ${sharePointHosts} later
      where later.point_id = h.point_id and later.from_day > h.from_day and later.from_day <= ${TODAY}
    ))`;

const columns = {
  id: shareHosts.id,
  tenantId: shareHosts.tenantId,
  tenantName: tenants.name,
  name: shareHosts.name,
  contact: shareHosts.contact,
  phone: shareHosts.phone,
  bankSet: sql<boolean>`${shareHosts.bank} is not null`,
  points: heldNow,
  createdAt: shareHosts.createdAt,
};
const select = (db: Queryable) =>
  db.select(columns).from(shareHosts).innerJoin(tenants, eq(tenants.id, shareHosts.tenantId));
type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
const toItem = (r: Row): ShareHostItem => ({ ...r, createdAt: r.createdAt.toISOString() });

export async function hostPage(
  db: Queryable,
  scope: Scope,
  query: PageQuery,
  filter: { tenantId?: number | undefined; name?: string | undefined },
) {
  const where = and(
    scope.where(shareHosts.tenantId),
    await tenantFilter(db, scope, shareHosts.tenantId, filter.tenantId),
    filter.name ? ilike(shareHosts.name, containsPattern(filter.name)) : undefined,
  );
  return paged(
    query,
    select(db).where(where).orderBy(asc(shareHosts.name), asc(shareHosts.id)),
    db.select({ total: count() }).from(shareHosts).where(where),
    toItem,
  );
}

/** A host in the caller's scope, or 970. */
export async function hostOf(db: Queryable, scope: Scope, id: number): Promise<ShareHostItem> {
  const [row] = await select(db).where(and(eq(shareHosts.id, id), scope.where(shareHosts.tenantId)));
  if (!row) throw new BizError(CODE.shareHostNotFound);
  return toItem(row);
}

const sealed = (bank: { bankName: string; accountName: string; accountNumber: string }) =>
  JSON.stringify(sealNow(JSON.stringify(bank)));

export async function createHost(db: Db, user: AuthUser, scope: Scope, input: z.output<typeof shareHostInput>) {
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  const [made] = await uniqueAs(CODE.shareHostNameTaken, () =>
    db
      .insert(shareHosts)
      .values({
        tenantId,
        name: input.name,
        contact: input.contact,
        phone: input.phone,
        bank: input.bank ? sealed(input.bank) : null,
      })
      .returning({ id: shareHosts.id }),
  );
  return hostOf(db, scope, made!.id);
}

export async function updateHost(db: Db, scope: Scope, id: number, input: z.output<typeof shareHostUpdate>) {
  await hostOf(db, scope, id);
  const { bank, ...fields } = input;
  await uniqueAs(CODE.shareHostNameTaken, () =>
    db
      .update(shareHosts)
      .set({ ...fields, ...(bank === undefined ? {} : { bank: bank === null ? null : sealed(bank) }) })
      .where(eq(shareHosts.id, id)),
  );
  return hostOf(db, scope, id);
}

/** A host never stated goes with its rules and its days of holding points (972 once on a statement). */
export async function deleteHost(db: Db, scope: Scope, id: number) {
  const host = await hostOf(db, scope, id);
  return db.transaction(async (tx) => {
    const [stated] = await tx
      .select({ id: shareStatements.id })
      .from(shareStatements)
      .where(
        and(
          eq(shareStatements.tenantId, host.tenantId),
          eq(shareStatements.party, 'host'),
          eq(shareStatements.partyId, id),
        ),
      )
      .limit(1);
    if (stated) throw new BizError(CODE.shareHostStated);
    await tx
      .delete(shareRules)
      .where(and(eq(shareRules.tenantId, host.tenantId), eq(shareRules.subject, 'host'), eq(shareRules.subjectId, id)));
    await tx.delete(shareHosts).where(eq(shareHosts.id, id));
    return { deleted: true };
  });
}

/** The points a host holds and held, with the days: each assignment runs to the day before the point's next one. */
export async function hostPoints(db: Queryable, scope: Scope, id: number): Promise<ShareHostPoint[]> {
  await hostOf(db, scope, id);
  const rows = await db
    .select({
      pointId: sharePointHosts.pointId,
      pointName: points.name,
      fromDay: sharePointHosts.fromDay,
      next: sql<
        string | null
      >`(select min(n.from_day)::text from ${sharePointHosts} n where n.point_id = ${sharePointHosts.pointId} and n.from_day > ${sharePointHosts.fromDay})`,
    })
    .from(sharePointHosts)
    .innerJoin(points, eq(points.id, sharePointHosts.pointId))
    .where(eq(sharePointHosts.hostId, id))
    .orderBy(desc(sharePointHosts.fromDay), asc(points.name));
  return rows.map(({ next, ...r }) => ({ ...r, toDay: next === null ? null : addDays(next, -1) }));
}

/**
 * Points change hands from `fromDay` on (to `hostId`, or to no host). The
 * day's month must not be issued for the tenant (973), so a statement never
 * disagrees with the days it was computed from. An assignment already made
 * for that day is replaced; later ones stand.
 */
export async function assignPoints(
  db: Db,
  scope: Scope,
  input: { pointIds: number[]; hostId: number | null; fromDay: string },
) {
  const ids = [...new Set(input.pointIds)];
  const found = await db
    .select({ id: points.id, tenantId: points.tenantId })
    .from(points)
    .where(and(inArray(points.id, ids), scope.where(points.tenantId)));
  if (found.length !== ids.length) throw new BizError(CODE.pointNotFound);
  const tenantIds = new Set(found.map((p) => p.tenantId));
  if (input.hostId !== null) {
    const host = await hostOf(db, scope, input.hostId);
    // A host holds its own tenant's points only.
    if (tenantIds.size !== 1 || !tenantIds.has(host.tenantId)) throw new BizError(CODE.pointNotFound);
  }
  return db.transaction(async (tx) => {
    for (const tenantId of tenantIds) await requireUnstated(tx, tenantId, input.fromDay);
    await tx
      .insert(sharePointHosts)
      .values(found.map((p) => ({ pointId: p.id, fromDay: input.fromDay, hostId: input.hostId, tenantId: p.tenantId })))
      .onConflictDoUpdate({
        target: [sharePointHosts.pointId, sharePointHosts.fromDay],
        set: { hostId: sql`excluded.host_id` },
      });
    return { points: found.length };
  });
}

/** A tenant's points with today's host, its hosts and its second-level tenants: what its pickers offer. */
export async function shareSubjects(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  input: { tenantId?: number | undefined },
) {
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  const held = await db
    .select({
      id: points.id,
      name: points.name,
      hostId: sql<number | null>`(
        select h.host_id from ${sharePointHosts} h where h.point_id = ${points.id} and h.from_day <= ${TODAY}
        order by h.from_day desc limit 1)`,
    })
    .from(points)
    .where(eq(points.tenantId, tenantId))
    .orderBy(asc(points.name));
  const hosts = await db
    .select({ id: shareHosts.id, name: shareHosts.name })
    .from(shareHosts)
    .where(eq(shareHosts.tenantId, tenantId))
    .orderBy(asc(shareHosts.name));
  const names = new Map(hosts.map((h) => [h.id, h.name]));
  const subTenants = await db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(and(eq(tenants.parentId, tenantId), scope.where(tenants.id)))
    .orderBy(asc(tenants.name));
  return {
    points: held.map((p) => ({ ...p, hostName: p.hostId === null ? null : (names.get(p.hostId) ?? null) })),
    hosts,
    subTenants,
  };
}

/** Reseals every host's bank details under the current key (`npm run secrets -- --rotate`); answers how many moved. */
export async function rotateHostBanks(db: Db, keys: SecretKey[]): Promise<number> {
  let count = 0;
  for (const row of await db.select({ id: shareHosts.id, bank: shareHosts.bank }).from(shareHosts)) {
    if (!row.bank) continue;
    const fresh = resealed(JSON.parse(row.bank) as Sealed, keys);
    if (!fresh) continue;
    count++;
    await db
      .update(shareHosts)
      .set({ bank: JSON.stringify(fresh) })
      .where(eq(shareHosts.id, row.id));
  }
  return count;
}
