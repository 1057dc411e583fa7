/**
 * The order list and an order's detail (spec §2 orderList, payTheBox,
 * staffOrderList; §3 Order). Every filter of the list has an index behind
 * it (server/order/schema.ts). A page of rows and the count of a filter are
 * two calls: the console counts a filter once and pages without recounting
 * (a year of orders is not read on every page). The count stops at
 * ORDER_LIST.countCap ("at least" beyond), and a page lies within the first
 * countCap rows — a back office narrows the time range rather than paging
 * through a year (the orders issue's budget at a million orders).
 */
import { z } from 'zod';
import { endpoint, instant, isoTime, pageQuery, phone, ref, refParams, str } from '../api/define.js';
import {
  DELIVERY_ENDS,
  DELIVERY_FAILURES,
  DELIVERY_STATES,
  ITEM_OUTCOMES,
  ITEM_STATES,
  ORDER_KINDS,
  PAY_PLATFORMS,
  PAY_TYPES,
  PAYMENT_STATES,
  REFUND_STATES,
  SCENE_ORDER_STATES,
} from './states.js';

export const ORDER_LIST = {
  /** Rows counted at most; also how deep a page may lie. */
  countCap: 10_000,
  /** An order number is the China-time minute (12 digits) and a running number (8). */
  numberLength: 20,
  thirdPartyNumber: 64,
} as const;

/** An instant with its offset, as the time-range pickers send it. */

export const orderFilter = z
  .object({
    /** Created at or after / before this instant. */
    from: instant.optional(),
    to: instant.optional(),
    /** A whole order number, or its first digits (a day: 8, a minute: 12). */
    number: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, { message: 'order.validation.number' })
      .optional(),
    thirdPartyNumber: str().trim().min(1).max(ORDER_LIST.thirdPartyNumber).optional(),
    kind: z.enum(ORDER_KINDS).optional(),
    /** Sold at the staff price (the staff order list). */
    customerStaff: z.boolean().optional(),
    /** Something of it refunded automatically because a machine did not dispense it. */
    autoRefunded: z.boolean().optional(),
    paymentState: z.enum(PAYMENT_STATES).optional(),
    refundState: z.enum(REFUND_STATES).optional(),
    deliveryState: z.enum(DELIVERY_STATES).optional(),
    /** A linked order's scene state. */
    sceneState: z.enum(SCENE_ORDER_STATES).optional(),
    platform: z.enum(PAY_PLATFORMS).optional(),
    paymentType: z.enum(PAY_TYPES).optional(),
    deviceId: ref('device').optional(),
    pointId: ref('point').optional(),
    productId: ref('product').optional(),
    tenantId: ref('tenant').optional(),
    /** The member the orders were sold to (a member's page). */
    memberId: ref('member').optional(),
    /** Or the member holding this phone number (the list's member filter). */
    memberPhone: phone.optional(),
    /** An activity that priced a line, a coupon's activity included (an activity's results: its orders). */
    activityId: ref('activity').optional(),
    /** Paid with a coupon (true) or without (false). */
    coupon: z.boolean().optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to || Date.parse(f.from) <= Date.parse(f.to), {
    message: 'order.validation.range',
    path: ['to'],
  })
  .meta({
    examples: [{ from: '2026-11-01T00:00:00+08:00', to: '2026-11-24T23:59:59+08:00', paymentState: 'success' }],
  });
export type OrderFilter = z.infer<typeof orderFilter>;

export const orderItem = z.object({
  id: z.number().int(),
  number: z.string(),
  thirdPartyNumber: z.string().nullable(),
  kind: z.enum(ORDER_KINDS),
  title: z.string(),
  createdAt: isoTime,
  /** Fen: at the channels' prices; the suggested retail total; received; refunded so far. */
  amount: z.number().int(),
  originalAmount: z.number().int(),
  receivedAmount: z.number().int(),
  refundAmount: z.number().int(),
  platform: z.enum(PAY_PLATFORMS),
  paymentType: z.enum(PAY_TYPES),
  paymentState: z.enum(PAYMENT_STATES),
  deliveryState: z.enum(DELIVERY_STATES),
  deliveryEnd: z.enum(DELIVERY_ENDS),
  refundState: z.enum(REFUND_STATES),
  autoRefunded: z.boolean(),
  customerStaff: z.boolean(),
  /** A staff order's buyer (spec §3 staff order), as when it was sold; null for other orders. */
  customerStaffName: z.string().nullable(),
  customerStaffPhone: z.string().nullable(),
  customerStaffCard: z.string().nullable(),
  customerName: z.string().nullable(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  pointId: z.number().int().nullable(),
  pointName: z.string().nullable(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  /** A linked order's: the scene's number for it, the scene and its state (null for other orders). */
  linkageNumber: z.string().nullable(),
  sceneName: z.string().nullable(),
  sceneState: z.enum(SCENE_ORDER_STATES).nullable(),
  /** Fen its lines were priced below the channels' prices (staff price, activities, coupon): Σ list × count − paid. */
  discount: z.number().int(),
  /** The activities that priced its lines, a coupon's among them, by name; and whether a coupon paid part. */
  activityNames: z.array(z.string()),
  couponUsed: z.boolean(),
  /** The member it was sold to: nickname and phone (masked in a list). */
  memberId: z.number().int().nullable(),
  memberNickname: z.string().nullable(),
  memberPhone: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const orderLine = z.object({
  id: z.number().int(),
  channel: z.number().int(),
  /** A linked order's item: the scene device that vends it (null: the order's own device). */
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  productId: z.number().int().nullable(),
  name: z.string(),
  /** The unit price after the staff price and product activities; the channel's undiscounted price. */
  unitPrice: z.number().int(),
  count: z.number().int(),
  listPrice: z.number().int(),
  /** What the line paid in all, after every activity and coupon. */
  amount: z.number().int(),
  /** The activities that priced it and the coupon it was paid with (shared/activity). */
  activityIds: z.array(z.number().int()),
  couponId: z.number().int().nullable(),
  /** Fen of the line's discount the member's points paid (the pricing engine's lane `points`). */
  pointsDiscount: z.number().int(),
  /** The markdown near expiry (percent off) that priced it (fresh food); 0: none. */
  markdown: z.number().int(),
  state: z.enum(ITEM_STATES),
  refundAmount: z.number().int(),
  /** What the machine said of it (null: not yet), why it failed, and when. */
  outcome: z.enum(ITEM_OUTCOMES).nullable(),
  failure: z.enum(DELIVERY_FAILURES).nullable(),
  outcomeAt: isoTime.nullable(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** A linked order's part served by one scene device, numbered after the order (`…-1`, `…-2`). */
export const subOrder = z.object({
  number: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  amount: z.number().int(),
  deliveryState: z.enum(DELIVERY_STATES),
  items: z.array(orderLine),
});
export type SubOrder = z.infer<typeof subOrder>;

export const orderDetail = orderItem.extend({
  /** The number people read on the machine (VM2026000104), not its row id; null when the device is gone. */
  deviceSerial: z.string().nullable(),
  refundReason: z.string().nullable(),
  paidAt: isoTime.nullable(),
  items: z.array(orderLine),
  /** A linked order's sub-orders, one per scene device (empty for other orders). */
  subOrders: z.array(subOrder),
  /** The member the order was sold to (the member centre), if any. */
  member: z.object({ id: z.number().int(), nickname: z.string(), phone: z.string().nullable() }).nullable(),
  /** The activities that priced its lines, by id (shared/activity): what its discount came from. */
  activities: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The member's points that paid part of it (0: none). */
  pointsUsed: z.number().int(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderRows = z.object({ list: z.array(orderItem), pageNum: z.number().int(), pageSize: z.number().int() });
export type OrderRows = z.infer<typeof orderRows>;

export const orderCount = z.object({
  /** Matching orders, at most ORDER_LIST.countCap. */
  total: z.number().int(),
  /** True when more rows match than were counted: the total is a lower bound. */
  capped: z.boolean(),
});
export type OrderCount = z.infer<typeof orderCount>;

/** Spec member codes: 6-1 the order list and staff orders; 6-3 linked orders (and complaints). */
export const orderAccess = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: ['6-1', '6-3'] } as const;

export const orderListApi = {
  'order.page': endpoint({
    method: 'POST',
    reads: true,
    path: '/order/page',
    summary:
      'A page of the orders visible to the caller, newest first, by time range, number (whole or its first digits), third-party number, kind, staff price, payment / refund / delivery / scene state, platform, payment type, device, point, product and tenant; within the first 10 000 rows (field error deeper). `order.count` counts the same filter.',
    query: pageQuery,
    body: orderFilter,
    content: orderRows,
    access: orderAccess,
  }),
  'order.count': endpoint({
    method: 'POST',
    reads: true,
    path: '/order/count',
    summary: 'How many orders a filter of `order.page` matches, counted up to 10 000 (`capped` beyond).',
    body: orderFilter,
    content: orderCount,
    access: orderAccess,
  }),
  'order.info': endpoint({
    method: 'GET',
    path: '/order/info/:id',
    summary:
      'One order with its items (name, unit price, count, per-product state and refund) and, for a linked order, its sub-orders per scene device, or 901 when it does not exist or lies outside the scope (the same answer).',
    params: refParams('order'),
    content: orderDetail,
    access: orderAccess,
  }),
} as const;
