/**
 * What priced an order and whom it was sold to, for a page of orders at a
 * time (the list, the detail, each batch of the export): the discount below
 * the channels' prices, the activities (a coupon's among them) by name,
 * whether a coupon paid part, and the member. Read after the page — one
 * query over the page's lines, one over its members and one for the names —
 * so the list's walk down its index stays the bare walk it was.
 */
import { inArray, sql } from 'drizzle-orm';
import { maskContact } from '../../shared/format.js';
import type { Queryable } from '../db/index.js';
import { activityNames } from './ports.js';
import { members } from '../member/index.js';
import { orderItems } from './schema.js';

export interface Campaign {
  discount: number;
  activityNames: string[];
  couponUsed: boolean;
  memberId: number | null;
  memberNickname: string | null;
  memberPhone: string | null;
}

/**
 * Each order's campaign fields, in the rows' order. `mask`: a list hides the
 * member's phone's middle digits (the detail shows it whole).
 */
export async function withCampaign<R extends { id: number; memberId: number | null }>(
  db: Queryable,
  rows: readonly R[],
  mask: boolean,
): Promise<(R & Campaign)[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const memberIds = [...new Set(rows.flatMap((r) => (r.memberId === null ? [] : [r.memberId])))];
  const [lines, buyers] = await Promise.all([
    db
      .select({
        orderId: orderItems.orderId,
        discount: sql<number>`${orderItems.listPrice} * ${orderItems.count} - ${orderItems.amount}`,
        activityIds: orderItems.activityIds,
        coupon: sql<boolean>`${orderItems.couponId} is not null`,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids)),
    memberIds.length
      ? db
          .select({ id: members.id, nickname: members.nickname, phone: members.phone })
          .from(members)
          .where(inArray(members.id, memberIds))
      : Promise.resolve([]),
  ]);
  const byOrder = new Map<number, { discount: number; activityIds: Set<number>; couponUsed: boolean }>();
  for (const l of lines) {
    const o = byOrder.get(l.orderId) ?? { discount: 0, activityIds: new Set<number>(), couponUsed: false };
    o.discount += Number(l.discount);
    for (const a of l.activityIds) o.activityIds.add(a);
    o.couponUsed ||= l.coupon;
    byOrder.set(l.orderId, o);
  }
  // The activity domain, built on orders, names them.
  const allIds = [...new Set(lines.flatMap((l) => l.activityIds))];
  const named = new Map((allIds.length ? await activityNames.use()(db, allIds) : []).map((a) => [a.id, a.name]));
  const buyerOf = new Map(buyers.map((m) => [m.id, m]));
  return rows.map((r) => {
    const p = byOrder.get(r.id);
    const buyer = r.memberId === null ? undefined : buyerOf.get(r.memberId);
    return {
      ...r,
      discount: p?.discount ?? 0,
      activityNames: [...(p?.activityIds ?? [])].flatMap((id) => named.get(id) ?? []),
      couponUsed: p?.couponUsed ?? false,
      memberNickname: buyer?.nickname ?? null,
      memberPhone: buyer ? (mask ? maskContact(buyer.phone) : buyer.phone) : null,
    };
  });
}
