/**
 * The doors on the console (shared/fresh/doors.ts): a tenant's rules, the
 * openings and the declined cards of the fridges in scope, unblocking a
 * card, and a fridge's month for its location's host — a row a day of
 * openings, purchases, what they paid, declines and the goods gone missing.
 */
import { and, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { addDays, businessDay, monthInstants } from '../../shared/business-time.js';
import type { PageQuery } from '../../shared/api/define.js';
import { CODE } from '../../shared/domains.js';
import {
  freshTexts,
  type CardItem,
  type DoorSettings,
  type OpeningFilter,
  type OpeningItem,
} from '../../shared/fresh/index.js';
import type { Lang } from '../../shared/i18n/define.js';
import { BUSINESS_ZONE } from '../db/sql.js';
import type { Queryable } from '../db/index.js';
import { devices } from '../device/index.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import { xlsxBytes, type Cell } from '../http/xlsx.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';
import { owningTenant, tenantFilter } from '../tenant/index.js';
import { checkFilterIds } from './batches.js';
import { doorRules, openingState } from './doors.js';
import { freshCards as cards, freshDoorOpenings as o, freshDoorSettings } from './schema.js';
import { missingByDay } from './shrink.js';

export async function doorSettingsOf(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  tenantId: number | undefined,
): Promise<DoorSettings> {
  const owner = await owningTenant(db, user, scope, tenantId);
  return { tenantId: owner, ...(await doorRules(db, owner)) };
}

export async function saveDoorSettings(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  input: { tenantId?: number | undefined; cap: number; declines: number },
): Promise<DoorSettings> {
  const owner = await owningTenant(db, user, scope, input.tenantId);
  const rules = { cap: input.cap, declines: input.declines };
  await db
    .insert(freshDoorSettings)
    .values({ tenantId: owner, ...rules, updatedBy: user.id })
    .onConflictDoUpdate({
      target: freshDoorSettings.tenantId,
      set: { ...rules, updatedBy: user.id, updatedAt: sql`now()` },
    });
  return { tenantId: owner, ...rules, own: true };
}

const STATE_WHERE: Record<OpeningFilter['state'] & string, SQL> = {
  open: sql`${o.closedAt} is null`,
  declined: sql`${o.closedAt} is not null and ${o.declined}`,
  paid: sql`${o.closedAt} is not null and not ${o.declined} and ${o.amount} > 0`,
  nothing: sql`${o.closedAt} is not null and not ${o.declined} and coalesce(${o.amount}, 0) = 0`,
};

export async function openingPage(db: Queryable, scope: Scope, query: PageQuery, filter: OpeningFilter) {
  await checkFilterIds(db, scope, filter);
  const range = filter.month ? monthInstants(filter.month) : null;
  const where = and(
    scope.whereDevice(o.tenantId, o.deviceId),
    filter.deviceId !== undefined ? eq(o.deviceId, filter.deviceId) : undefined,
    filter.tenantId !== undefined ? eq(o.tenantId, filter.tenantId) : undefined,
    filter.state ? STATE_WHERE[filter.state] : undefined,
    range ? and(gte(o.openedAt, range.start), lt(o.openedAt, range.end)) : undefined,
  );
  const rows = db
    .select({
      id: o.id,
      tenantId: o.tenantId,
      tenantName: tenants.name,
      deviceId: o.deviceId,
      deviceName: devices.name,
      openingId: o.openingId,
      cardTail: o.cardTail,
      openedAt: o.openedAt,
      closedAt: o.closedAt,
      declined: o.declined,
      cap: o.cap,
      amount: o.amount,
      saleId: o.saleId,
    })
    .from(o)
    .innerJoin(devices, eq(devices.id, o.deviceId))
    .innerJoin(tenants, eq(tenants.id, o.tenantId))
    .where(where)
    .orderBy(desc(o.openedAt), desc(o.id));
  const total = db.select({ total: count() }).from(o).where(where);
  return paged(query, rows, total, ({ declined, ...r }): OpeningItem => ({
    ...r,
    openedAt: r.openedAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    state: openingState({ closedAt: r.closedAt, declined, amount: r.amount }),
    overCap: (r.amount ?? 0) > r.cap,
  }));
}

/** The fridges in scope with a door opening, by name. */
export async function doorFridges(db: Queryable, scope: Scope) {
  return db
    .selectDistinct({ id: devices.id, name: devices.name, serial: devices.serial })
    .from(o)
    .innerJoin(devices, eq(devices.id, o.deviceId))
    .where(scope.whereDevice(o.tenantId, o.deviceId))
    .orderBy(devices.name, devices.id);
}

const cardColumns = {
  id: cards.id,
  tenantId: cards.tenantId,
  tenantName: tenants.name,
  cardTail: cards.cardTail,
  declines: cards.declines,
  blockedAt: cards.blockedAt,
  blockedDeviceName: devices.name,
  refusals: cards.refusals,
  lastSeenAt: cards.lastSeenAt,
};
const toCard = (r: {
  blockedAt: Date | null;
  lastSeenAt: Date;
  blockedDeviceName: string | null;
  [k: string]: unknown;
}) =>
  ({
    ...r,
    blockedAt: r.blockedAt?.toISOString() ?? null,
    lastSeenAt: r.lastSeenAt.toISOString(),
  }) as CardItem;
/** The cards with where they were blocked — named only where the caller sees that fridge (a member's own devices). */
const selectCards = (db: Queryable, scope: Scope) =>
  db
    .select(cardColumns)
    .from(cards)
    .innerJoin(tenants, eq(tenants.id, cards.tenantId))
    .leftJoin(devices, and(eq(devices.id, cards.blockedDeviceId), scope.device(devices.id)));

export async function cardPage(
  db: Queryable,
  scope: Scope,
  query: PageQuery,
  filter: { tenantId?: number | undefined; blocked?: boolean | undefined },
) {
  const where = and(
    scope.where(cards.tenantId),
    await tenantFilter(db, scope, cards.tenantId, filter.tenantId),
    filter.blocked === undefined
      ? undefined
      : filter.blocked
        ? isNotNull(cards.blockedAt)
        : sql`${cards.blockedAt} is null`,
  );
  const rows = selectCards(db, scope)
    .where(where)
    .orderBy(sql`${cards.blockedAt} is null`, desc(cards.blockedAt), desc(cards.lastSeenAt), desc(cards.id));
  const total = db.select({ total: count() }).from(cards).where(where);
  return paged(query, rows, total, toCard);
}

export async function unblockCard(db: Queryable, scope: Scope, id: number, actor: number) {
  const [done] = await db
    .update(cards)
    .set({ blockedAt: null, blockedDeviceId: null, declines: 0, unblockedAt: new Date(), unblockedBy: actor })
    .where(and(eq(cards.id, id), scope.where(cards.tenantId), isNotNull(cards.blockedAt)))
    .returning({ id: cards.id });
  if (!done) throw new BizError(CODE.cardNotBlocked);
  const [row] = await selectCards(db, scope).where(eq(cards.id, id));
  return toCard(row!);
}

/** A fridge's month for its host, a row a day up to today: openings, purchases, paid, declines, missing and its value. */
export async function hostSheet(db: Queryable, scope: Scope, body: { deviceId: number; month: string }, lang: Lang) {
  await checkFilterIds(db, scope, body);
  const l = freshTexts[lang].doors.sheet;
  const { start, end } = monthInstants(body.month);
  const day = sql<string>`to_char(${o.openedAt} at time zone ${BUSINESS_ZONE}, 'YYYY-MM-DD')`;
  const [device] = await db.select({ name: devices.name }).from(devices).where(eq(devices.id, body.deviceId));
  const [doors, missing] = await Promise.all([
    db
      .select({
        day,
        openings: sql<number>`count(*)::int`,
        purchases: sql<number>`(count(*) filter (where not ${o.declined} and ${o.amount} > 0))::int`,
        paid: sql<number>`coalesce(sum(${o.amount}) filter (where not ${o.declined}), 0)::int`,
        declined: sql<number>`(count(*) filter (where ${o.declined}))::int`,
      })
      .from(o)
      .where(and(eq(o.deviceId, body.deviceId), gte(o.openedAt, start), lt(o.openedAt, end)))
      .groupBy(day),
    missingByDay(db, body.deviceId, start, end),
  ]);
  const today = businessDay();
  const rows: Cell[][] = [];
  for (let d = `${body.month}-01`; d.startsWith(body.month) && d <= today; d = addDays(d, 1)) {
    const door = doors.find((x) => x.day === d);
    const lost = missing.find((x) => x.day === d);
    rows.push([
      d,
      door?.openings ?? 0,
      door?.purchases ?? 0,
      { yuan: (door?.paid ?? 0) / 100 },
      door?.declined ?? 0,
      lost?.missing ?? 0,
      { yuan: (lost?.value ?? 0) / 100 },
    ]);
  }
  const header = [l.day, l.openings, l.purchases, l.paid, l.declined, l.missing, l.value];
  const bytes = await xlsxBytes(l.name, header, rows);
  return {
    name: `${l.name}-${device?.name ?? body.deviceId}-${body.month}.xlsx`,
    data: bytes.toString('base64'),
    rows: rows.length,
  };
}
