/**
 * Price changes from the console (shared/price): which target devices a
 * change fits and why not, the change made for the fit ones (replacing the
 * earlier unapplied changes it names), what it says of itself, and its
 * cancellation where unapplied. The machine's side is machine.ts.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../shared/api/define.js';
import type { PushStep } from '../../shared/device/index.js';
import { CODE } from '../../shared/domains.js';
import {
  type PriceChangeDetail,
  type PriceChangeInput,
  type PriceFit,
  type PriceChangeState,
  type PriceDeviceState,
} from '../../shared/price/index.js';
import { users } from '../account/schema.js';
import type { Db, Queryable } from '../db/index.js';
import {
  addParts,
  cancelOpen,
  deviceChannels,
  deviceModels,
  devices,
  pushDeviceColumns,
  pushSeen,
  stepTally,
  targetDevices,
} from '../device/index.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { publish } from '../http/events.js';
import type { AuthUser } from '../http/principal.js';
import { paged } from '../http/paged.js';
import { tenants } from '../identity/schema.js';
import { products } from '../product/index.js';
import type { Scope } from '../scope.js';
import { owningTenant, tenantFilter } from '../tenant/index.js';
import { byPriceState, changePart, inPriceState, ofChange, pp, priceState, unapplied } from './parts.js';
import { priceChangeDevices as d, priceChangeLines as l, priceChanges as c } from './schema.js';

type Target = Pick<PriceChangeInput, 'target' | 'deviceIds' | 'pointId' | 'sceneId'>;

/** Tells open progress pages and lists that a change moved (and the tenant's webhook, for a machine's result). */
export const announce = (db: Queryable, tenantId: number, data: Record<string, unknown>) =>
  publish(db, 'price', tenantId, data);

/** Each device with why a change of these products cannot go to it, if it cannot. */
async function judge(
  db: Queryable,
  ids: readonly number[],
  productIds: readonly number[],
  replaces: readonly number[],
): Promise<PriceFit[]> {
  if (!ids.length) return [];
  const wanted = sql`array[${sql.join(
    productIds.map((p) => sql`${p}`),
    sql`, `,
  )}]::int[]`;
  const rows = await db
    .select({
      ...pushDeviceColumns,
      type: devices.type,
      remote: sql<boolean>`coalesce(${deviceModels.remotePrice}, true)`,
      holds: sql<boolean>`exists (select 1 from ${deviceChannels} where ${deviceChannels.deviceId} = ${devices.id}
        and ${deviceChannels.productId} = any(${wanted}))`,
      conflicts: sql<number[]>`array(select distinct ${pp.pushId} from ${pp} join ${l} on ${l.changeId} = ${pp.pushId}
        where ${pp.deviceId} = ${devices.id} and ${pp.kind} = 'price' and ${unapplied}
        and ${l.productId} = any(${wanted}) order by 1)`,
    })
    .from(devices)
    .leftJoin(deviceModels, eq(deviceModels.name, devices.model))
    .where(inArray(devices.id, [...ids]))
    .orderBy(asc(devices.id));
  return rows.map(({ type, remote, holds, ...row }) => ({
    ...row,
    reason:
      type === 'paymentBox'
        ? 'paymentBox'
        : !remote
          ? 'incompatible'
          : !holds
            ? 'noProduct'
            : row.conflicts.some((id) => !replaces.includes(id))
              ? 'conflict'
              : null,
  }));
}

/** The products are the tenant's (1101 otherwise, as a channel edit says). */
async function checkProducts(db: Queryable, tenantId: number, productIds: readonly number[]) {
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...productIds]), eq(products.tenantId, tenantId)));
  if (found.length !== productIds.length) throw new BizError(CODE.productNotFound);
}

/** A list's device and product filters name the caller's own rows (1201, 1101: as a foreign row that does not exist). */
export async function checkFilter(
  db: Queryable,
  scope: Scope,
  named: { deviceId?: number | undefined; productId?: number | undefined },
) {
  if (named.deviceId !== undefined) {
    const [row] = await db.select({ tenantId: devices.tenantId }).from(devices).where(eq(devices.id, named.deviceId));
    if (!row || row.tenantId === null || !scope.has(row.tenantId) || !scope.hasDevice(named.deviceId))
      throw new BizError(CODE.deviceNotFound);
  }
  if (named.productId !== undefined) {
    const [row] = await db
      .select({ tenantId: products.tenantId })
      .from(products)
      .where(eq(products.id, named.productId));
    if (!row || row.tenantId === null || !scope.has(row.tenantId)) throw new BizError(CODE.productNotFound);
  }
}

export async function fitOf(
  db: Db,
  user: AuthUser,
  scope: Scope,
  input: Target & { tenantId?: number | undefined; lines: { productId: number }[] },
) {
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  const productIds = input.lines.map((x) => x.productId);
  await checkProducts(db, tenantId, productIds);
  return judge(db, await targetDevices(db, scope, tenantId, input), productIds, []);
}

export async function targetProducts(
  db: Db,
  user: AuthUser,
  scope: Scope,
  input: Target & { tenantId?: number | undefined },
) {
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  const ids = await targetDevices(db, scope, tenantId, input);
  if (!ids.length) return [];
  const ch = deviceChannels;
  return db
    .select({
      id: products.id,
      number: products.number,
      name: products.name,
      minPrice: sql<number>`min(${ch.price})::int`,
      maxPrice: sql<number>`max(${ch.price})::int`,
      minStaffPrice: sql<number>`min(${ch.customerStaffPrice})::int`,
      maxStaffPrice: sql<number>`max(${ch.customerStaffPrice})::int`,
      devices: sql<number>`count(distinct ${ch.deviceId})::int`,
    })
    .from(ch)
    .innerJoin(products, eq(products.id, ch.productId))
    .where(and(inArray(ch.deviceId, ids), sql`${ch.price} is not null`))
    .groupBy(products.id)
    .orderBy(asc(products.name), asc(products.id))
    .limit(200);
}

export async function createChange(db: Db, user: AuthUser, scope: Scope, input: PriceChangeInput) {
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  if (input.timing === 'at' && Date.parse(input.applyAt!) <= Date.now())
    throw new RequestValidationError({ applyAt: 'price.validation.applyAtPast' });
  const replaces = [...new Set(input.replaces ?? [])];
  const productIds = input.lines.map((x) => x.productId);
  const id = await db.transaction(async (tx) => {
    await checkProducts(tx, tenantId, productIds);
    if (replaces.length) {
      const mine = await tx
        .select({ id: c.id })
        .from(c)
        .where(and(inArray(c.id, replaces), eq(c.tenantId, tenantId)));
      if (mine.length !== replaces.length) throw new BizError(CODE.priceChangeNotFound);
    }
    const ids = await targetDevices(tx, scope, tenantId, input);
    // The devices' rows, locked in one order: of two changes of one product racing for a device, the second sees the first.
    if (ids.length)
      await tx
        .select({ id: devices.id })
        .from(devices)
        .where(inArray(devices.id, ids))
        .orderBy(asc(devices.id))
        .for('update');
    const judged = await judge(tx, ids, productIds, replaces);
    if (judged.some((x) => x.reason === 'conflict')) throw new BizError(CODE.priceConflict);
    const fit = judged.filter((x) => x.reason === null).map((x) => x.deviceId);
    if (!fit.length) throw new BizError(CODE.noPriceDevices);
    const [row] = await tx
      .insert(c)
      .values({
        tenantId,
        timing: input.timing,
        applyAt: input.timing === 'at' ? new Date(input.applyAt!) : null,
        replaces,
        createdBy: user.id,
      })
      .returning({ id: c.id });
    await tx.insert(l).values(input.lines.map((x, position) => ({ changeId: row!.id, position, ...x })));
    const parts = await addParts(
      tx,
      'price',
      row!.id,
      fit.map((deviceId) => ({ deviceId })),
    );
    await tx.insert(d).values(fit.map((deviceId) => ({ changeId: row!.id, partId: parts.get(deviceId)! })));
    for (const earlier of replaces) {
      const gone = await cancelOpen(tx, 'price', earlier, new Date(), inArray(pp.deviceId, fit));
      if (gone.length) await tx.update(d).set({ replacedBy: row!.id }).where(inArray(d.partId, gone));
    }
    await announce(tx, tenantId, { kind: 'change', changeId: row!.id });
    return row!.id;
  });
  return changeOf(db, scope, id);
}

/**
 * A change's state as a whole over the devices the caller sees: `priceChangeState` (shared/price/rules.ts) in SQL,
 * so that a list filtered by it pages and counts in the database.
 */
const stateOf = (scope: Scope) =>
  sql<PriceChangeState>`(select case
    when count(*) filter (where ${unapplied}) > 0 then 'sending'
    when count(*) filter (where ${pp.step} = 'done') = count(*) then 'done'
    when count(*) filter (where ${pp.step} = 'done') > 0 then 'partly'
    when count(*) filter (where ${pp.step} = 'failed') > 0 then 'failed'
    else 'cancelled' end
    from ${pp} where ${ofChange(c.id)} and ${scope.device(pp.deviceId)})`;

/** A change reaches a device the caller sees (always, but for a member with assigned devices, who sees its own). */
const seen = (scope: Scope) => pushSeen('price', c.id, scope);

const itemColumns = (scope: Scope) => ({
  id: c.id,
  tenantId: c.tenantId,
  tenantName: tenants.name,
  timing: c.timing,
  applyAt: c.applyAt,
  products: sql<string>`(select coalesce(string_agg(${products.name}, '、' order by ${l.position}), '')
    from ${l} join ${products} on ${products.id} = ${l.productId} where ${l.changeId} = ${c.id})`,
  /** Its devices the caller sees by step (`toItem` says them by state). */
  steps: stepTally('price', c.id, scope),
  createdAt: c.createdAt,
  createdBy: users.username,
});

const toItem = <R extends { applyAt: Date | null; createdAt: Date; steps: Record<PushStep, number> }>({
  steps,
  ...row
}: R) => ({
  ...row,
  counts: byPriceState(steps),
  applyAt: row.applyAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

function changes(db: Queryable, scope: Scope, where: SQL | undefined) {
  return db
    .select(itemColumns(scope))
    .from(c)
    .innerJoin(tenants, eq(tenants.id, c.tenantId))
    .leftJoin(users, eq(users.id, c.createdBy))
    .where(where);
}

export async function changeOf(db: Queryable, scope: Scope, id: number): Promise<PriceChangeDetail> {
  const [row] = await changes(db, scope, and(eq(c.id, id), scope.where(c.tenantId), seen(scope)));
  if (!row) throw new BizError(CODE.priceChangeNotFound);
  const [lines, [replaced]] = [
    await db
      .select({ productId: l.productId, name: products.name, price: l.price, customerStaffPrice: l.customerStaffPrice })
      .from(l)
      .innerJoin(products, eq(products.id, l.productId))
      .where(eq(l.changeId, id))
      .orderBy(asc(l.position)),
    await db.select({ replaces: c.replaces }).from(c).where(eq(c.id, id)),
  ];
  return { ...toItem(row), lines, replaces: replaced!.replaces };
}

export async function changePage(
  db: Db,
  scope: Scope,
  paging: PageQuery,
  body: {
    tenantId?: number | undefined;
    deviceId?: number | undefined;
    productId?: number | undefined;
    open?: boolean | undefined;
    state?: PriceChangeState | undefined;
  },
) {
  await checkFilter(db, scope, body);
  const where = and(
    scope.where(c.tenantId),
    seen(scope),
    await tenantFilter(db, scope, c.tenantId, body.tenantId),
    body.deviceId === undefined
      ? undefined
      : sql`exists (select 1 from ${pp} where ${ofChange(c.id)} and ${pp.deviceId} = ${body.deviceId})`,
    body.productId === undefined
      ? undefined
      : sql`exists (select 1 from ${l} where ${l.changeId} = ${c.id} and ${l.productId} = ${body.productId})`,
    body.open ? sql`exists (select 1 from ${pp} where ${ofChange(c.id)} and ${unapplied})` : undefined,
    body.state === undefined ? undefined : sql`${stateOf(scope)} = ${body.state}`,
  );
  return paged(
    paging,
    changes(db, scope, where).orderBy(desc(c.createdAt), desc(c.id)),
    db.select({ total: count() }).from(c).where(where),
    toItem,
  );
}

export async function changeDevices(
  db: Db,
  scope: Scope,
  id: number,
  paging: PageQuery,
  body: { state?: PriceDeviceState | undefined },
) {
  await changeOf(db, scope, id);
  const where = and(
    ofChange(id),
    scope.device(pp.deviceId),
    body.state === undefined ? undefined : inPriceState(body.state),
  );
  return paged(
    paging,
    db
      .select({
        deviceId: pp.deviceId,
        name: devices.name,
        serial: devices.serial,
        online: devices.online,
        state: priceState,
        reason: sql<string | null>`coalesce(${pp.reason}, '#' || ${d.replacedBy})`,
        version: d.version,
        deliveredAt: pp.startedAt,
        endedAt: pp.endedAt,
      })
      .from(pp)
      .innerJoin(d, changePart)
      .innerJoin(devices, eq(devices.id, pp.deviceId))
      .where(where)
      .orderBy(asc(pp.deviceId)),
    db.select({ total: count() }).from(pp).where(where),
    (row) => ({
      ...row,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      endedAt: row.endedAt?.toISOString() ?? null,
    }),
  );
}

export async function cancelChange(db: Db, scope: Scope, id: number, deviceIds: readonly number[] | undefined) {
  const change = await changeOf(db, scope, id);
  await db.transaction(async (tx) => {
    const gone = await cancelOpen(
      tx,
      'price',
      id,
      new Date(),
      and(scope.device(pp.deviceId), deviceIds ? inArray(pp.deviceId, [...deviceIds]) : undefined),
    );
    if (!gone.length) throw new BizError(CODE.priceChangeClosed);
    await announce(tx, change.tenantId, { kind: 'change', changeId: id });
  });
  return changeOf(db, scope, id);
}
