/**
 * A machine's sale (`order.sale`): one transaction takes the stock and
 * writes the order with its items, or nothing happens. The machine's sale
 * id makes a retry harmless: a sale id already recorded answers that order,
 * and a retry racing the original meets the unique key, rolls its own stock
 * back and answers the original too.
 */
import { BUSINESS_ZONE } from '../db/sql.js';
import { and, eq, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { SaleInput } from '../../shared/order/index.js';
import type { Db, Queryable } from '../db/index.js';
import { orderAt } from './months.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import type { DeviceCaller } from '../http/principal.js';
import {
  deviceForSale,
  publishDeviceNews,
  takeStock,
  touchDevice,
  unknownChannelSale,
  UnknownChannels,
  type DeviceNews,
  type SaleDevice,
  type SoldLine,
} from '../device/index.js';
import type { Tx } from '../db/index.js';
import { customerPricesOf, customerStaffByCard, type CardHolder } from '../customer/index.js';
import { orderItems, orders, orderSales } from './schema.js';
import { publish } from '../http/events.js';
import { rollSale } from './rollup.js';
import type { OrderEvent } from '../../shared/order/index.js';
import { tenants } from '../identity/schema.js';
import { pricesAt, salePricing, type PricedSale } from './ports.js';
import {
  earnForOrder,
  memberForSale,
  pointEntries,
  pointsForAmount,
  recordExternalSale,
  spendPoints,
} from '../member/index.js';
import { saleKey, spendReceipt, spendWallet } from '../wallet/index.js';

type Sale = Required<Pick<SaleInput, 'items'>> & Omit<SaleInput, 'items'>;

/** Thrown inside the transaction to roll it back when the sale id turned out to be recorded already. */
class AlreadyRecorded extends Error {}

const TITLE_MAX = 60;

/**
 * The order of a machine's sale id and its time, from `orderSales`: with
 * both, `orderAt` names the order in its month (a vend outcome finds its
 * sale this way). Undefined: no such sale.
 */
export async function saleOrder(db: Queryable, deviceId: number, saleId: string) {
  const [sale] = await db
    .select({ id: orderSales.orderId, createdAt: orderSales.orderCreatedAt })
    .from(orderSales)
    .where(and(eq(orderSales.deviceId, deviceId), eq(orderSales.saleId, saleId)));
  return sale;
}

async function recorded(db: Db, deviceId: number, saleId: string) {
  const sale = await saleOrder(db, deviceId, saleId);
  if (!sale) return undefined;
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.number,
      amount: orders.amount,
      pointsUsed: orders.pointsUsed,
      platform: orders.platform,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(orderAt(sale.id, sale.createdAt));
  if (!row) return undefined;
  const [earned] = await db
    .select({ points: sql<number>`coalesce(sum(${pointEntries.points}), 0)::int` })
    .from(pointEntries)
    .where(and(eq(pointEntries.orderId, row.id), eq(pointEntries.kind, 'earn')));
  const { id: _, platform, ...order } = row;
  // Only a wallet-paid sale has a receipt to read back.
  const wallet = platform === 'wallet' ? await spendReceipt(db, saleKey(deviceId, saleId)) : null;
  return { ...order, createdAt: row.createdAt.toISOString(), created: false, points: earned!.points, wallet };
}

/**
 * What a sale tells the console: the sale itself (open lists refresh), each
 * channel it took to its warning value or below, and every `salesNotice`-th
 * sale of the machine's day (China time).
 */
async function announce(tx: Tx, device: SaleDevice, lines: readonly SoldLine[]) {
  const news: DeviceNews[] = [{ id: device.id, kind: 'sale' }];
  for (const l of lines) {
    // Fresh food sold past its expiry (a machine that sold offline): the fresh domain refunds it; the console is told.
    if (l.expired > 0)
      news.push({ id: device.id, kind: 'expiredSale', extra: { channel: l.channel, count: l.expired } });
    if (l.stockLeft <= device.warningValue && l.stockLeft + l.count > device.warningValue) {
      news.push({ id: device.id, kind: 'lowStock', extra: { channel: l.channel, stock: l.stockLeft } });
    }
  }
  if (device.salesNotice > 0) {
    const [today] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.deviceId, device.id),
          sql`${orders.createdAt} >= date_trunc('day', now() at time zone ${BUSINESS_ZONE}) at time zone ${BUSINESS_ZONE}`,
        ),
      );
    if (today!.n % device.salesNotice === 0)
      news.push({ id: device.id, kind: 'salesNotice', extra: { count: today!.n } });
  }
  await publishDeviceNews(tx, news);
}

/**
 * A sale stamped with a price version (server/price): one the machine never
 * had is refused (1913); an older one is priced at that version's prices
 * (what the machine showed is what the buyer paid) until 15 minutes after
 * the machine left it, then refused (1915): a machine that applied a change
 * and still sells at the old prices is out of step.
 */
async function versionPrices(tx: Tx, device: SaleDevice, version: number | undefined) {
  if (version === undefined || version === device.priceVersion) return undefined;
  if (version > device.priceVersion) throw new BizError(CODE.priceVersionUnknown);
  // A port that fails loudly when missing: a sale at an older version is never priced at today's channels.
  const then = await pricesAt.use()(tx, device.id, version);
  if (then.stale) throw new BizError(CODE.priceVersionStale);
  return then.prices;
}

type Buyer = Awaited<ReturnType<typeof buyerOf>>;
type Basket = Awaited<ReturnType<typeof basketOf>>;
type Written = Awaited<ReturnType<typeof writeOrder>>;

/**
 * A machine's sale, in named steps inside one transaction: who buys, what
 * the basket costs, the order written once per sale id, what the buyer
 * earns, and who is told. A retry of a recorded sale id answers that order.
 */
export async function recordSale(db: Db, caller: DeviceCaller, sale: Sale) {
  const before = await recorded(db, caller.id, sale.saleId);
  if (before) return before;
  try {
    return await db.transaction(async (tx) => {
      const device = await deviceForSale(tx, caller.id);
      const buyer = await buyerOf(tx, device, sale);
      const basket = await basketOf(tx, device, sale, buyer);
      const order = await writeOrder(tx, device, sale, buyer, basket);
      const pointsUsed = await payWithPoints(tx, buyer, basket, order);
      const wallet = await payFromWallet(tx, device, sale, buyer, order);
      const points = await creditBuyer(tx, device, sale, buyer, order);
      await tellOthers(tx, device, basket.lines, order);
      return {
        orderNumber: order.orderNumber,
        amount: order.amount,
        createdAt: order.createdAt.toISOString(),
        created: true,
        points,
        pointsUsed,
        wallet,
      };
    });
  } catch (err) {
    if (err instanceof AlreadyRecorded) return (await recorded(db, caller.id, sale.saleId))!;
    // Channels the console does not know: the machine is refused, and the sale held for someone to look at it.
    if (err instanceof UnknownChannels && caller.tenantId !== null)
      await unknownChannelSale.use()(db, {
        deviceId: caller.id,
        tenantId: caller.tenantId,
        saleId: sale.saleId,
        channels: err.channels,
        items: sale.items,
      });
    throw err;
  }
}

/** Who buys: the machine's first-level tenant, and the member the sale names (707, 704), one buyer at most. */
async function buyerOf(tx: Tx, device: SaleDevice, sale: Sale) {
  const [owner] = await tx
    .select({ root: sql<number>`coalesce(${tenants.parentId}, ${tenants.id})` })
    .from(tenants)
    .where(eq(tenants.id, device.tenantId));
  // One of ours or another programme's, never both: the order can carry one buyer.
  if (sale.memberId !== undefined && sale.externalMember !== undefined)
    throw new RequestValidationError({ externalMember: 'validation.invalid' });
  // Paid from a wallet, the sale names whose; paid at a platform, the platform's number for it.
  if (sale.platform === 'wallet' && sale.memberId === undefined)
    throw new RequestValidationError({ memberId: 'validation.required' });
  // Points are a member's: a sale paid partly with them names whose.
  if (sale.usePoints && sale.memberId === undefined)
    throw new RequestValidationError({ memberId: 'validation.required' });
  if (sale.platform !== 'wallet' && sale.thirdPartyNumber === undefined)
    throw new RequestValidationError({ thirdPartyNumber: 'validation.required' });
  const member =
    sale.memberId === undefined ? undefined : await memberForSale(tx, sale.memberId, [device.tenantId, owner!.root]);
  return { root: owner!.root, member };
}

/**
 * A sale paid from the member's wallet: the order's amount drawn in the tenant's spend order under the wallet's
 * lock, keyed by the sale id (a retry racing this one meets the order's own key first). Short (951), the whole
 * sale rolls back, its stock with it. Answers the receipt's figures.
 */
async function payFromWallet(tx: Tx, device: SaleDevice, sale: Sale, buyer: Buyer, order: Written) {
  if (sale.platform !== 'wallet') return null;
  const key = saleKey(device.id, sale.saleId);
  const spent = await spendWallet(
    tx,
    { memberId: buyer.member!.id, key, orderId: order.id, orderNumber: order.orderNumber },
    order.amount,
  );
  // What the spend moved and left, as it wrote them: the receipt without reading them back.
  return spent.after
    ? {
        principal: 0 - spent.principal,
        bonus: 0 - spent.bonus,
        spendOrder: spent.spendOrder,
        balance: spent.after,
      }
    : spendReceipt(tx, key);
}

/**
 * What the sale costs: a payment box's amount as paid (spec §2 payTheBox),
 * or the goods — their stock taken at the channels' (or a staff buyer's, or
 * the stamped version's) prices, then priced by the one pricing step
 * (server/activity, through the `salePricing` port).
 */
async function basketOf(tx: Tx, device: SaleDevice, sale: Sale, buyer: Buyer) {
  if (device.type === 'paymentBox') {
    // A payment box only takes money, at no staff price.
    if (sale.items.length || sale.amount === undefined) throw new BizError(CODE.paymentBoxSale);
    if (sale.customerStaffCard !== undefined)
      throw new RequestValidationError({ customerStaffCard: 'validation.invalid' });
    // Nor a coupon: a payment box's amount is what was paid. Nor points, for the same reason.
    if (sale.couponId !== undefined) throw new BizError(CODE.couponUnusable);
    if (sale.usePoints) throw new RequestValidationError({ usePoints: 'validation.invalid' });
    return { lines: [] as SoldLine[], priced: undefined, amount: sale.amount, holder: undefined };
  }
  if (!sale.items.length) throw new RequestValidationError({ items: 'validation.required' });
  if (sale.amount !== undefined) throw new RequestValidationError({ amount: 'validation.invalid' });
  let holder: CardHolder | undefined;
  if (sale.customerStaffCard !== undefined) {
    holder = await customerStaffByCard(tx, device.tenantId, device.pointId, sale.customerStaffCard);
    if (!holder) throw new BizError(CODE.customerStaffCardInvalid);
  }
  const staff = holder;
  const lines = await takeStock(
    tx,
    device,
    sale.items,
    staff ? (ids) => customerPricesOf(tx, staff.customerId, ids) : null,
    await versionPrices(tx, device, sale.priceVersion),
  );
  // A port that fails loudly when missing: no silent sale at the channels' prices.
  const priced: PricedSale = await salePricing.use()(tx, {
    tenantId: device.tenantId,
    deviceId: device.id,
    memberId: buyer.member?.id ?? null,
    staffId: holder?.id ?? null,
    platform: sale.platform,
    couponId: sale.couponId ?? null,
    usePoints: sale.usePoints === true,
    lines: lines.map((l) => ({
      key: l.channel,
      productId: l.productId,
      count: l.count,
      price: l.channelPrice,
      staffPrice: holder ? l.unitPrice : null,
      markdown: l.markdown,
    })),
  });
  return { lines, priced, amount: priced.lines.reduce((sum, l) => sum + l.amount, 0), holder };
}

/** The order, its sale id claimed once (a racing retry rolls back: AlreadyRecorded), its items and the uses that priced them. */
async function writeOrder(tx: Tx, device: SaleDevice, sale: Sale, buyer: Buyer, basket: Basket) {
  const { lines, priced, amount, holder } = basket;
  const title = lines.length
    ? lines.map((l) => (l.count > 1 ? `${l.name}×${l.count}` : l.name)).join('、')
    : device.name;
  const [inserted] = await tx
    .insert(orders)
    .values({
      thirdPartyNumber: sale.thirdPartyNumber ?? null,
      tenantId: device.tenantId,
      rootTenantId: buyer.root,
      kind: device.type === 'paymentBox' ? 'payment' : 'sale',
      deviceId: device.id,
      deviceName: device.name,
      pointId: device.pointId,
      saleId: sale.saleId,
      title: title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title,
      amount,
      originalAmount: lines.length ? lines.reduce((sum, l) => sum + l.listPrice * l.count, 0) : amount,
      receivedAmount: amount,
      pointsUsed: priced?.pointsUsed ?? 0,
      platform: sale.platform,
      paymentType: sale.paymentType,
      paymentState: 'success',
      // The machine dispenses after it is paid and says how that went (server/delivery): until then the goods are on their way.
      deliveryState: lines.length ? 'delivering' : 'notStarted',
      deliveryEnd: lines.length ? 'notEnded' : 'complete',
      customerStaff: holder !== undefined,
      ...(holder
        ? {
            customerStaffId: holder.id,
            customerStaffName: holder.name,
            customerStaffPhone: holder.phone,
            customerStaffCard: holder.cardId,
            customerName: holder.customerName,
          }
        : {}),
      memberId: buyer.member?.id ?? null,
      externalProgramme: sale.externalMember?.programme ?? null,
      externalMemberId: sale.externalMember?.id ?? null,
      paidAt: sql`now()`,
    })
    .returning({
      id: orders.id,
      orderNumber: orders.number,
      amount: orders.amount,
      createdAt: orders.createdAt,
      // To the microsecond, as the key to its month must be: a Date keeps milliseconds.
      exactly: sql<string>`${orders.createdAt}::text`,
    });
  const order = inserted!;
  // Once per sale id: a retry racing this one waits here for its commit, then finds the id taken and rolls back.
  const [first] = await tx
    .insert(orderSales)
    .values({
      deviceId: device.id,
      saleId: sale.saleId,
      orderId: order.id,
      orderCreatedAt: sql`${order.exactly}::timestamptz`,
    })
    .onConflictDoNothing()
    .returning({ orderId: orderSales.orderId });
  if (!first) throw new AlreadyRecorded();
  if (priced && lines.length) {
    const names = new Map(lines.map((l) => [l.channel, l.name]));
    // Units sold from an expired batch, per channel, spread over the channel's priced lines (a limit may split one).
    const expired = new Map(lines.map((l) => [l.channel, l.expired]));
    const expiredOf = (key: number, count: number) => {
      const n = Math.min(expired.get(key) ?? 0, count);
      expired.set(key, (expired.get(key) ?? 0) - n);
      return n;
    };
    await tx.insert(orderItems).values(
      priced.lines.map((l) => ({
        orderId: order.id,
        tenantId: device.tenantId,
        channel: l.key,
        productId: l.productId,
        name: names.get(l.key)!,
        unitPrice: l.unitPrice,
        count: l.count,
        listPrice: l.listPrice,
        amount: l.amount,
        activityIds: l.activityIds,
        couponId: l.couponId,
        pointsDiscount: l.pointsDiscount,
        markdown: l.markdown,
        expired: expiredOf(l.key, l.count),
        state: 'normal' as const,
      })),
    );
    await priced.record(order.id);
  }
  return order;
}

/** The points the pricing step said pay part of it, spent from the member (locked since `buyerOf`), keyed by the order. */
async function payWithPoints(tx: Tx, buyer: Buyer, basket: Basket, order: Written) {
  const used = basket.priced?.pointsUsed ?? 0;
  if (used > 0)
    await spendPoints(
      tx,
      'spend',
      used,
      {
        memberId: buyer.member!.id,
        key: `spend:order:${order.id}`,
        reason: '',
        orderId: order.id,
        orderNumber: order.orderNumber,
      },
      new Date(),
    );
  return used;
}

/** What the buyer earns: a member's points (when its tenant's switches are on), another programme's member's sale counted. */
async function creditBuyer(tx: Tx, device: SaleDevice, sale: Sale, buyer: Buyer, order: Written) {
  const { member } = buyer;
  const points = member?.earns ? pointsForAmount(order.amount, member.pointsPercent) : 0;
  if (member && points > 0)
    await earnForOrder(tx, member, points, { id: order.id, number: order.orderNumber }, new Date());
  if (sale.externalMember) await recordExternalSale(tx, device.tenantId, sale.externalMember, order.amount);
  return points;
}

/** The machine seen, the console told (the sale, low stock, the day's count, open order lists), the rollups added. */
async function tellOthers(tx: Tx, device: SaleDevice, lines: readonly SoldLine[], order: Written) {
  await touchDevice(tx, device.id);
  await announce(tx, device, lines);
  // Open order lists show it (shared/order/events.ts).
  await publish(tx, 'order', device.tenantId, {
    kind: 'created',
    orderId: order.id,
    ...(lines.some((l) => l.expired > 0) ? { expired: true as const } : {}),
  } satisfies OrderEvent);
  // Last, just before the commit: the tenant's rollup rows of this hour and day (its product totals) are
  // every one of its sales', each locked from here to the commit; any statement after this would hold them
  // for its round trip too — under load, where every sale of a popular drink queued (bench/load.ts).
  await rollSale(tx, order.id, order.createdAt);
}
