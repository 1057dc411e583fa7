/**
 * Reading orders as the console shows them (spec §2 orderList, payTheBox,
 * staffOrderList). Each filter meets an index of server/order/schema.ts;
 * a first-level tenant's scope is one root-tenant id, not an IN list, so the
 * newest rows of its whole hierarchy come straight off one index in order.
 */
import { members } from '../member/index.js';
import { and, eq, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import {
  deliveryOf,
  ORDER_LIST,
  type OrderDetail,
  type OrderFilter,
  type OrderItem,
  type OrderLine,
  type SubOrder,
} from '../../shared/order/index.js';
import type { PageQuery } from '../../shared/api/define.js';
import { maskContact } from '../../shared/format.js';
import type { Queryable } from '../db/index.js';
import { activityNames } from './ports.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { devices } from '../device/index.js';
import { points } from '../point/index.js';
import { products } from '../product/index.js';
import { tenantInScope } from '../tenant/index.js';
import { orderItems, orders } from './schema.js';
import { withCampaign } from './campaign.js';
import { tenants } from '../identity/schema.js';

/**
 * The caller's orders: everything; a whole hierarchy by its root; or some of
 * a hierarchy's tenants, by root first (so the root's indexes serve it too).
 */
export const orderScope = (scope: Scope): SQL | undefined =>
  and(
    scope.all
      ? undefined
      : scope.root === null
        ? scope.where(orders.tenantId)
        : scope.wholeTree
          ? eq(orders.rootTenantId, scope.root)
          : and(eq(orders.rootTenantId, scope.root), scope.where(orders.tenantId)),
    // A member with assigned devices: their orders only.
    scope.devices === null ? undefined : scope.device(orders.deviceId),
  );

const itemColumns = {
  id: orders.id,
  number: orders.number,
  thirdPartyNumber: orders.thirdPartyNumber,
  kind: orders.kind,
  title: orders.title,
  createdAt: orders.createdAt,
  amount: orders.amount,
  originalAmount: orders.originalAmount,
  receivedAmount: orders.receivedAmount,
  refundAmount: orders.refundAmount,
  platform: orders.platform,
  paymentType: orders.paymentType,
  paymentState: orders.paymentState,
  deliveryState: orders.deliveryState,
  deliveryEnd: orders.deliveryEnd,
  refundState: orders.refundState,
  customerStaff: orders.customerStaff,
  autoRefunded: orders.autoRefunded,
  customerStaffName: orders.customerStaffName,
  customerStaffPhone: orders.customerStaffPhone,
  customerStaffCard: orders.customerStaffCard,
  customerName: orders.customerName,
  deviceId: orders.deviceId,
  deviceName: orders.deviceName,
  pointId: orders.pointId,
  pointName: points.name,
  tenantId: orders.tenantId,
  tenantName: tenants.name,
  linkageNumber: orders.linkageNumber,
  sceneName: orders.sceneName,
  sceneState: orders.sceneState,
};

/** Three more columns than a list row needs: one select serves the list and the detail. */
const selectOrders = (db: Queryable) =>
  db
    .select({
      ...itemColumns,
      refundReason: orders.refundReason,
      paidAt: orders.paidAt,
      memberId: orders.memberId,
      pointsUsed: orders.pointsUsed,
    })
    .from(orders)
    .innerJoin(tenants, eq(tenants.id, orders.tenantId))
    .leftJoin(points, eq(points.id, orders.pointId));

/** Spelled as the indexes are (DESC NULLS LAST), so the planner walks them instead of sorting. */
const NEWEST_FIRST = [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`] as const;

type Row = { createdAt: Date } & Omit<OrderItem, 'createdAt'>;
const toItem = <R extends Row>(row: R) => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * A filter naming a device, point, product, tenant or member the caller cannot see
 * is refused like a lookup of it (1201, 1410, 1101, 1401, 707), not answered with
 * an empty page: one rule for every id a request names.
 */
async function checkFilterIds(db: Queryable, scope: Scope, f: OrderFilter) {
  const owned = async (
    table: typeof devices | typeof points | typeof products | typeof members,
    id: number,
    code: number,
  ) => {
    const [row] = await db.select({ tenantId: table.tenantId }).from(table).where(eq(table.id, id));
    if (!row || row.tenantId === null || !scope.has(row.tenantId)) throw new BizError(code);
  };
  if (f.deviceId !== undefined) {
    if (!scope.hasDevice(f.deviceId)) throw new BizError(CODE.deviceNotFound);
    await owned(devices, f.deviceId, CODE.deviceNotFound);
  }
  if (f.pointId !== undefined) await owned(points, f.pointId, CODE.pointNotFound);
  if (f.productId !== undefined) await owned(products, f.productId, CODE.productNotFound);
  if (f.tenantId !== undefined) await tenantInScope(db, scope, f.tenantId);
  if (f.memberId !== undefined) await owned(members, f.memberId, CODE.programmeMemberNotFound);
  if (f.activityId !== undefined) {
    // The activity domain, above orders, says whose it is.
    const [activity] = await activityNames.use()(db, [f.activityId]);
    if (!activity || !scope.has(activity.tenantId)) throw new BizError(CODE.activityNotFound);
  }
}

/** The conditions of a filter, in scope (also the export's). */
export async function orderWhere(db: Queryable, scope: Scope, f: OrderFilter): Promise<SQL | undefined> {
  await checkFilterIds(db, scope, f);
  const number = f.number;
  return and(
    orderScope(scope),
    f.from ? gte(orders.createdAt, new Date(f.from)) : undefined,
    f.to ? lte(orders.createdAt, new Date(f.to)) : undefined,
    number
      ? number.length === ORDER_LIST.numberLength
        ? eq(orders.number, number)
        : like(orders.number, `${number}%`)
      : undefined,
    f.thirdPartyNumber ? eq(orders.thirdPartyNumber, f.thirdPartyNumber) : undefined,
    f.kind ? eq(orders.kind, f.kind) : undefined,
    f.customerStaff !== undefined ? eq(orders.customerStaff, f.customerStaff) : undefined,
    // Refunded automatically implies refunded: said so, the planner can walk the small index of refunded orders.
    f.autoRefunded === true
      ? and(eq(orders.autoRefunded, true), sql`${orders.refundState} <> 'none'`)
      : f.autoRefunded === false
        ? eq(orders.autoRefunded, false)
        : undefined,
    f.paymentState ? eq(orders.paymentState, f.paymentState) : undefined,
    f.refundState ? eq(orders.refundState, f.refundState) : undefined,
    f.deliveryState ? eq(orders.deliveryState, f.deliveryState) : undefined,
    f.sceneState ? eq(orders.sceneState, f.sceneState) : undefined,
    f.platform ? eq(orders.platform, f.platform) : undefined,
    f.paymentType ? eq(orders.paymentType, f.paymentType) : undefined,
    f.deviceId !== undefined ? eq(orders.deviceId, f.deviceId) : undefined,
    f.pointId !== undefined ? eq(orders.pointId, f.pointId) : undefined,
    f.tenantId !== undefined ? eq(orders.tenantId, f.tenantId) : undefined,
    f.memberId !== undefined ? eq(orders.memberId, f.memberId) : undefined,
    f.productId !== undefined
      ? sql`exists (select 1 from order_items where order_items.order_id = ${orders.id} and order_items.product_id = ${f.productId})`
      : undefined,
    // A member by phone: only the caller's members hold it for this list (the same number may be another tenant's member).
    f.memberPhone !== undefined
      ? sql`${orders.memberId} in (select ${members.id} from ${members} where ${members.phone} = ${f.memberPhone} and ${scope.where(members.tenantId)})`
      : undefined,
    // The GIN index on the lines' activities (order_items_activities_idx) finds an activity's lines without reading the rest.
    f.activityId !== undefined
      ? sql`${orders.id} in (select order_items.order_id from order_items where order_items.activity_ids @> array[${f.activityId}::int])`
      : undefined,
    f.coupon !== undefined
      ? sql`${f.coupon ? sql`` : sql`not `}exists (select 1 from order_items where order_items.order_id = ${orders.id} and order_items.coupon_id is not null)`
      : undefined,
  );
}

/** One page of orders, newest first, within the first countCap rows. */
export async function orderPage(db: Queryable, scope: Scope, query: PageQuery, filter: OrderFilter) {
  const offset = (query.pageNum - 1) * query.pageSize;
  if (offset >= ORDER_LIST.countCap) throw new RequestValidationError({ pageNum: 'order.validation.deepPage' });
  const where = await orderWhere(db, scope, filter);
  const rows = await selectOrders(db)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(query.pageSize)
    .offset(offset);
  // A list masks the staff member's and the member's phone (shared/format.ts maskContact); the order's detail shows them whole.
  return {
    list: (await withCampaign(db, rows, true)).map(({ refundReason: _r, paidAt: _p, pointsUsed: _u, ...row }) =>
      toItem({ ...row, customerStaffPhone: maskContact(row.customerStaffPhone) }),
    ),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/**
 * How many orders match, counted up to the cap only: an exact count of a
 * year's orders would read every one of them, and "10 000+" tells a back
 * office all it needs.
 */
export async function orderCount(db: Queryable, scope: Scope, filter: OrderFilter) {
  const where = await orderWhere(db, scope, filter);
  // In the list's order: the planner walks the same index and stops at the cap (a bitmap scan would read the whole range first).
  const matching = db
    .select({ one: sql`1` })
    .from(orders)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(ORDER_LIST.countCap + 1)
    .as('matching');
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  const n = counted?.n ?? 0;
  return { total: Math.min(n, ORDER_LIST.countCap), capped: n > ORDER_LIST.countCap };
}

/** One order with its items, or 901 when it does not exist or lies outside the scope (the same answer). */
export async function orderDetail(db: Queryable, scope: Scope, id: number): Promise<OrderDetail> {
  const [found] = await selectOrders(db).where(and(eq(orders.id, id), orderScope(scope)));
  if (!found) throw new BizError(CODE.orderNotFound);
  const [row] = await withCampaign(db, [found], false);
  if (!row) throw new BizError(CODE.orderNotFound);
  const items = await db
    .select({
      id: orderItems.id,
      channel: orderItems.channel,
      deviceId: orderItems.deviceId,
      deviceName: orderItems.deviceName,
      productId: orderItems.productId,
      name: orderItems.name,
      unitPrice: orderItems.unitPrice,
      count: orderItems.count,
      listPrice: orderItems.listPrice,
      amount: orderItems.amount,
      activityIds: orderItems.activityIds,
      couponId: orderItems.couponId,
      pointsDiscount: orderItems.pointsDiscount,
      markdown: orderItems.markdown,
      state: orderItems.state,
      refundAmount: orderItems.refundAmount,
      outcome: orderItems.outcome,
      failure: orderItems.failure,
      outcomeAt: orderItems.outcomeAt,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(orderItems.id)
    .then((rows) => rows.map((r) => ({ ...r, outcomeAt: r.outcomeAt ? r.outcomeAt.toISOString() : null })));
  const [device] = await db.select({ serial: devices.serial }).from(devices).where(eq(devices.id, row.deviceId));
  const [member] =
    row.memberId === null
      ? []
      : await db
          .select({ id: members.id, nickname: members.nickname, phone: members.phone })
          .from(members)
          .where(eq(members.id, row.memberId));
  // The activity domain, built on orders, names them.
  const priced = [...new Set(items.flatMap((i) => i.activityIds ?? []))];
  return {
    ...toItem(row),
    deviceSerial: device?.serial ?? null,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    items,
    subOrders: row.kind === 'scene' ? subOrdersOf(row.number, items) : [],
    member: member ?? null,
    activities: priced.length ? (await activityNames.use()(db, priced)).map(({ id, name }) => ({ id, name })) : [],
  };
}

/** A linked order's items by scene device, in the order the scene served them, each group's delivery from its items' states. */
function subOrdersOf(number: string, items: readonly OrderLine[]): SubOrder[] {
  const groups = new Map<number, OrderLine[]>();
  for (const item of items)
    if (item.deviceId !== null) groups.set(item.deviceId, [...(groups.get(item.deviceId) ?? []), item]);
  return [...groups.entries()].map(([deviceId, lines], i) => {
    // A scene's items are served one device after the other: a part whose items are all unknown has not begun.
    const { state } = deliveryOf(
      lines.map(
        (l) => l.outcome ?? (l.state === 'deliveryFailed' ? 'failed' : l.state === 'normal' ? null : 'delivered'),
      ),
    );
    const deliveryState =
      state === 'delivering' && lines.every((l) => l.state === 'normal' && l.outcome === null)
        ? ('waiting' as const)
        : state;
    return {
      number: `${number}-${i + 1}`,
      deviceId,
      deviceName: lines[0]!.deviceName ?? '',
      amount: lines.reduce((s, l) => s + l.amount, 0),
      deliveryState,
      items: lines,
    };
  });
}
