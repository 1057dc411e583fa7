/**
 * Sign-up and birthday rewards (server/activity/rewards.ts): set by the tenant (a coupon activity of its own
 * only), given by the recurring job once per member — a sign-up once ever, to members who signed up after it
 * was set; a birthday once a year, on the day — points and a coupon while the activity has some.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businessDay } from '../../../shared/business-time.js';
import { CODE } from '../../../shared/domains.js';
import { grantRewards } from '../../../server/activity/rewards.js';
import { balanceOf, members } from '../../../server/member/index.js';
import { suiteApp } from '../helpers.js';
import { memberSession } from '../member/support.js';
import { activityBody, freshMachine } from './support.js';

const t = suiteApp(['tenant1', 'tenant2']);
const m = freshMachine(t);
const A = () => t.ids.tenant('A');

const couponActivity = (quantity: number, token = t.token.tenant1) =>
  t.ok(
    'activity.create',
    {
      body: activityBody(m().deviceId, m().productA, {
        type: 'coupon',
        products: [{ productId: m().productA }],
        coupon: { type: 'reduction', amount: 200, quantity, validDays: 7 } as never,
      }) as never,
    },
    token,
  );
const save = (signUp: object, birthday: object, token = t.token.tenant1) =>
  t.call(
    'activity.saveRewards',
    {
      body: {
        rewards: [
          { kind: 'signUp', points: 0, activityId: null, ...signUp },
          { kind: 'birthday', points: 0, activityId: null, ...birthday },
        ],
      },
    },
    token,
  );
const coupons = async (token: string) => (await t.ok('activity.myCoupons', { query: {} }, token)).total;

describe('activity.saveRewards', () => {
  it("keeps the tenant's rewards; an activity that gives no coupon of its own is refused at its field", async () => {
    const a = await couponActivity(10);
    expect((await save({ points: 50 }, { activityId: a.id })).body.code).toBe(CODE.ok);
    const discount = await t.ok(
      'activity.create',
      { body: activityBody(m().deviceId, m().productA) as never },
      t.token.tenant1,
    );
    for (const activityId of [discount.id, a.id + 100_000]) {
      const bad = await save({ points: 50 }, { activityId });
      expect(bad.body.code).toBe(CODE.badRequest);
      expect(Object.keys((bad.body.content as { fields: object }).fields)).toEqual(['rewards.1.activityId']);
    }
    expect((await save({ activityId: a.id }, {}, t.token.tenant2)).body.code).toBe(CODE.badRequest);
    expect((await save({ points: 100_001 }, {})).body.code).toBe(CODE.badRequest);
  });
});

describe('activity.rewards', () => {
  it('answers both kinds with what was given; another tenant reads its own', async () => {
    const a = await couponActivity(10);
    await save({ points: 30 }, { points: 20, activityId: a.id });
    const rewards = await t.ok('activity.rewards', { body: {} }, t.token.tenant1);
    expect(rewards.map((x) => [x.kind, x.points, x.activityName])).toEqual([
      ['signUp', 30, null],
      ['birthday', 20, a.name],
    ]);
    expect((await t.ok('activity.rewards', { body: {} }, t.token.tenant2)).map((x) => x.points)).toEqual([0, 0]);
  });
});

describe('the rewards job', () => {
  it('gives a new member its sign-up points once, and a member on its birthday points and a coupon once a year', async () => {
    const a = await couponActivity(10);
    await save({ points: 50 }, { points: 20, activityId: a.id });
    const newcomer = await memberSession(t, A());
    const born = await memberSession(t, A());
    const notToday = await memberSession(t, A());
    const today = businessDay();
    await t.db
      .update(members)
      .set({ birthday: `1990-${today.slice(5)}` })
      .where(eq(members.id, born.member.id));
    await t.db
      .update(members)
      .set({ birthday: '1990-01-01' === `1990-${today.slice(5)}` ? '1990-01-02' : '1990-01-01' })
      .where(eq(members.id, notToday.member.id));
    const points = (id: number) => balanceOf(t.db, id, new Date());
    const before = await points(born.member.id);
    for (let run = 0; run < 2; run++) await grantRewards(t.db);
    expect(await points(newcomer.member.id)).toBe(50);
    // Signed up after the rewards were set too: its sign-up points, and its birthday's.
    expect(await points(born.member.id)).toBe(before + 50 + 20);
    expect(await coupons(born.token)).toBe(1);
    expect(await coupons(notToday.token)).toBe(0);
    const given = await t.ok('activity.rewards', { body: {} }, t.token.tenant1);
    expect(given.find((x) => x.kind === 'birthday')!.given).toBeGreaterThanOrEqual(1);
  });
});
