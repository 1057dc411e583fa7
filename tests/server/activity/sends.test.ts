/**
 * Coupons sent to a customer group (server/activity/sends.ts): each activated member of the group gets one,
 * once whatever is resent, within the activity's quantity; the member holds it; the results count it; an
 * activity that is no active coupon activity and another tenant's group are refused.
 */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { sandboxCode } from '../../../server/member/index.js';
import { suiteApp } from '../helpers.js';
import { provePhone } from '../member/support.js';
import { activityBody, freshMachine } from './support.js';

const t = suiteApp(['tenant1', 'tenant2']);
const m = freshMachine(t);
let made = 0;

const couponActivity = (quantity: number, over: object = {}) =>
  t.ok(
    'activity.create',
    {
      body: activityBody(m().deviceId, m().productA, {
        type: 'coupon',
        products: [{ productId: m().productA }],
        coupon: { type: 'reduction', amount: 200, quantity, validDays: 7 } as never,
        ...over,
      }) as never,
    },
    t.token.tenant1,
  );

/** A group of tenant A whose `people` members proved their phones (activated) and one phone no one holds yet. */
async function groupOf(people: number, token = t.token.tenant1) {
  const g = await t.ok(
    'group.create',
    {
      body: {
        name: `发券分组${process.pid}-${++made}`,
        definition: '发券测试',
        identifier: 'phone',
        importMethod: 'preImport',
      } as never,
    },
    token,
  );
  const phones = Array.from(
    { length: people + 1 },
    (_, i) => `1376${String(process.pid % 1000).padStart(3, '0')}${String(made * 10 + i).padStart(4, '0')}`,
  );
  await t.ok('group.addMembers', { params: { id: g.id }, body: { identifiers: phones } }, token);
  const ids: number[] = [];
  for (const phone of phones.slice(0, people)) {
    const signed = await t.ok('member.signIn', {
      body: { tenantId: t.ids.tenant('A'), code: sandboxCode(`send-${process.pid}-${phone}`) },
    });
    await provePhone(t, signed.token, phone);
    ids.push(signed.member.id);
  }
  return { id: g.id, members: ids };
}

describe('activity.sendCoupons', () => {
  it('sends each activated member one coupon, once whatever is resent, and the results count them', async () => {
    const a = await couponActivity(10);
    const g = await groupOf(3);
    const first = await t.ok(
      'activity.sendCoupons',
      { params: { id: a.id }, body: { groupId: g.id, validDays: 3 } },
      t.token.tenant1,
    );
    expect(first).toMatchObject({ sent: 3, already: 0, leftOut: 0, validDays: 3, groupId: g.id });
    const again = await t.ok(
      'activity.sendCoupons',
      { params: { id: a.id }, body: { groupId: g.id } },
      t.token.tenant1,
    );
    expect(again).toMatchObject({ sent: 0, already: 3, leftOut: 0, validDays: 7 });
    const results = await t.ok('activity.results', { params: { id: a.id } }, t.token.tenant1);
    expect(results).toMatchObject({ couponsIssued: 3, couponsSent: 3 });
  });

  it('stops at the quantity and counts whom it left out', async () => {
    const a = await couponActivity(2);
    const g = await groupOf(3);
    expect(
      await t.ok('activity.sendCoupons', { params: { id: a.id }, body: { groupId: g.id } }, t.token.tenant1),
    ).toMatchObject({ sent: 2, already: 0, leftOut: 1 });
  });

  it('refuses an activity that is no coupon activity (3418) and a group of another tenant (3402)', async () => {
    const discount = await t.ok(
      'activity.create',
      { body: activityBody(m().deviceId, m().productA) as never },
      t.token.tenant1,
    );
    const g = await groupOf(1);
    expect(
      await t.code('activity.sendCoupons', { params: { id: discount.id }, body: { groupId: g.id } }, t.token.tenant1),
    ).toBe(CODE.couponNotClaimable);
    const a = await couponActivity(5);
    const theirs = await t.ok(
      'group.create',
      {
        body: {
          name: `他人分组${++made}`,
          definition: '他人',
          identifier: 'phone',
          importMethod: 'preImport',
        } as never,
      },
      t.token.tenant2,
    );
    expect(
      await t.code('activity.sendCoupons', { params: { id: a.id }, body: { groupId: theirs.id } }, t.token.tenant1),
    ).toBe(CODE.groupNotFound);
    expect(
      await t.code('activity.sendCoupons', { params: { id: a.id }, body: { groupId: g.id } }, t.token.tenant2),
    ).toBe(CODE.activityNotFound);
  });
});

describe('activity.sends', () => {
  it("lists an activity's sends newest first with who sent them; another tenant gets 3410", async () => {
    const a = await couponActivity(10);
    const g = await groupOf(1);
    await t.ok('activity.sendCoupons', { params: { id: a.id }, body: { groupId: g.id } }, t.token.tenant1);
    await t.ok('activity.sendCoupons', { params: { id: a.id }, body: { groupId: g.id } }, t.token.tenant1);
    const sends = await t.ok('activity.sends', { params: { id: a.id } }, t.token.tenant1);
    expect(sends.map((s) => [s.sent, s.already])).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(sends[0]!.createdBy).toEqual(expect.any(String));
    expect(await t.code('activity.sends', { params: { id: a.id } }, t.token.tenant2)).toBe(CODE.activityNotFound);
  });
});
