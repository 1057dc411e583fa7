/**
 * A sale as the device sees it (the order domain records the order): which
 * machine may sell now, and taking the goods out of its channels. Stock is
 * taken by conditional updates, `stock >= n`, so racing sales of one channel
 * can never drive it below zero (the column's check guards the same), and
 * channels are taken in number order, so two sales of several items never
 * wait on each other in a circle.
 */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { Queryable, Tx } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { products } from '../product/schema.js';
import { deviceChannels as c, devices, type StockCause } from './schema.js';
import { stockBatches } from './ports.js';

export interface SaleDevice {
  id: number;
  tenantId: number;
  type: (typeof devices.type.enumValues)[number];
  name: string;
  pointId: number | null;
  channelSalesLimit: number;
  orderLimit: number;
  warningValue: number;
  salesNotice: number;
  /** The price version the machine is at (the price domain's changes it applied). */
  priceVersion: number;
}

/**
 * The machine, if it may sell now: recycled 905, not activated 904, offline
 * 902, locked 903. Its row is locked for the sale: a machine's sales take
 * turns (as its one vending slot does), a lock or a channel change from the
 * console waits for the sale to end and the other way round. (A share lock
 * would deadlock: each sale goes on to update the row it shares.)
 */
export async function deviceForSale(tx: Tx, id: number): Promise<SaleDevice> {
  const [d] = await tx
    .select({
      id: devices.id,
      tenantId: devices.tenantId,
      type: devices.type,
      name: devices.name,
      pointId: devices.pointId,
      channelSalesLimit: devices.channelSalesLimit,
      orderLimit: devices.orderLimit,
      warningValue: devices.warningValue,
      salesNotice: devices.salesNotice,
      allocation: devices.allocation,
      activated: devices.activated,
      online: devices.online,
      locked: devices.locked,
      priceVersion: devices.priceVersion,
    })
    .from(devices)
    .where(eq(devices.id, id))
    .for('update');
  if (!d) throw new BizError(CODE.deviceCredentials);
  if (d.allocation === 'recycled') throw new BizError(CODE.deviceRecycled);
  // In the pool without an owner (registered, never allocated): not in service yet.
  if (!d.activated || d.tenantId === null) throw new BizError(CODE.deviceNotActivated);
  if (!d.online) throw new BizError(CODE.deviceOffline);
  if (d.locked) throw new BizError(CODE.deviceLocked);
  const { allocation: _a, activated: _b, online: _c, locked: _d, tenantId, ...device } = d;
  return { ...device, tenantId };
}

export interface SoldLine {
  channel: number;
  productId: number;
  name: string;
  /** What one costs here (the channel's price, or its staff price). */
  unitPrice: number;
  /** The product's suggested retail price. */
  listPrice: number;
  /** The channel's own price of one unit (what anyone but a staff buyer pays before activities). */
  channelPrice: number;
  count: number;
  /** What the channel holds after the sale. */
  stockLeft: number;
  /** Percent off for goods near their expiry (the fresh domain's markdown of the batch sold); 0: none. */
  markdown: number;
  /** Units sold from a batch already past its expiry (fresh food a machine sold while offline). */
  expired: number;
}

/**
 * A staff buyer's prices: the customer's employee price of each product that
 * has one (the order domain reads them); the channel's staff price otherwise.
 */
export type StaffPrices = (productIds: readonly number[]) => Promise<ReadonlyMap<number, number>>;

/**
 * Takes `items` out of the device's channels, all or nothing (the caller's
 * transaction rolls back on a refusal): per channel at most the device's
 * limit (941), per order at most its limit (942); a switched-off or empty
 * channel 943, a locked one 903, too few left 940.
 */
/** A sale naming channels the device does not have (943 to the machine): which, for the sale's caller to hold. */
export class UnknownChannels extends BizError {
  constructor(readonly channels: readonly number[]) {
    super(CODE.channelUnavailable);
  }
}

export async function takeStock(
  tx: Tx,
  device: SaleDevice,
  items: readonly { channel: number; count: number }[],
  staffPrices: StaffPrices | null,
  /** A sale at an older price version: the channels' prices in that version, where they differ from today's. */
  versionPrices?: ReadonlyMap<number, { price: number; customerStaffPrice: number }>,
): Promise<SoldLine[]> {
  const wanted = new Map<number, number>();
  for (const item of items) wanted.set(item.channel, (wanted.get(item.channel) ?? 0) + item.count);
  if ([...wanted.values()].some((n) => n > device.channelSalesLimit)) throw new BizError(CODE.channelSalesLimit);
  if ([...wanted.values()].reduce((a, b) => a + b, 0) > device.orderLimit) throw new BizError(CODE.orderItemsLimit);
  const numbers = [...wanted.keys()].sort((a, b) => a - b);
  const rows = await tx
    .select({
      number: c.number,
      enabled: c.enabled,
      locked: c.locked,
      productId: c.productId,
      price: c.price,
      customerStaffPrice: c.customerStaffPrice,
      name: products.name,
      listPrice: products.price,
      perishable: products.perishable,
    })
    .from(c)
    .leftJoin(products, eq(products.id, c.productId))
    .where(and(eq(c.deviceId, device.id), inArray(c.number, numbers)))
    .orderBy(asc(c.number));
  const customerPrices = staffPrices
    ? await staffPrices(rows.flatMap((r) => (r.productId === null ? [] : [r.productId])))
    : null;
  const unknown = numbers.filter((n) => !rows.some((r) => r.number === n));
  if (unknown.length) throw new UnknownChannels(unknown);
  const lines: SoldLine[] = [];
  await stockCause(tx, 'sale');
  for (const number of numbers) {
    const row = rows.find((r) => r.number === number);
    if (!row || !row.enabled || row.productId === null || row.name === null)
      throw new BizError(CODE.channelUnavailable);
    if (row.locked) throw new BizError(CODE.deviceLocked);
    const count = wanted.get(number)!;
    const then = versionPrices?.get(number);
    const price = then ? then.price : row.price;
    const staffPrice = then ? then.customerStaffPrice : row.customerStaffPrice;
    const [taken] = await tx
      .update(c)
      .set({ stock: sql`${c.stock} - ${count}` })
      .where(and(eq(c.deviceId, device.id), eq(c.number, number), gte(c.stock, count)))
      .returning({ stock: c.stock });
    if (!taken) throw new BizError(CODE.insufficientStock);
    lines.push({
      channel: number,
      productId: row.productId,
      name: row.name,
      count,
      stockLeft: taken.stock,
      unitPrice: (customerPrices ? (customerPrices.get(row.productId) ?? staffPrice) : price) ?? 0,
      listPrice: row.listPrice ?? 0,
      channelPrice: price ?? 0,
      markdown: 0,
      expired: 0,
    });
  }
  // A perishable product's units leave its batches oldest first (the fresh domain); other sales pay nothing for it.
  const perishable = rows.filter((r) => r.perishable).map((r) => r.number);
  if (perishable.length) {
    const taken = await stockBatches.use()(tx, { deviceId: device.id, numbers: perishable, cause: 'sale' });
    for (const line of lines) {
      line.markdown = taken.get(line.channel)?.markdown ?? 0;
      line.expired = taken.get(line.channel)?.expired ?? 0;
    }
  }
  return lines;
}

/**
 * Takes `units` out of a channel of the device (the caller locked its row) for `cause`, never below zero;
 * false when the channel holds fewer. The caller keeps what else follows the stock (fresh food's batches).
 */
export async function takeFromChannel(tx: Tx, deviceId: number, channel: number, units: number, cause: StockCause) {
  await stockCause(tx, cause);
  const [taken] = await tx
    .update(c)
    .set({ stock: sql`${c.stock} - ${units}` })
    .where(and(eq(c.deviceId, deviceId), eq(c.number, channel), gte(c.stock, units)))
    .returning({ stock: c.stock });
  return taken !== undefined;
}

/**
 * Puts up to `units` into a channel of the device (the caller locked its row) for `cause`, never above the
 * device's capacity; answers the units put in. The caller keeps what else follows the stock.
 */
export async function putIntoChannel(tx: Tx, deviceId: number, channel: number, units: number, cause: StockCause) {
  await stockCause(tx, cause);
  const [before] = await tx
    .select({ stock: c.stock, capacity: devices.capacity })
    .from(c)
    .innerJoin(devices, eq(devices.id, c.deviceId))
    .where(and(eq(c.deviceId, deviceId), eq(c.number, channel)));
  if (!before) return 0;
  const put = Math.max(0, Math.min(units, before.capacity - before.stock));
  if (put)
    await tx
      .update(c)
      .set({ stock: sql`${c.stock} + ${put}` })
      .where(and(eq(c.deviceId, deviceId), eq(c.number, channel)));
  return put;
}

/**
 * Names why the stock moves in this transaction: the trigger that records each move (stock_moves)
 * reads it. Set before the update; an update without one is recorded as an `edit`.
 */
export const stockCause = (tx: Queryable, cause: StockCause) =>
  tx.execute(sql`select set_config('vend.stock_cause', ${cause}, true)`);

/** A machine that just did something is alive. */
export const touchDevice = (db: Queryable, id: number) =>
  db
    .update(devices)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(devices.id, id));
