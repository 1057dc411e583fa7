/**
 * Channels of a device (spec §3 Channel, §5 "staff price required"): read,
 * changed for a selection all or none, refilled to the capacity. The device
 * row is locked for a change, so two edits of one device do not interleave;
 * the products are the device's tenant's (else 1101, as for a missing one).
 */
import { and, asc, eq, ilike, inArray, isNotNull, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { ChannelItem, ChannelPatch, RefillBatch, StockCounted } from '../../shared/device/index.js';
import type { Queryable } from '../db/index.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { searchPattern } from '../db/pinyin.js';
import type { Scope } from '../scope.js';
import { productImages, products } from '../product/schema.js';
import { deviceChannels as c, devices } from './schema.js';
import { stockCause } from './stock.js';
import { publishDeviceEvent } from './events.js';
import { stockBatches } from './ports.js';

/** The device in scope, locked when asked: its id, tenant and per-channel capacity; 1201 otherwise. */
async function deviceOf(db: Queryable, scope: Scope, id: number, lock = false) {
  const query = db
    .select({ id: devices.id, tenantId: devices.tenantId, capacity: devices.capacity })
    .from(devices)
    .where(and(eq(devices.id, id), scope.whereDevice(devices.tenantId, devices.id)));
  const [device] = lock ? await query.for('update') : await query;
  if (!device) throw new BizError(CODE.deviceNotFound);
  return device;
}

export async function channelsOf(db: Queryable, scope: Scope, deviceId: number): Promise<ChannelItem[]> {
  const device = await deviceOf(db, scope, deviceId);
  const rows = await db
    .select({
      number: c.number,
      stock: c.stock,
      enabled: c.enabled,
      locked: c.locked,
      productId: c.productId,
      productName: products.name,
      productImage: sql<
        string | null
      >`(select ${productImages.fileId} from ${productImages} where ${productImages.productId} = ${c.productId} and ${productImages.position} = 0)`,
      price: c.price,
      customerStaffPrice: c.customerStaffPrice,
      perishable: sql<boolean>`coalesce(${products.perishable}, false)`,
      shelfLifeDays: products.shelfLifeDays,
    })
    .from(c)
    .leftJoin(products, eq(products.id, c.productId))
    .where(eq(c.deviceId, device.id))
    .orderBy(asc(c.number));
  return rows.map((r) => ({ ...r, capacity: device.capacity }));
}

export async function changeChannels(
  db: Queryable,
  scope: Scope,
  deviceId: number,
  numbers: number[],
  patch: ChannelPatch,
  actor: number,
): Promise<ChannelItem[]> {
  await db.transaction(async (tx) => {
    const device = await deviceOf(tx, scope, deviceId, true);
    const unique = [...new Set(numbers)];
    const rows = await tx
      .select({ number: c.number, productId: c.productId, price: c.price, customerStaffPrice: c.customerStaffPrice })
      .from(c)
      .where(and(eq(c.deviceId, device.id), inArray(c.number, unique)));
    if (rows.length !== unique.length) throw new RequestValidationError({ numbers: 'device.validation.channel' });
    if (patch.productId) {
      // A device in the pool has no owner, so no product of its owner either.
      if (device.tenantId === null) throw new BizError(CODE.productNotFound);
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, patch.productId), eq(products.tenantId, device.tenantId)));
      if (!product) throw new BizError(CODE.productNotFound);
    }
    if (patch.stock !== undefined && patch.stock > device.capacity)
      throw new RequestValidationError({ 'patch.stock': 'device.validation.stockCapacity' });
    // After the change every channel with a product has both prices.
    const fields: Record<string, string> = {};
    for (const row of rows) {
      const productId = patch.productId === undefined ? row.productId : patch.productId;
      if (productId === null) continue;
      if ((patch.price ?? row.price) === null) fields['patch.price'] = 'device.validation.price';
      if ((patch.customerStaffPrice ?? row.customerStaffPrice) === null)
        fields['patch.customerStaffPrice'] = 'device.validation.customerStaffPrice';
    }
    if (Object.keys(fields).length) throw new RequestValidationError(fields);
    const { productId, ...rest } = patch;
    const set = {
      ...rest,
      // Unlocked by someone: a channel that had locked itself starts its run of failures again.
      ...(patch.locked === false ? { failStreak: 0, selfLockedAt: null } : {}),
      // Emptying a channel takes its prices and stock with it.
      ...(productId === null
        ? { productId: null, price: null, customerStaffPrice: null, stock: 0 }
        : productId !== undefined
          ? { productId }
          : {}),
    };
    // An empty change changes nothing (and an UPDATE without a column is no statement).
    if (Object.keys(set).length)
      await tx
        .update(c)
        .set(set)
        .where(and(eq(c.deviceId, device.id), inArray(c.number, unique)));
    // Stock set by hand or goods changed: the batches follow (more of a perishable product is a refill: 1440).
    if (patch.stock !== undefined || productId !== undefined)
      await stockBatches.use()(tx, { deviceId: device.id, numbers: unique, cause: 'edit', actor });
    // Channels locked or unlocked are the lock switch's news too: one event for the selection, naming the channel when it is one.
    if (patch.locked !== undefined)
      await publishDeviceEvent(
        tx,
        device.id,
        patch.locked ? 'locked' : 'unlocked',
        unique.length === 1 ? { channel: unique[0]! } : {},
        actor,
      );
  });
  return channelsOf(db, scope, deviceId);
}

export async function refillChannels(
  db: Queryable,
  scope: Scope,
  deviceId: number,
  input: { numbers?: number[] | undefined; batches?: RefillBatch[] | undefined },
  actor: number,
): Promise<ChannelItem[]> {
  const { numbers, batches } = input;
  await db.transaction(async (tx) => {
    const device = await deviceOf(tx, scope, deviceId, true);
    await stockCause(tx, 'refill');
    const filled = await tx
      .update(c)
      .set({ stock: device.capacity })
      .where(
        and(
          eq(c.deviceId, device.id),
          isNotNull(c.productId),
          numbers ? inArray(c.number, [...new Set(numbers)]) : eq(c.enabled, true),
        ),
      )
      .returning({ number: c.number });
    // The refilled channels' batches: a perishable product's new goods come with their expiry, or the refill is refused.
    await stockBatches.use()(tx, {
      deviceId: device.id,
      numbers: filled.map((f) => f.number),
      cause: 'refill',
      batches: batches ?? [],
      actor,
    });
    await publishDeviceEvent(tx, device.id, 'replenished', {}, actor);
  });
  return channelsOf(db, scope, deviceId);
}

/** What a channel of the device can carry: enabled products of its tenant, by name, pinyin or number. */
export async function productOptions(db: Queryable, scope: Scope, deviceId: number, keyword: string | undefined) {
  const device = await deviceOf(db, scope, deviceId);
  if (device.tenantId === null) return [];
  return db
    .select({ id: products.id, number: products.number, name: products.name, price: products.price })
    .from(products)
    .where(
      and(
        eq(products.tenantId, device.tenantId),
        eq(products.library, 'old'),
        eq(products.enabled, true),
        keyword ? ilike(products.search, searchPattern(keyword)) : undefined,
      ),
    )
    .orderBy(asc(products.number))
    .limit(20);
}

/**
 * Locks or unlocks channels of a device for a domain built on it (fresh
 * food's temperature excursion), in the caller's transaction with the device
 * row already locked: answers the numbers whose lock changed — a channel
 * locked by hand before is not the excursion's to unlock. Unlocking starts a
 * self-locked channel's run of failures again, as the console's unlock does.
 */
export async function setChannelLocks(
  tx: Queryable,
  deviceId: number,
  numbers: readonly number[],
  locked: boolean,
): Promise<number[]> {
  if (!numbers.length) return [];
  const changed = await tx
    .update(c)
    .set({ locked, ...(locked ? {} : { failStreak: 0, selfLockedAt: null }) })
    .where(and(eq(c.deviceId, deviceId), inArray(c.number, [...numbers]), eq(c.locked, !locked)))
    .returning({ number: c.number });
  return changed.map((r) => r.number).sort((a, b) => a - b);
}

/**
 * A visit's count (`device.countStock`): each channel named is set to what was counted in it, under the device
 * row's lock as every stock change is, so a sale a moment before is in the books the count is held against. The
 * trigger records each difference with cause `visit`; the batches follow (fresh food: missing units leave the
 * oldest batches, found ones join them).
 */
export async function countStock(
  db: Queryable,
  scope: Scope,
  deviceId: number,
  counts: readonly { number: number; counted: number }[],
  actor: number,
): Promise<StockCounted> {
  return db.transaction(async (tx) => {
    const device = await deviceOf(tx, scope, deviceId, true);
    const numbers = counts.map((x) => x.number);
    const rows = await tx
      .select({ number: c.number, stock: c.stock, productId: c.productId, productName: products.name })
      .from(c)
      .leftJoin(products, eq(products.id, c.productId))
      .where(and(eq(c.deviceId, device.id), inArray(c.number, numbers)));
    const fields: Record<string, string> = {};
    counts.forEach((x, i) => {
      const row = rows.find((r) => r.number === x.number);
      if (!row) fields[`counts.${i}.number`] = 'device.validation.channel';
      else if (row.productId === null) fields[`counts.${i}.number`] = 'device.validation.countEmpty';
      else if (x.counted > device.capacity) fields[`counts.${i}.counted`] = 'device.validation.stockCapacity';
    });
    if (Object.keys(fields).length) throw new RequestValidationError(fields);
    await stockCause(tx, 'visit');
    const channels = [];
    for (const x of [...counts].sort((a, b) => a.number - b.number)) {
      const row = rows.find((r) => r.number === x.number)!;
      if (row.stock !== x.counted)
        await tx
          .update(c)
          .set({ stock: x.counted })
          .where(and(eq(c.deviceId, device.id), eq(c.number, x.number)));
      channels.push({ number: x.number, productName: row.productName ?? '', expected: row.stock, counted: x.counted });
    }
    await stockBatches.use()(tx, { deviceId: device.id, numbers, cause: 'visit', actor });
    const missing = channels.reduce((sum, ch) => sum + Math.max(0, ch.expected - ch.counted), 0);
    const found = channels.reduce((sum, ch) => sum + Math.max(0, ch.counted - ch.expected), 0);
    return { channels, missing, found };
  });
}
