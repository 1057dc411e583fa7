/**
 * The demo's activities, tenant A's at People's Square: the software-park
 * staff's 20 % off drinks at the drinks machine (a group-only activity),
 * ¥3 off a ¥20 coffee order for the last two weeks, a Spring Festival
 * special not yet started, and last month's expired lunch offer — so the
 * list shows each state; the machines' sales since then are priced by them
 * (demo-history.ts).
 */
import { BUSINESS_UTC_OFFSET_MS } from '../../shared/business-time.js';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DemoData } from '../manifest.js';
import { deviceChannels } from '../device/index.js';
import { groupMembers, groups } from '../group/index.js';
import { regrade } from '../member/index.js';
import { priceDemoHistory } from './demo-history.js';
import { activities, activityDevices, activityGroups, activityProducts } from './schema.js';

const DAY = 86_400_000;

export const activityDemo: DemoData = {
  after: ['tenant', 'device', 'product', 'group', 'order'],
  async load({ tx, ids }) {
    const tenantId = ids.get('tenant', 'A');
    const drinks = ids.get('device', 'VM2026000105');
    const coffee = ids.get('device', 'VM2026000104');
    const productsAt = async (deviceId: number) =>
      (
        await tx
          .select({ productId: deviceChannels.productId, price: deviceChannels.price })
          .from(deviceChannels)
          .where(and(eq(deviceChannels.deviceId, deviceId), isNotNull(deviceChannels.productId)))
          .orderBy(asc(deviceChannels.number))
      ).filter((p, i, all) => all.findIndex((q) => q.productId === p.productId) === i);
    const [staff] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.tenantId, tenantId), eq(groups.name, '浦东软件园员工')));
    const now = Date.now();
    const day = (n: number) => new Date(Math.floor(now / DAY) * DAY + n * DAY - BUSINESS_UTC_OFFSET_MS);
    const base = { tenantId, target: 'devices' as const, crowd: 'everyone' as const };
    const made = await tx
      .insert(activities)
      .values([
        {
          ...base,
          name: '园区员工饮料 8 折',
          type: 'discountOffer',
          tag: '员工专享',
          rate: 80,
          crowd: 'inGroups',
          startAt: day(-10),
          endAt: day(60),
        },
        {
          ...base,
          name: '咖啡满 20 减 3',
          type: 'fullReduction',
          tag: '满减',
          threshold: 2000,
          reduction: 300,
          startAt: day(-14),
          endAt: day(30),
        },
        {
          ...base,
          name: '春节饮料特价',
          type: 'discount',
          tag: '节日特价',
          startAt: day(45),
          endAt: day(60),
          purchaseLimit: { period: 'daily', count: 2, refresh: 'calendar' },
        },
        {
          ...base,
          name: '十一午餐饮料折扣',
          type: 'discountOffer',
          tag: '午间',
          rate: 90,
          startAt: day(-60),
          endAt: day(-30),
          weekdays: [1, 2, 3, 4, 5],
          hours: { from: 660, to: 840 },
        },
      ])
      .returning({ id: activities.id });
    const [groupOnly, reduction, festival, lunch] = made.map((m) => m.id);
    const drinkProducts = await productsAt(drinks);
    const coffeeProducts = await productsAt(coffee);
    await tx.insert(activityDevices).values([
      { activityId: groupOnly!, deviceId: drinks },
      { activityId: reduction!, deviceId: coffee },
      { activityId: festival!, deviceId: drinks },
      { activityId: lunch!, deviceId: drinks },
    ]);
    const named = [
      ...drinkProducts.map((p) => ({ activityId: groupOnly!, productId: p.productId! })),
      ...coffeeProducts.map((p) => ({ activityId: reduction!, productId: p.productId! })),
      ...drinkProducts.slice(0, 3).map((p) => ({
        activityId: festival!,
        productId: p.productId!,
        price: Math.max(1, Math.round((p.price ?? 0) * 0.7)),
      })),
      ...drinkProducts.map((p) => ({ activityId: lunch!, productId: p.productId! })),
    ];
    if (named.length) await tx.insert(activityProducts).values(named);
    if (staff) await tx.insert(activityGroups).values({ activityId: groupOnly!, groupId: staff.id });
    const claimed = staff
      ? await tx
          .select({ memberId: groupMembers.memberId })
          .from(groupMembers)
          .where(and(eq(groupMembers.groupId, staff.id), eq(groupMembers.state, 'activated')))
          .orderBy(asc(groupMembers.memberId))
      : [];
    // The sales since the lunch offer began, priced by what was live at each (demo-history.ts).
    await priceDemoHistory(tx, {
      deviceIds: [drinks, coffee],
      since: day(-60),
      members: claimed.flatMap((c) => (c.memberId === null ? [] : [c.memberId])),
    });
    // Tenant A's members graded by the history just priced, as the nightly run would (server/member/grades.ts).
    await regrade(tx, ids.get('tenant', 'A'));
  },
};
