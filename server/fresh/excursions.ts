/**
 * The temperature board (shared/fresh/cold.ts): the fridges in scope with
 * their last reading and state, a fridge's day of readings, the excursions,
 * and an excursion's acknowledgement — after which its channels unlock and,
 * if asked, what is left of their batches goes as `temperature` waste.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { addDays, businessDay, businessInstant } from '../../shared/business-time.js';
import {
  COLD_LIMITS,
  fromTenths,
  type ExcursionFilter,
  type ExcursionItem,
  type FridgeFilter,
  type FridgeItem,
} from '../../shared/fresh/cold.js';
import { outOfRange } from '../../shared/fresh/excursion.js';
import type { PageQuery } from '../../shared/api/define.js';
import { users } from '../account/index.js';
import type { Db, Queryable } from '../db/index.js';
import { searchPattern } from '../db/pinyin.js';
import { devicePoint, devices, publishDeviceEvent, setChannelLocks } from '../device/index.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';
import { checkFilterIds } from './batches.js';
import { lockFridge, rangesOf, toRange } from './cold.js';
import { freshBatches as b, freshExcursions as x, freshFridges as f, freshTemperatures as t } from './schema.js';
import { removeOpenBatch } from './waste.js';

const silentSince = sql`now() - make_interval(mins => ${COLD_LIMITS.silentMinutes})`;

/** The board's order and filter: an excursion still out, one awaiting its acknowledgement, a silent fridge, the rest. */
const RANK = sql<number>`case when ${x.id} is not null and ${x.endedAt} is null then 0 when ${x.id} is not null then 1
  when ${f.readAt} < ${silentSince} then 2 else 3 end`;

function stateWhere(state: FridgeFilter['state']): SQL | undefined {
  switch (state) {
    case undefined:
      return undefined;
    case 'excursion':
      return and(isNotNull(x.id), isNull(x.endedAt));
    case 'awaiting':
      return and(isNotNull(x.id), isNotNull(x.endedAt));
    case 'silent':
      return and(isNull(x.id), sql`${f.readAt} < ${silentSince}`);
  }
}

export async function fridgePage(db: Queryable, scope: Scope, query: PageQuery, filter: FridgeFilter) {
  await checkFilterIds(db, scope, filter);
  const pattern = filter.keyword ? searchPattern(filter.keyword) : undefined;
  const where = and(
    scope.whereDevice(devices.tenantId, devices.id),
    filter.tenantId !== undefined ? eq(devices.tenantId, filter.tenantId) : undefined,
    stateWhere(filter.state),
    pattern ? or(ilike(devices.name, pattern), ilike(devices.serial, pattern)) : undefined,
  );
  const open = and(eq(x.deviceId, f.deviceId), isNull(x.acknowledgedAt));
  const rows = db
    .select({
      deviceId: f.deviceId,
      deviceName: devices.name,
      serial: devices.serial,
      tenantId: devices.tenantId,
      tenantName: tenants.name,
      pointName: devicePoint.use().columns(devices.pointId).name,
      readAt: f.readAt,
      tenths: f.tenths,
      silent: sql<boolean>`${f.readAt} < ${silentSince}`,
      excursionId: x.id,
      startedAt: x.startedAt,
      peak: x.peak,
      endedAt: x.endedAt,
      low: x.low,
      high: x.high,
      minutes: x.minutes,
      channels: x.channels,
    })
    .from(f)
    .innerJoin(devices, eq(devices.id, f.deviceId))
    .leftJoin(tenants, eq(tenants.id, devices.tenantId))
    .leftJoin(x, open)
    .where(where)
    .orderBy(RANK, asc(devices.name), asc(f.deviceId));
  const total = db
    .select({ total: count() })
    .from(f)
    .innerJoin(devices, eq(devices.id, f.deviceId))
    .leftJoin(x, open)
    .where(where);
  const page = await paged(query, rows, total, (r) => r);
  const ranges = await rangesOf(db, page.list);
  return {
    ...page,
    list: page.list.map((r): FridgeItem => {
      // An open excursion keeps the range it opened under; otherwise the range the goods need now.
      const range =
        r.excursionId !== null ? { low: r.low!, high: r.high!, minutes: r.minutes! } : ranges.get(r.deviceId)!;
      const state =
        r.excursionId !== null
          ? r.endedAt === null
            ? 'excursion'
            : 'awaiting'
          : r.silent
            ? 'silent'
            : outOfRange(r.tenths, range)
              ? 'out'
              : 'normal';
      return {
        deviceId: r.deviceId,
        deviceName: r.deviceName,
        serial: r.serial,
        tenantId: r.tenantId,
        tenantName: r.tenantName,
        pointName: r.pointName,
        state,
        celsius: fromTenths(r.tenths),
        readAt: r.readAt.toISOString(),
        range: toRange(range),
        excursion:
          r.excursionId === null
            ? null
            : { id: r.excursionId, startedAt: r.startedAt!.toISOString(), peak: fromTenths(r.peak!) },
        lockedChannels: r.channels ?? [],
      };
    }),
  };
}

const excursionColumns = {
  id: x.id,
  deviceId: x.deviceId,
  deviceName: devices.name,
  tenantName: tenants.name,
  startedAt: x.startedAt,
  lockedAt: x.lockedAt,
  endedAt: x.endedAt,
  peak: x.peak,
  low: x.low,
  high: x.high,
  minutes: x.minutes,
  channels: x.channels,
  acknowledgedAt: x.acknowledgedAt,
  acknowledgedBy: users.name,
  note: x.note,
  removedUnits: x.removedUnits,
};

const excursionSelect = (db: Queryable) =>
  db
    .select(excursionColumns)
    .from(x)
    .innerJoin(devices, eq(devices.id, x.deviceId))
    .innerJoin(tenants, eq(tenants.id, x.tenantId))
    .leftJoin(users, eq(users.id, x.acknowledgedBy));

type ExcursionRow = Awaited<ReturnType<typeof excursionSelect>>[number];

const toExcursion = (r: ExcursionRow): ExcursionItem => ({
  id: r.id,
  deviceId: r.deviceId,
  deviceName: r.deviceName,
  tenantName: r.tenantName,
  state: r.acknowledgedAt !== null ? 'acknowledged' : r.endedAt !== null ? 'awaiting' : 'ongoing',
  startedAt: r.startedAt.toISOString(),
  lockedAt: r.lockedAt.toISOString(),
  endedAt: r.endedAt?.toISOString() ?? null,
  peak: fromTenths(r.peak),
  range: toRange(r),
  lockedChannels: r.channels,
  acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
  acknowledgedBy: r.acknowledgedBy,
  note: r.note,
  removedUnits: r.removedUnits,
});

export async function excursionPage(db: Queryable, scope: Scope, query: PageQuery, filter: ExcursionFilter) {
  await checkFilterIds(db, scope, filter);
  const where = and(
    scope.whereDevice(devices.tenantId, devices.id),
    filter.deviceId !== undefined ? eq(x.deviceId, filter.deviceId) : undefined,
    filter.tenantId !== undefined ? eq(x.tenantId, filter.tenantId) : undefined,
    filter.state === 'ongoing' ? and(isNull(x.acknowledgedAt), isNull(x.endedAt)) : undefined,
    filter.state === 'awaiting' ? and(isNull(x.acknowledgedAt), isNotNull(x.endedAt)) : undefined,
    filter.state === 'acknowledged' ? isNotNull(x.acknowledgedAt) : undefined,
  );
  const rows = excursionSelect(db)
    .where(where)
    .orderBy(sql`${x.acknowledgedAt} is not null`, desc(x.startedAt), desc(x.id));
  const total = db.select({ total: count() }).from(x).innerJoin(devices, eq(devices.id, x.deviceId)).where(where);
  return paged(query, rows, total, toExcursion);
}

/** A fridge's readings of one business day, its range and the excursions overlapping it; 1201 for a device out of scope. */
export async function fridgeDay(db: Queryable, scope: Scope, deviceId: number, day = businessDay()) {
  const [device] = await db
    .select({ id: devices.id, name: devices.name, tenantId: devices.tenantId })
    .from(devices)
    .where(and(eq(devices.id, deviceId), scope.whereDevice(devices.tenantId, devices.id)));
  if (!device) throw new BizError(CODE.deviceNotFound);
  const from = businessInstant(`${day} 00:00`)!;
  const to = businessInstant(`${addDays(day, 1)} 00:00`)!;
  // Three reads that need nothing of each other, side by side on a pool: the day's page is its readings' time
  // and little more (bench/fresh.ts: 3.8× the bare statement one after the other).
  const [readings, excursions, ranges] = await Promise.all([
    db
      .select({ at: t.at, tenths: t.tenths })
      .from(t)
      .where(and(eq(t.deviceId, deviceId), gte(t.at, from), lt(t.at, to)))
      .orderBy(asc(t.at)),
    excursionSelect(db)
      .where(and(eq(x.deviceId, deviceId), lt(x.startedAt, to), or(isNull(x.endedAt), gte(x.endedAt, from))))
      .orderBy(asc(x.startedAt)),
    rangesOf(db, [{ deviceId, tenantId: device.tenantId }]),
  ]);
  const range = ranges.get(deviceId)!;
  return {
    deviceId,
    deviceName: device.name,
    day,
    range: toRange(range),
    readings: readings.map((r) => ({ at: r.at.toISOString(), celsius: fromTenths(r.tenths) })),
    excursions: excursions.map(toExcursion),
  };
}

/**
 * Someone checked the stock: the excursion is acknowledged once (the
 * fridge's rows locked, `lockFridge`; a second finds it done: 1444),
 * only back in range (1443); the channels it locked unlock, and with
 * `removeBatches` their open batches go as `temperature` waste.
 */
export async function acknowledgeExcursion(
  db: Db,
  scope: Scope,
  id: number,
  input: { removeBatches: boolean; note: string },
  actor: number,
) {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ deviceId: x.deviceId })
      .from(x)
      .innerJoin(devices, eq(devices.id, x.deviceId))
      .where(and(eq(x.id, id), scope.whereDevice(devices.tenantId, devices.id)));
    if (!found) throw new BizError(CODE.excursionGone);
    await lockFridge(tx, found.deviceId);
    const [open] = await tx
      .select({ endedAt: x.endedAt, channels: x.channels, acknowledgedAt: x.acknowledgedAt })
      .from(x)
      .where(eq(x.id, id));
    if (!open || open.acknowledgedAt !== null) throw new BizError(CODE.excursionGone);
    if (open.endedAt === null) throw new BizError(CODE.excursionOngoing);
    let removedUnits = 0;
    if (input.removeBatches && open.channels.length) {
      const batches = await tx
        .select({ id: b.id })
        .from(b)
        .where(and(eq(b.deviceId, found.deviceId), isNull(b.closedAt), inArray(b.channel, open.channels)))
        .orderBy(asc(b.channel), asc(b.id));
      for (const batch of batches)
        removedUnits += (await removeOpenBatch(tx, found.deviceId, batch.id, 'temperature', actor)).units;
    }
    const unlocked = await setChannelLocks(tx, found.deviceId, open.channels, false);
    await tx
      .update(x)
      .set({ acknowledgedAt: sql`now()`, acknowledgedBy: actor, note: input.note, removedUnits })
      .where(eq(x.id, id));
    if (unlocked.length)
      await publishDeviceEvent(
        tx,
        found.deviceId,
        'unlocked',
        unlocked.length === 1 ? { channel: unlocked[0]! } : {},
        actor,
      );
  });
  const [row] = await excursionSelect(db).where(eq(x.id, id));
  return toExcursion(row!);
}
