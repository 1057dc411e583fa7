/**
 * Points as a ledger: a member's sale earns them when its tenant's switches
 * are on, a refund takes them back (partial and full, the automatic refund
 * too), a debit takes the soonest-expiring lot first, expiry by a clock, the
 * owed case, and no double spend under parallel debits.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { tenants } from '../../../server/identity/schema.js';
import { orders } from '../../../server/order/index.js';
import { addPoints, balanceOf, members, spendPoints } from '../../../server/member/index.js';
import { pointLots } from '../../../server/member/schema.js';
import { deviceBasic, suiteApp } from '../helpers.js';
import { memberSession, sell, settleNow, stock } from './support.js';

const t = suiteApp(['tenant1', 'tenant2']);
const A = () => t.ids.tenant('A');
const SERIAL = 'VM2026000101';

const stocked = () => stock(t, SERIAL);
const ledger = (id: number) => t.ok('member.ledger', { params: { id }, query: {} }, t.token.tenant1);
const orderOf = async (number: string) => (await t.db.select().from(orders).where(eq(orders.number, number)))[0]!;

describe('points earned by a sale', () => {
  it('a sale naming a member earns a point per whole yuan, once however often the machine retries', async () => {
    await stocked();
    const { member, token } = await memberSession(t, A());
    const sale = await sell(t, SERIAL, { memberId: member.id, saleId: `earn-${member.id}` });
    expect(sale.body.content).toMatchObject({ created: true, amount: 1250, points: 12 });
    const retry = await sell(t, SERIAL, { memberId: member.id, saleId: `earn-${member.id}` });
    expect(retry.body.content).toMatchObject({ created: false, points: 12 });
    expect((await t.ok('member.me', {}, token)).points).toBe(12);
    expect((await orderOf(sale.body.content.orderNumber)).memberId).toBe(member.id);
    const mine = await t.ok('member.myPoints', { query: {} }, token);
    expect(mine.history.list).toEqual([
      expect.objectContaining({ kind: 'earn', points: 12, orderNumber: sale.body.content.orderNumber }),
    ]);
    // Tenant A's points live twelve months.
    expect(mine.expiring).toHaveLength(1);
    const months = (Date.parse(mine.expiring[0]!.expiresAt) - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(11.5);
  });

  it('earns nothing while the points switch is off, yet the order names its member', async () => {
    await stocked();
    const { member } = await memberSession(t, A());
    await t.db.update(tenants).set({ pointsEnabled: false }).where(eq(tenants.id, A()));
    try {
      const sale = await sell(t, SERIAL, { memberId: member.id });
      expect(sale.body.content.points).toBe(0);
      expect((await orderOf(sale.body.content.orderNumber)).memberId).toBe(member.id);
    } finally {
      await t.db.update(tenants).set({ pointsEnabled: true }).where(eq(tenants.id, A()));
    }
  });

  it("refuses another tenant's member (707) and a blocked one (704), and sells nothing then", async () => {
    await stocked();
    const foreign = await memberSession(t, t.ids.tenant('B'));
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect((await sell(t, SERIAL, { memberId: foreign.member.id })).body.code).toBe(CODE.programmeMemberNotFound);
    const { member } = await memberSession(t, A());
    await t.ok('member.setState', { params: { id: member.id }, body: { state: 'blocked' } }, t.token.tenant1);
    expect((await sell(t, SERIAL, { memberId: member.id })).body.code).toBe(CODE.memberBlocked);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(orders)).toEqual(before);
  });
});

describe('points taken back by a refund', () => {
  it('a partial refund takes back its share, the rest of the refund the rest', async () => {
    await stocked();
    const { member, token } = await memberSession(t, A());
    const sale = await sell(t, SERIAL, { memberId: member.id, items: [{ channel: 1, count: 4 }] });
    expect(sale.body.content.points).toBe(50);
    const order = await orderOf(sale.body.content.orderNumber);
    await t.ok(
      'refund.create',
      { params: { id: order.id }, body: { reason: '少出一瓶', amount: 1250 } },
      t.token.tenant1,
    );
    await settleNow(t, order.id);
    expect((await t.ok('member.me', {}, token)).points).toBe(50 - 12);
    await t.ok(
      'refund.create',
      { params: { id: order.id }, body: { reason: '全部退回', amount: 3750 } },
      t.token.tenant1,
    );
    await settleNow(t, order.id);
    // Everything refunded: everything earned went back, not 12 + 37.
    expect((await t.ok('member.me', {}, token)).points).toBe(0);
    const kinds = (await ledger(member.id)).entries.list.map((e) => [e.kind, e.points]);
    expect(kinds).toEqual([
      ['reverse', -38],
      ['reverse', -12],
      ['earn', 50],
    ]);
  });

  it('what was spent already is owed, and the next earn pays it off first', async () => {
    await stocked();
    const { member, token } = await memberSession(t, A());
    const sale = await sell(t, SERIAL, { memberId: member.id, items: [{ channel: 1, count: 2 }] });
    expect(sale.body.content.points).toBe(25);
    await t.ok(
      'member.adjustPoints',
      { params: { id: member.id }, body: { points: -20, reason: '兑换咖啡' } },
      t.token.tenant1,
    );
    const order = await orderOf(sale.body.content.orderNumber);
    await t.ok(
      'refund.create',
      { params: { id: order.id }, body: { reason: '顾客投诉', amount: 2500 } },
      t.token.tenant1,
    );
    await settleNow(t, order.id);
    expect(await t.ok('member.me', {}, token)).toMatchObject({ points: 0, owed: 20 });
    const next = await sell(t, SERIAL, { memberId: member.id, items: [{ channel: 1, count: 3 }] });
    expect(next.body.content.points).toBe(37);
    expect(await t.ok('member.me', {}, token)).toMatchObject({ points: 17, owed: 0 });
    // The settle moves the debt, not the balance less the debt: the reverse counted those 20 already.
    const entries = (await ledger(member.id)).entries.list;
    expect(entries.slice(0, 3).map((e) => [e.kind, e.points, e.owed])).toEqual([
      ['settle', 0, -20],
      ['earn', 37, 0],
      ['reverse', -25, 20],
    ]);
    expect(entries.reduce((sum, e) => sum + e.points, 0)).toBe(17);
  });

  it('the automatic refund of a failed vend takes the points back too', async () => {
    await stocked();
    const { member, token } = await memberSession(t, A());
    const sale = await sell(t, SERIAL, { memberId: member.id });
    const order = await orderOf(sale.body.content.orderNumber);
    const outcome = await t.call(
      'delivery.outcome',
      { body: { saleId: order.saleId!, items: [{ channel: 1, outcome: 'failed', failure: 'jam' }] } },
      undefined,
      { authorization: deviceBasic(SERIAL) },
    );
    expect(outcome.body, JSON.stringify(outcome.body)).toMatchObject({ code: CODE.ok });
    await settleNow(t, order.id);
    expect((await t.ok('member.me', {}, token)).points).toBe(0);
  });
});

describe('member.adjustPoints', () => {
  it('debits the soonest-expiring lot first; past the balance is 950 and changes nothing', async () => {
    const { member } = await memberSession(t, A());
    const now = new Date();
    await t.db.transaction(async (tx) => {
      await addPoints(tx, 'adjust', 30, { memberId: member.id, reason: '活动' }, now);
      await addPoints(tx, 'adjust', 30, { memberId: member.id, reason: '活动' }, now);
    });
    const lots = await t.db.select().from(pointLots).where(eq(pointLots.memberId, member.id)).orderBy(pointLots.id);
    // The second lot expires sooner.
    await t.db
      .update(pointLots)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(pointLots.id, lots[1]!.id));
    await t.ok(
      'member.adjustPoints',
      { params: { id: member.id }, body: { points: -40, reason: '兑换' } },
      t.token.tenant1,
    );
    const after = await t.db.select().from(pointLots).where(eq(pointLots.memberId, member.id)).orderBy(pointLots.id);
    expect(after.map((l) => l.left)).toEqual([20, 0]);
    const short = await t.call(
      'member.adjustPoints',
      { params: { id: member.id }, body: { points: -21, reason: '兑换' } },
      t.token.tenant1,
    );
    expect(short.body.code).toBe(CODE.pointsShort);
    expect((await ledger(member.id)).points).toBe(20);
    const zero = await t.call(
      'member.adjustPoints',
      { params: { id: member.id }, body: { points: 0, reason: '' } },
      t.token.tenant1,
    );
    expect(zero.body.content.fields).toEqual({ points: 'member.validation.pointsZero', reason: 'validation.required' });
  });

  it("is out of another tenant's reach (707)", async () => {
    const { member } = await memberSession(t, A());
    expect(
      await t.code(
        'member.adjustPoints',
        { params: { id: member.id }, body: { points: 5, reason: '补偿' } },
        t.token.tenant2,
      ),
    ).toBe(CODE.programmeMemberNotFound);
  });

  it('200 parallel debits of 1 against a balance of 100 spend exactly 100', async () => {
    const { member } = await memberSession(t, A());
    await t.ok(
      'member.adjustPoints',
      { params: { id: member.id }, body: { points: 100, reason: '充值' } },
      t.token.tenant1,
    );
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.code(
          'member.adjustPoints',
          { params: { id: member.id }, body: { points: -1, reason: '兑换' } },
          t.token.tenant1,
        ),
      ),
    );
    expect(answers.filter((c) => c === CODE.ok)).toHaveLength(100);
    expect(answers.filter((c) => c === CODE.pointsShort)).toHaveLength(100);
    expect(await balanceOf(t.db, member.id, new Date())).toBe(0);
  });
});

describe('expiry', () => {
  it('a lot is dead once its day has passed, and the next change writes its expire entry', async () => {
    const { member } = await memberSession(t, A());
    const earnedAt = new Date('2025-01-10T08:00:00Z');
    await t.db.transaction((tx) => addPoints(tx, 'adjust', 40, { memberId: member.id, reason: '活动' }, earnedAt));
    const [lot] = await t.db.select().from(pointLots).where(eq(pointLots.memberId, member.id));
    // Tenant A: twelve months from the earn.
    expect(lot!.expiresAt!.toISOString()).toBe('2026-01-10T08:00:00.000Z');
    expect(await balanceOf(t.db, member.id, new Date('2026-01-10T07:59:59Z'))).toBe(40);
    expect(await balanceOf(t.db, member.id, new Date('2026-01-10T08:00:00Z'))).toBe(0);
    await expect(
      t.db.transaction((tx) => spendPoints(tx, 'spend', 1, { memberId: member.id, reason: '' }, new Date())),
    ).rejects.toMatchObject({ code: CODE.pointsShort });
    await t.db.transaction((tx) => addPoints(tx, 'adjust', 5, { memberId: member.id, reason: '补偿' }, new Date()));
    const entries = (await ledger(member.id)).entries.list.map((e) => [e.kind, e.points]);
    expect(entries).toEqual([
      ['adjust', 5],
      ['expire', -40],
      ['adjust', 40],
    ]);
  });

  it('never expires where the tenant says so', async () => {
    const { member } = await memberSession(t, t.ids.tenant('B'));
    await t.db.transaction((tx) =>
      addPoints(tx, 'adjust', 9, { memberId: member.id, reason: '' }, new Date('2020-01-01')),
    );
    expect(await balanceOf(t.db, member.id, new Date('2090-01-01'))).toBe(9);
    const [row] = await t.db.select({ owed: members.owed }).from(members).where(eq(members.id, member.id));
    expect(row!.owed).toBe(0);
  });
});
