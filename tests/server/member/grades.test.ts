/**
 * Member grades (shared/member/grades.ts): the ladder and its limits, the regrade by spend over the window
 * (refunds taken off, the nightly run for every tenant), the points a grade multiplies, and tier-only
 * activities pricing only the grade and those above.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { activities } from '../../../server/activity/index.js';
import { regrade, regradeAll } from '../../../server/member/grades.js';
import { memberGrades, members } from '../../../server/member/index.js';
import { orders } from '../../../server/order/index.js';
import { suiteApp } from '../helpers.js';
import { activityBody, SERIAL as SPARE, stockMachine } from '../activity/support.js';
import { memberSession, sell, settleNow, stock } from './support.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin'], { deviceLimit: { requests: 10_000, windowMs: 60_000 } });
const A = () => t.ids.tenant('A');
const SERIAL = 'VM2026000101';

beforeEach(async () => {
  await t.db.delete(activities).where(eq(activities.tenantId, A()));
  await t.db.delete(memberGrades);
});

const save = (body: object, token = t.token.tenant1) => t.call('member.saveGrade', { body: body as never }, token);
const ladder = () => t.ok('member.grades', { body: {} }, t.token.tenant1);
const SILVER = { name: '银卡会员', minSpend: 2_000, pointsPercent: 120 };
const GOLD = { name: '金卡会员', minSpend: 5_000, pointsPercent: 150 };
const fieldsOf = (res: { body: { content: unknown } }) => Object.keys((res.body.content as { fields: object }).fields);

/** A member of tenant A who bought `sales` times at ¥12.50 on the stocked machine. */
async function buyer(sales: number) {
  await stock(t, SERIAL);
  const session = await memberSession(t, A());
  const made = [];
  for (let i = 0; i < sales; i++) made.push((await sell(t, SERIAL, { memberId: session.member.id })).body.content);
  return { ...session, sales: made };
}
const gradeOf = async (memberId: number) =>
  (await t.db.select({ g: members.gradeId }).from(members).where(eq(members.id, memberId)))[0]!.g;

describe('member.saveGrade', () => {
  it('keeps a ladder lowest first, refuses a name or a spend twice at its field, and changes a grade in place', async () => {
    await save(GOLD);
    const after = await t.ok('member.saveGrade', { body: SILVER }, t.token.tenant1);
    expect(after.grades.map((g) => g.name)).toEqual([SILVER.name, GOLD.name]);
    expect(after).toMatchObject({ windowDays: 365 });
    expect(after.gradedAt).not.toBeNull();
    const twice = await save({ ...SILVER, minSpend: 9_000 });
    expect(twice.body.code).toBe(CODE.badRequest);
    expect(fieldsOf(twice)).toEqual(['name']);
    const sameSpend = await save({ ...SILVER, name: '铂金会员' });
    expect(fieldsOf(sameSpend)).toEqual(['minSpend']);
    for (const [field, bad] of [
      ['pointsPercent', 99],
      ['pointsPercent', 1001],
      ['minSpend', -1],
      ['name', ' '],
    ] as const)
      expect(fieldsOf(await save({ ...SILVER, name: '新等级', minSpend: 7_000, [field]: bad }))).toEqual([field]);
    const silver = after.grades[0]!;
    const changed = await t.ok(
      'member.saveGrade',
      { body: { ...SILVER, id: silver.id, pointsPercent: 130 } },
      t.token.tenant1,
    );
    expect(changed.grades[0]).toMatchObject({ id: silver.id, pointsPercent: 130 });
    // Another tenant's grade is not the caller's to change.
    const foreign = await save({ ...SILVER, id: silver.id, name: '别人的' }, t.token.tenant2);
    expect(foreign.status).toBe(404);
  });

  it('holds at most ten grades however many saves come at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) => save({ name: `等级${i}`, minSpend: i * 1_000, pointsPercent: 100 })),
    );
    expect(results.filter((r) => r.body.code === CODE.ok)).toHaveLength(10);
    for (const r of results.filter((x) => x.body.code !== CODE.ok)) expect(fieldsOf(r)).toEqual(['name']);
    expect((await ladder()).grades).toHaveLength(10);
  });

  it('asks the admin to name the tenant', async () => {
    expect((await save(SILVER, t.token.admin)).body.code).toBe(CODE.tenantRequired);
    const named = await t.ok('member.saveGrade', { body: { ...SILVER, tenantId: A() } }, t.token.admin);
    expect(named.tenantId).toBe(A());
  });
});

describe('member.grades', () => {
  it("shows a tenant its own ladder only, and another tenant's as 1401", async () => {
    await save(SILVER);
    expect((await t.ok('member.grades', { body: {} }, t.token.tenant2)).grades).toEqual([]);
    const res = await t.call('member.grades', { body: { tenantId: A() } }, t.token.tenant2);
    expect(res.body.code).toBe(CODE.tenantNotFound);
  });
});

describe('member.regrade', () => {
  it('grades by spend paid less refunded over the window, and moves a member down once a refund is asked', async () => {
    await save(SILVER);
    await save(GOLD);
    const two = await buyer(2); // ¥25: silver
    const four = await buyer(4); // ¥50: gold
    const none = await buyer(1); // ¥12.50: below every grade
    const graded = await t.ok('member.regrade', { body: {} }, t.token.tenant1);
    // The demo's members of tenant A are graded too: each grade counts what the members table holds.
    for (const g of graded.grades)
      expect(g.members).toBe((await t.db.select().from(members).where(eq(members.gradeId, g.id))).length);
    expect(await gradeOf(two.member.id)).toBe(graded.grades[0]!.id);
    expect(await gradeOf(four.member.id)).toBe(graded.grades[1]!.id);
    expect(await gradeOf(none.member.id)).toBeNull();
    const info = await t.ok('member.info', { params: { id: four.member.id } }, t.token.tenant1);
    expect(info.gradeName).toBe(GOLD.name);

    const [order] = await t.db.select().from(orders).where(eq(orders.number, four.sales[0]!.orderNumber));
    await t.ok(
      'refund.create',
      { params: { id: order!.id }, body: { reason: '少出一瓶', amount: 1250 } },
      t.token.tenant1,
    );
    // A refund asked counts at once (the order's refunded amount): ¥37.50 is silver.
    await t.ok('member.regrade', { body: {} }, t.token.tenant1);
    expect(await gradeOf(four.member.id)).toBe(graded.grades[0]!.id);
    await settleNow(t, order!.id);
    await t.ok('member.regrade', { body: {} }, t.token.tenant1);
    expect(await gradeOf(four.member.id)).toBe(graded.grades[0]!.id);
  });
});

describe('member.saveGradeWindow', () => {
  it('counts only the window: a night far ahead finds nobody graded, and the nightly run covers every tenant', async () => {
    await save(SILVER);
    const two = await buyer(2);
    const far = new Date(Date.now() + 40 * 86_400_000);
    await t.ok('member.saveGradeWindow', { body: { windowDays: 30 } }, t.token.tenant1);
    expect(await gradeOf(two.member.id)).not.toBeNull();
    expect(await t.db.transaction((tx) => regrade(tx, A(), far))).toBeGreaterThanOrEqual(1);
    expect(await gradeOf(two.member.id)).toBeNull();
    expect(await regradeAll(t.db)).toBeGreaterThanOrEqual(1);
    expect(await gradeOf(two.member.id)).not.toBeNull();
    // Run again, nobody moves.
    expect(await regradeAll(t.db)).toBe(0);
    const bad = await t.call('member.saveGradeWindow', { body: { windowDays: 29 } }, t.token.tenant1);
    expect(fieldsOf(bad)).toEqual(['windowDays']);
  });
});

describe('points a grade multiplies', () => {
  it('earns half again for a member of a 150 % grade', async () => {
    await save({ ...SILVER, minSpend: 0, pointsPercent: 150 });
    const { member, token } = await buyer(0);
    await t.ok('member.regrade', { body: {} }, t.token.tenant1);
    const sale = await sell(t, SERIAL, { memberId: member.id });
    expect(sale.body.content).toMatchObject({ amount: 1250, points: 18 });
    const me = await t.ok('member.me', {}, token);
    expect(me).toMatchObject({ points: 18, grade: { name: SILVER.name, pointsPercent: 150 } });
  });
});

describe('member.deleteGrade', () => {
  it('refuses a grade an activity is for (2406), then removes it and regrades its members', async () => {
    const machine = await stockMachine(t);
    const { grades } = await t.ok('member.saveGrade', { body: { ...SILVER, minSpend: 0 } }, t.token.tenant1);
    const { member } = await buyer(0);
    await t.ok('member.regrade', { body: {} }, t.token.tenant1);
    expect(await gradeOf(member.id)).toBe(grades[0]!.id);
    const activity = await t.ok(
      'activity.create',
      { body: activityBody(machine.deviceId, machine.productA, { minGradeId: grades[0]!.id }) as never },
      t.token.tenant1,
    );
    // Another tenant's grade is none of the caller's.
    expect((await t.call('member.deleteGrade', { params: { id: grades[0]!.id } }, t.token.tenant2)).status).toBe(404);
    const refused = await t.call('member.deleteGrade', { params: { id: grades[0]!.id } }, t.token.tenant1);
    expect(refused.body.code).toBe(CODE.gradeInUse);
    await t.db.delete(activities).where(eq(activities.id, activity.id));
    const after = await t.ok('member.deleteGrade', { params: { id: grades[0]!.id } }, t.token.tenant1);
    expect(after.grades).toEqual([]);
    expect(await gradeOf(member.id)).toBeNull();
  });
});

describe('a tier-only activity', () => {
  it('prices its grade and those above, nobody else; names only a grade of its tenant', async () => {
    const machine = await stockMachine(t);
    await save(SILVER);
    const { grades } = await t.ok(
      'member.saveGrade',
      { body: { ...GOLD, minSpend: 0, name: '普通会员' } },
      t.token.tenant1,
    );
    const [plain, silver] = grades; // ¥0 and ¥20
    const foreign = await t.ok('member.saveGrade', { body: SILVER }, t.token.tenant2);
    const wrong = await t.call(
      'activity.create',
      { body: activityBody(machine.deviceId, machine.productA, { minGradeId: foreign.grades[0]!.id }) as never },
      t.token.tenant1,
    );
    expect(wrong.status).toBe(404);
    const made = await t.ok(
      'activity.create',
      { body: activityBody(machine.deviceId, machine.productA, { minGradeId: silver!.id }) as never },
      t.token.tenant1,
    );
    expect(made.minGrade).toEqual({ id: silver!.id, name: SILVER.name });
    const rich = await memberSession(t, A());
    const poor = await memberSession(t, A());
    await t.db.update(members).set({ gradeId: silver!.id }).where(eq(members.id, rich.member.id));
    await t.db.update(members).set({ gradeId: plain!.id }).where(eq(members.id, poor.member.id));
    const priceFor = async (token?: string) => {
      const sale = await t.ok(
        'activity.basketPrice',
        { body: { deviceId: machine.deviceId, items: [{ channel: 1, count: 1 }] } },
        token,
      );
      return sale.total;
    };
    expect(await priceFor(rich.token)).toBe(700);
    expect(await priceFor(poor.token)).toBe(1000);
    const anonymous = await sell(t, SPARE, {});
    expect(anonymous.body.content).toMatchObject({ amount: 1000 });
  });
});
