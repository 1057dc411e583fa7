/**
 * The demo's activities have a history (server/activity/demo-history.ts):
 * the running ones show orders and discount, every priced sale agrees with
 * its items and its uses, the group-only offer went to the group's members
 * alone, and the sales rollups still equal the orders.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, activityUses } from '../../../server/activity/schema.js';
import { groupMembers } from '../../../server/group/index.js';
import { members, pointEntries } from '../../../server/member/index.js';
import { pointLots } from '../../../server/member/schema.js';
import { orderItems, orders } from '../../../server/order/index.js';
import { suiteApp } from '../helpers.js';
import { actualRollups, differences, expectedRollups } from '../dashboard/truth.js';

const t = suiteApp(['tenant1']);
const demoActivity = async (name: string) =>
  (await t.db.select().from(activities).where(eq(activities.name, name)))[0]!;

describe('the demo activities’ history', () => {
  it('the group-only offer, the full reduction and last month’s lunch offer each priced sales', async () => {
    for (const name of ['园区员工饮料 8 折', '咖啡满 20 减 3', '十一午餐饮料折扣']) {
      const a = await demoActivity(name);
      const r = await t.ok('activity.results', { params: { id: a.id } }, t.token.tenant1);
      expect(r.orders, name).toBeGreaterThan(0);
      expect(r.discount, name).toBeGreaterThan(0);
      expect(r.days.length, name).toBeGreaterThan(0);
    }
    // Not begun: nothing.
    const festival = await demoActivity('春节饮料特价');
    expect((await t.ok('activity.results', { params: { id: festival.id } }, t.token.tenant1)).orders).toBe(0);
  });

  it('each priced sale: its amount is its items’, its discount its uses’, each use dated with its sale', async () => {
    const uses = await t.db.select().from(activityUses);
    expect(uses.length).toBeGreaterThan(0);
    const ids = [...new Set(uses.map((u) => u.orderId))];
    const sold = await t.db.select().from(orders).where(inArray(orders.id, ids));
    const items = await t.db.select().from(orderItems).where(inArray(orderItems.orderId, ids));
    for (const o of sold) {
      const mine = items.filter((i) => i.orderId === o.id);
      const listed = mine.reduce((sum, i) => sum + i.listPrice * i.count, 0);
      expect(o.amount).toBe(mine.reduce((sum, i) => sum + i.amount, 0));
      expect(o.receivedAmount).toBe(o.amount);
      const discount = uses.filter((u) => u.orderId === o.id).reduce((sum, u) => sum + u.discount, 0);
      expect(listed - o.amount, o.number).toBe(discount);
      expect(mine.some((i) => (i.activityIds ?? []).length > 0)).toBe(true);
      for (const u of uses.filter((x) => x.orderId === o.id)) expect(u.createdAt.getTime()).toBe(o.createdAt.getTime());
    }
  });

  it('the group-only offer went to members of its group alone, who signed up before and earned points for those sales', async () => {
    const a = await demoActivity('园区员工饮料 8 折');
    const uses = await t.db.select().from(activityUses).where(eq(activityUses.activityId, a.id));
    const claimed = await t.db
      .select({ memberId: groupMembers.memberId })
      .from(groupMembers)
      .where(eq(groupMembers.state, 'activated'));
    const inGroup = new Set(claimed.map((c) => c.memberId));
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) expect(inGroup.has(u.memberId)).toBe(true);
    const sold = uses.map((u) => u.orderId);
    const earned = await t.db
      .select({ memberId: pointEntries.memberId, at: pointEntries.createdAt, sold: orders.createdAt })
      .from(pointEntries)
      .innerJoin(orders, eq(orders.id, pointEntries.orderId))
      .where(inArray(pointEntries.orderId, sold));
    expect(earned.length).toBeGreaterThan(0);
    // Each earn and its lot dated with its sale, after the member signed up.
    const signedUp = new Map(
      (await t.db.select({ id: members.id, at: members.registeredAt }).from(members)).map((m) => [m.id, m.at]),
    );
    const lots = await t.db
      .select({ at: pointLots.createdAt, sold: orders.createdAt })
      .from(pointLots)
      .innerJoin(orders, eq(orders.id, pointLots.orderId))
      .where(inArray(pointLots.orderId, sold));
    expect(lots.length).toBe(earned.length);
    for (const l of lots) expect(l.at.getTime()).toBe(l.sold.getTime());
    for (const e of earned) {
      expect(e.at.getTime()).toBe(e.sold.getTime());
      expect(signedUp.get(e.memberId)!.getTime()).toBeLessThan(e.sold.getTime());
    }
    const anonymous = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, sold), sql`${orders.memberId} is null`));
    expect(anonymous).toEqual([]);
  });

  it('the sales rollups equal the orders after the history was priced', async () => {
    expect(differences(await expectedRollups(t.db), await actualRollups(t.db))).toEqual([]);
  });
});
