/**
 * The quarantine of implausible machine reports (shared/fresh/quarantine.ts):
 * the list, and a held report's decision — approved, it counts as if it had
 * come then (a reading stored and the fridge's excursion worked out again; a
 * count's units put into the channel as goods of unknown expiry); rejected,
 * it stays as a record. Decided once: the fridge's row is locked as
 * a report locks it, then the held row; a second decision finds it decided
 * (1446).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { toTenths, type QuarantineFilter, type QuarantineItem } from '../../shared/fresh/index.js';
import type { PageQuery } from '../../shared/api/define.js';
import { users } from '../account/index.js';
import type { Db, Queryable } from '../db/index.js';
import { devices, putIntoChannel, type UnknownChannelSale } from '../device/index.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';
import { checkFilterIds } from './batches.js';
import { followExcursion, lockFridge } from './cold.js';
import { followStock } from './follow.js';
import { freshQuarantine as q, freshTemperatures } from './schema.js';

const selectHeld = (db: Queryable) =>
  db
    .select({
      id: q.id,
      tenantId: q.tenantId,
      tenantName: tenants.name,
      deviceId: q.deviceId,
      deviceName: devices.name,
      kind: q.kind,
      state: q.state,
      detail: q.detail,
      reportedAt: q.reportedAt,
      decidedAt: q.decidedAt,
      decidedBy: users.name,
    })
    .from(q)
    .innerJoin(devices, eq(devices.id, q.deviceId))
    .innerJoin(tenants, eq(tenants.id, q.tenantId))
    .leftJoin(users, eq(users.id, q.decidedBy));

const toItem = (r: Awaited<ReturnType<typeof selectHeld>>[number]): QuarantineItem => ({
  ...r,
  reportedAt: r.reportedAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

export async function quarantinePage(db: Queryable, scope: Scope, query: PageQuery, filter: QuarantineFilter) {
  await checkFilterIds(db, scope, filter);
  const where = and(
    scope.whereDevice(devices.tenantId, devices.id),
    filter.state !== undefined ? eq(q.state, filter.state) : undefined,
    filter.deviceId !== undefined ? eq(q.deviceId, filter.deviceId) : undefined,
    filter.tenantId !== undefined ? eq(q.tenantId, filter.tenantId) : undefined,
  );
  const rows = selectHeld(db)
    .where(where)
    .orderBy(sql`${q.state} <> 'held'`, desc(q.reportedAt), desc(q.id));
  const total = db.select({ total: count() }).from(q).innerJoin(devices, eq(devices.id, q.deviceId)).where(where);
  return paged(query, rows, total, toItem);
}

export async function decideQuarantine(db: Db, scope: Scope, id: number, approve: boolean, actor: number) {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ deviceId: q.deviceId })
      .from(q)
      .innerJoin(devices, eq(devices.id, q.deviceId))
      .where(and(eq(q.id, id), scope.whereDevice(devices.tenantId, devices.id)));
    if (!found) throw new BizError(CODE.quarantineDecided);
    await lockFridge(tx, found.deviceId);
    const [held] = await tx
      .select({ state: q.state, tenantId: q.tenantId, detail: q.detail })
      .from(q)
      .where(eq(q.id, id))
      .for('update');
    if (!held || held.state !== 'held') throw new BizError(CODE.quarantineDecided);
    await tx
      .update(q)
      .set({ state: approve ? 'approved' : 'rejected', decidedAt: sql`now()`, decidedBy: actor })
      .where(eq(q.id, id));
    if (!approve) return;
    // A sale the machine was refused: confirmed as real, to put right by hand (the buyer's money, the channels).
    if ('saleId' in held.detail) return;
    if ('channel' in held.detail) {
      // The count's units into the channel (up to its capacity), as goods of unknown expiry: the batches follow.
      const put = await putIntoChannel(
        tx,
        found.deviceId,
        held.detail.channel,
        held.detail.to - held.detail.from,
        'approved',
      );
      if (put) await followStock(tx, { deviceId: found.deviceId, numbers: [held.detail.channel], cause: 'approved' });
      return;
    }
    // As if it had come then: stored (a reading since stored at that time stays), and the excursion worked out again.
    const at = new Date(held.detail.at);
    await tx
      .insert(freshTemperatures)
      .values({ deviceId: found.deviceId, at, tenths: toTenths(held.detail.celsius) })
      .onConflictDoNothing();
    await followExcursion(tx, found.deviceId, held.tenantId, at);
  });
  const [row] = await selectHeld(db).where(eq(q.id, id));
  return toItem(row!);
}

/** A sale of channels the console does not know, refused at the machine (the device domain's `unknownChannelSale`): held once per sale. */
export async function holdUnknownChannelSale(db: Queryable, sale: UnknownChannelSale): Promise<void> {
  await db
    .insert(q)
    .values({
      tenantId: sale.tenantId,
      deviceId: sale.deviceId,
      kind: 'unknownChannel',
      detail: { saleId: sale.saleId, channels: [...sale.channels], items: sale.items.map((i) => ({ ...i })) },
    })
    .onConflictDoNothing();
}
