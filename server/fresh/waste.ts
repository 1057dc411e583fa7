/**
 * Waste (shared/fresh/waste.ts): a batch taken out of its channel and thrown
 * away, and the report per month, machine and product. The removal locks the
 * device's row, as every change of its channels' stock does, then the batch:
 * two removals of one batch at once take its units once (the second finds it
 * closed: 1442).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { WasteFilter, WasteReason, WasteRow } from '../../shared/fresh/index.js';
import type { PageQuery } from '../../shared/api/define.js';
import { BUSINESS_ZONE } from '../db/sql.js';
import type { Queryable, Tx } from '../db/index.js';
import { deviceChannels, devices, takeFromChannel } from '../device/index.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import { tenants } from '../identity/schema.js';
import { products } from '../product/index.js';
import type { Scope } from '../scope.js';
import { checkFilterIds } from './batches.js';
import { moveBatch } from './follow.js';
import { freshBatches as b, freshWaste as w } from './schema.js';

export async function removeBatch(db: Queryable, scope: Scope, batchId: number, reason: WasteReason, actor: number) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ deviceId: b.deviceId })
      .from(b)
      .innerJoin(devices, eq(devices.id, b.deviceId))
      .where(and(eq(b.id, batchId), scope.whereDevice(devices.tenantId, devices.id)));
    if (!found) throw new BizError(CODE.batchGone);
    await tx.select({ id: devices.id }).from(devices).where(eq(devices.id, found.deviceId)).for('update');
    return removeOpenBatch(tx, found.deviceId, batchId, reason, actor);
  });
}

/**
 * Takes an open batch's units out of its channel as waste, the device row
 * already locked by the caller (a removal, an excursion's acknowledgement):
 * 1442 once it is gone.
 */
export async function removeOpenBatch(
  tx: Tx,
  deviceId: number,
  batchId: number,
  reason: WasteReason,
  actor: number,
): Promise<{ units: number; value: number }> {
  const [batch] = await tx
    .select({
      tenantId: b.tenantId,
      channel: b.channel,
      productId: b.productId,
      remaining: b.remaining,
      closedAt: b.closedAt,
      price: deviceChannels.price,
    })
    .from(b)
    .leftJoin(deviceChannels, and(eq(deviceChannels.deviceId, b.deviceId), eq(deviceChannels.number, b.channel)))
    .where(eq(b.id, batchId))
    .for('update', { of: b });
  if (!batch || batch.closedAt !== null) throw new BizError(CODE.batchGone);
  const units = batch.remaining;
  // The channel's stock first (its move is `waste`), then the batch's own move beside it.
  if (!(await takeFromChannel(tx, deviceId, batch.channel, units, 'waste'))) throw new BizError(CODE.batchGone);
  await moveBatch(tx, { id: batchId, remaining: units }, -units, 'waste');
  const value = units * (batch.price ?? 0);
  await tx.insert(w).values({
    tenantId: batch.tenantId,
    deviceId,
    channel: batch.channel,
    productId: batch.productId,
    batchId,
    units,
    value,
    reason,
    removedBy: actor,
  });
  return { units, value };
}

/** The business month of a removal. */
const MONTH = sql<string>`to_char(${w.removedAt} at time zone ${BUSINESS_ZONE}, 'YYYY-MM')`;

export async function wastePage(db: Queryable, scope: Scope, query: PageQuery, filter: WasteFilter) {
  await checkFilterIds(db, scope, filter);
  const where = and(
    scope.whereDevice(w.tenantId, w.deviceId),
    filter.month !== undefined ? sql`${MONTH} = ${filter.month}` : undefined,
    filter.deviceId !== undefined ? eq(w.deviceId, filter.deviceId) : undefined,
    filter.tenantId !== undefined ? eq(w.tenantId, filter.tenantId) : undefined,
  );
  const value = sql<number>`sum(${w.value})::int`;
  const rows = db
    .select({
      month: MONTH,
      tenantId: w.tenantId,
      tenantName: tenants.name,
      deviceId: w.deviceId,
      deviceName: devices.name,
      productId: w.productId,
      productName: products.name,
      units: sql<number>`sum(${w.units})::int`,
      value,
      removals: sql<number>`count(*)::int`,
      reasons: sql<WasteReason[]>`array_agg(distinct ${w.reason}::text)`,
    })
    .from(w)
    .innerJoin(devices, eq(devices.id, w.deviceId))
    .innerJoin(products, eq(products.id, w.productId))
    .innerJoin(tenants, eq(tenants.id, w.tenantId))
    .where(where)
    .groupBy(MONTH, w.tenantId, tenants.name, w.deviceId, devices.name, w.productId, products.name)
    .orderBy(desc(MONTH), desc(value), w.deviceId, w.productId);
  const total = db.select({ total: count() }).from(
    db
      .select({ one: sql`1` })
      .from(w)
      .where(where)
      .groupBy(MONTH, w.tenantId, w.deviceId, w.productId)
      .as('groups'),
  );
  return paged(query, rows, total, (r): WasteRow => r);
}
