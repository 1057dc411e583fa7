/**
 * A dry run (`activity.dryRun`): the last days' paid sales of the activity's
 * devices replayed through the engine with the unsaved activity alone, each
 * against its price without activities — how many it would have changed and
 * by how much, before anyone sees a new price. The replay keeps the
 * activity's limits and budget as they would have run out, sale after sale
 * in time order; a purchase limit counts by calendar period (a rolling one
 * is replayed as calendar periods); a member's first paid order of the
 * tenant is a new user's. Its time window is not applied (the point is to
 * see it at work on real sales); its weekdays and hours are.
 */
import { businessWall } from '../../shared/business-time.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  draftPricingRule,
  keepTypeFields,
  priceBasket,
  type ActivityRule,
  type BasketLine,
  type DryRunAnswer,
} from '../../shared/activity/index.js';
import type { Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { owningTenant } from '../tenant/index.js';
import { groupMembers, groups } from '../group/index.js';
import { orderItems, orders } from '../order/schema.js';
import { sceneDevices } from '../scene/schema.js';
import { checkRefs } from './choices.js';
import { draftGrades } from './pricing.js';
import { members } from '../member/index.js';

const DAY = 86_400_000;
type Period = 'daily' | 'weekly' | 'monthly' | 'yearly';

/** The calendar period (China time) an instant falls in, as a key. */
function periodKey(at: Date, period: Period): string {
  const local = businessWall(at);
  const day = local.toISOString().slice(0, 10);
  if (period === 'daily') return day;
  if (period === 'monthly') return day.slice(0, 7);
  if (period === 'yearly') return day.slice(0, 4);
  const monday = new Date(local.getTime() - ((local.getUTCDay() + 6) % 7) * DAY);
  return monday.toISOString().slice(0, 10);
}

interface SaleRow {
  id: number;
  member_id: number | null;
  platform: string;
  created_at: string | Date;
  customer_staff: boolean;
  product_id: number;
  count: number;
  list_price: number;
  unit_price: number;
  channel: number;
}

export async function dryRun(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  input: { draft: ActivityRule; days: number },
) {
  const tenantId = await owningTenant(db, user, scope, input.draft.tenantId);
  await checkRefs(db, tenantId, input.draft);
  const a = keepTypeFields(input.draft);
  const deviceIds =
    a.target === 'devices'
      ? a.deviceIds
      : (
          await db
            .selectDistinct({ id: sceneDevices.deviceId })
            .from(sceneDevices)
            .where(inArray(sceneDevices.sceneId, a.sceneIds))
        ).map((d) => d.id);
  const to = new Date();
  const from = new Date(to.getTime() - input.days * DAY);
  const answer: DryRunAnswer = {
    from: from.toISOString(),
    to: to.toISOString(),
    sales: 0,
    changed: 0,
    before: 0,
    after: 0,
    discount: 0,
    members: 0,
  };
  if (!deviceIds.length) return answer;
  // One statement: the sales and their lines in time order (the orders' device and time index).
  const rows = await rowsOf<SaleRow>(
    db,
    sql`select o.id, o.member_id, o.platform, o.created_at, o.customer_staff,
        i.product_id, i.count, i.list_price, i.unit_price, i.channel
      from ${orders} o join ${orderItems} i on i.order_id = o.id
      where o.device_id in ${sql.raw(`(${deviceIds.map(Number).join(',')})`)}
        and o.created_at >= ${from} and o.created_at < ${to}
        and o.kind = 'sale' and o.payment_state = 'success' and i.product_id is not null
      order by o.created_at, o.id, i.id`,
  );
  const memberIds = [...new Set(rows.flatMap((r) => (r.member_id === null ? [] : [r.member_id])))];
  const inGroups = new Map<number, number[]>();
  const firstPaid = new Map<number, number>();
  if (memberIds.length) {
    const belongs = await db
      .select({ memberId: groupMembers.memberId, groupId: groupMembers.groupId })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(
        and(inArray(groupMembers.memberId, memberIds), eq(groupMembers.state, 'activated'), eq(groups.state, 'normal')),
      );
    for (const b of belongs) inGroups.set(b.memberId!, [...(inGroups.get(b.memberId!) ?? []), b.groupId]);
    const firsts = await db
      .select({ memberId: orders.memberId, first: sql<number>`min(${orders.id})::int` })
      .from(orders)
      .where(
        and(inArray(orders.memberId, memberIds), eq(orders.tenantId, tenantId), eq(orders.paymentState, 'success')),
      )
      .groupBy(orders.memberId);
    for (const f of firsts) firstPaid.set(f.memberId!, f.first);
  }
  // A member's grade is today's (a replay does not know what it was at each sale).
  const gradeOf = new Map<number, number | null>();
  if (memberIds.length)
    for (const m of await db
      .select({ id: members.id, grade: members.gradeId })
      .from(members)
      .where(inArray(members.id, memberIds)))
      gradeOf.set(m.id, m.grade);
  const rule = draftPricingRule(a, 0, await draftGrades(db, a.minGradeId));
  const limit = a.purchaseLimit && a.purchaseLimit.period !== 'unlimited' ? a.purchaseLimit : null;
  const units = new Map<string, number>();
  const orders_ = new Map<number, number>();
  let given = 0;
  let uses = 0;
  const changedMembers = new Set<number>();
  for (let i = 0; i < rows.length;) {
    const sale = rows[i]!;
    const lines: BasketLine[] = [];
    for (; i < rows.length && rows[i]!.id === sale.id; i++) {
      const r = rows[i]!;
      lines.push({
        key: lines.length + 1,
        productId: r.product_id,
        count: r.count,
        price: r.list_price,
        staffPrice: r.customer_staff ? r.unit_price : null,
      });
    }
    const at = new Date(sale.created_at);
    const member = sale.member_id;
    const key = member !== null && limit ? `${member}:${periodKey(at, limit.period as Period)}` : '';
    const live = {
      ...rule,
      unitsLeft: limit ? Math.max(0, (limit.count ?? 0) - (units.get(key) ?? 0)) : null,
      usable:
        (a.budgetUses === undefined || uses < a.budgetUses) &&
        (a.participationLimit === undefined || (member !== null && (orders_.get(member) ?? 0) < a.participationLimit)),
      amountLeft: a.budgetAmount === undefined ? null : Math.max(0, a.budgetAmount - given),
    };
    const customer = {
      known: member !== null,
      newUser: member !== null && firstPaid.get(member) === sale.id,
      groups: member === null ? [] : (inGroups.get(member) ?? []),
      grade: member === null ? null : (gradeOf.get(member) ?? null),
    };
    const base = { lines, coupons: [], customer, at, platform: sale.platform };
    const without = priceBasket({ ...base, rules: [] });
    const withIt = priceBasket({ ...base, rules: [live] });
    answer.sales += 1;
    answer.before += without.total;
    answer.after += withIt.total;
    if (withIt.total < without.total) {
      const off = without.total - withIt.total;
      answer.changed += 1;
      answer.discount += off;
      given += off;
      uses += 1;
      if (member !== null) {
        changedMembers.add(member);
        orders_.set(member, (orders_.get(member) ?? 0) + 1);
        if (limit)
          units.set(
            key,
            (units.get(key) ?? 0) + withIt.applied.reduce((s, x) => s + (x.lane === 'price' ? x.units : 0), 0),
          );
      }
    }
  }
  answer.members = changedMembers.size;
  return answer;
}
