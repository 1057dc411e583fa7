/** The member centre: the list (search by pinyin, masked phones, scope), a member's page and ledger, blocking, the member's own points. */
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { pointEntries } from '../../../server/member/index.js';
import { suiteApp } from '../helpers.js';
import { memberSession, provePhone, sell, stock } from './support.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin', 'member1']);
const page = (body: object, token = t.token.tenant1) =>
  t.ok('member.page', { query: { pageSize: 200 }, body: body as never }, token);

describe('member.page', () => {
  it("lists the caller's members newest first with masked phones; a keyword finds nickname, pinyin, card and phone", async () => {
    const all = await page({});
    expect(all.list.every((m) => m.tenantName === '华东智售科技有限公司')).toBe(true);
    const lin = all.list.find((m) => m.nickname === '林小雨')!;
    // The demo's gift of 200 less the 50 spent, and what her demo purchases at the park's machines earned.
    const purchases = await t.db
      .select({ points: pointEntries.points })
      .from(pointEntries)
      .where(and(eq(pointEntries.memberId, lin.id), isNotNull(pointEntries.orderId)));
    expect(purchases.length).toBeGreaterThan(0);
    const earned = purchases.reduce((sum, e) => sum + e.points, 0);
    expect(lin).toMatchObject({ phone: '137****0301', points: 150 + earned, state: 'normal' });
    expect((await page({ keyword: 'lxy' })).list.map((m) => m.nickname)).toContain('林小雨');
    expect((await page({ keyword: 'linxiaoyu' })).list.map((m) => m.nickname)).toEqual(['林小雨']);
    expect((await page({ keyword: lin.cardNumber })).list.map((m) => m.id)).toEqual([lin.id]);
    expect((await page({ keyword: '0301' })).list.map((m) => m.id)).toEqual([lin.id]);
    expect((await page({ keyword: String(lin.id) })).list.map((m) => m.id)).toContain(lin.id);
    const times = all.list.map((m) => m.registeredAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('keeps tenants apart; the admin sees all and filters by tenant; a custom role has no member centre', async () => {
    expect((await page({}, t.token.tenant2)).list.every((m) => m.tenantName === '华南智慧零售有限公司')).toBe(true);
    const everyone = await page({}, t.token.admin);
    expect(new Set(everyone.list.map((m) => m.tenantId)).size).toBeGreaterThan(1);
    const onlyB = await page({ tenantId: t.ids.tenant('B') }, t.token.admin);
    expect(onlyB.list.every((m) => m.tenantId === t.ids.tenant('B'))).toBe(true);
    expect(await t.code('member.page', { query: {}, body: { tenantId: t.ids.tenant('B') } }, t.token.tenant1)).not.toBe(
      CODE.ok,
    );
    expect(await t.code('member.page', { query: {}, body: {} }, t.token.member1)).toBe(CODE.forbidden);
  });

  it('filters by state and registration time', async () => {
    const { member } = await memberSession(t, t.ids.tenant('A'));
    await t.ok('member.setState', { params: { id: member.id }, body: { state: 'blocked' } }, t.token.tenant1);
    expect((await page({ state: 'blocked' })).list.map((m) => m.id)).toContain(member.id);
    expect((await page({ state: 'normal' })).list.map((m) => m.id)).not.toContain(member.id);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await page({ registeredFrom: future })).total).toBe(0);
  });
});

describe('member.info', () => {
  it('shows the whole phone, the inviter and the order figures; 707 out of reach', async () => {
    const inviter = await memberSession(t, t.ids.tenant('A'));
    const { member, token } = await memberSession(t, t.ids.tenant('A'), undefined, { inviterId: inviter.member.id });
    await provePhone(t, token, '13761207777');
    await stock(t, 'VM2026000101');
    const sale = await sell(t, 'VM2026000101', { memberId: member.id });
    expect(sale.body.code).toBe(CODE.ok);
    const info = await t.ok('member.info', { params: { id: member.id } }, t.token.tenant1);
    expect(info).toMatchObject({
      phone: '13761207777',
      inviterId: inviter.member.id,
      inviterName: inviter.member.nickname,
      orders: 1,
      spent: sale.body.content.amount,
    });
    expect(await t.code('member.info', { params: { id: member.id } }, t.token.tenant2)).toBe(
      CODE.programmeMemberNotFound,
    );
  });
});

describe('member.ledger', () => {
  it('shows the lots live first and the entries newest first, with the operator of an adjustment', async () => {
    const { member } = await memberSession(t, t.ids.tenant('A'));
    await t.ok(
      'member.adjustPoints',
      { params: { id: member.id }, body: { points: 30, reason: '补偿' } },
      t.token.tenant1,
    );
    await t.ok(
      'member.adjustPoints',
      { params: { id: member.id }, body: { points: -30, reason: '兑换' } },
      t.token.tenant1,
    );
    await t.ok(
      'member.adjustPoints',
      { params: { id: member.id }, body: { points: 8, reason: '生日礼' } },
      t.token.tenant1,
    );
    const ledger = await t.ok('member.ledger', { params: { id: member.id }, query: {} }, t.token.tenant1);
    expect(ledger.points).toBe(8);
    expect(ledger.lots.map((l) => [l.earned, l.left])).toEqual([
      [8, 8],
      [30, 0],
    ]);
    expect(ledger.entries.list.map((e) => [e.kind, e.points, e.reason, e.operatorName])).toEqual([
      ['adjust', 8, '生日礼', '华东智售科技有限公司'],
      ['adjust', -30, '兑换', '华东智售科技有限公司'],
      ['adjust', 30, '补偿', '华东智售科技有限公司'],
    ]);
    const info = await t.ok('member.info', { params: { id: member.id } }, t.token.tenant1);
    expect(info.operatorName).toBe('华东智售科技有限公司');
  });
});

describe('member.setState', () => {
  it('blocks and lets back; out of reach is 707', async () => {
    const { member } = await memberSession(t, t.ids.tenant('A'));
    expect(
      await t.ok('member.setState', { params: { id: member.id }, body: { state: 'blocked' } }, t.token.tenant1),
    ).toEqual({ state: 'blocked' });
    expect(
      await t.code('member.setState', { params: { id: member.id }, body: { state: 'normal' } }, t.token.tenant2),
    ).toBe(CODE.programmeMemberNotFound);
  });
});

describe('member.myPoints', () => {
  it("answers the member's own balance, what expires when and its history", async () => {
    const { member, token } = await memberSession(t, t.ids.tenant('A'));
    await t.ok(
      'member.adjustPoints',
      { params: { id: member.id }, body: { points: 15, reason: '活动' } },
      t.token.tenant1,
    );
    const mine = await t.ok('member.myPoints', { query: {} }, token);
    expect(mine).toMatchObject({ points: 15, history: { total: 1 } });
    expect(mine.history.list[0]).toMatchObject({ kind: 'adjust', points: 15, reason: '活动', operatorName: null });
    expect(mine.expiring.map((e) => e.points)).toEqual([15]);
  });
});

describe('order.mine', () => {
  it("answers the member's own orders, newest first, with the points each earned; no one else's", async () => {
    await stock(t, 'VM2026000101');
    const { member, token } = await memberSession(t, t.ids.tenant('A'));
    const first = await sell(t, 'VM2026000101', { memberId: member.id });
    const second = await sell(t, 'VM2026000101', { memberId: member.id, items: [{ channel: 1, count: 2 }] });
    await sell(t, 'VM2026000101');
    const mine = await t.ok('order.mine', { query: {} }, token);
    expect(mine.total).toBe(2);
    expect(mine.list.map((o) => [o.number, o.points])).toEqual([
      [second.body.content.orderNumber, second.body.content.points],
      [first.body.content.orderNumber, first.body.content.points],
    ]);
    expect(mine.list[0]).toMatchObject({ deviceName: '虹桥站饮料机 1 号', refundState: 'none' });
    expect(await t.code('order.mine', { query: {} }, t.token.tenant1)).toBe(CODE.memberSessionInvalid);
  });
});
