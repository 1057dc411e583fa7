/** Complaints (spec §2 customerService, §3 Complaint, §4 pending → in progress → completed): filed at the machine, answered, refunded from, closed; scoped and logged. */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { suiteApp, deviceBasic } from '../helpers.js';
import { openEvents } from '../support/events.js';
import { orders } from '../../../server/order/index.js';
import { refunds } from '../../../server/refund/index.js';
import type { AddressInfo } from 'node:net';
import { roles } from '../../../server/identity/schema.js';

const t = suiteApp(['tenant1']);
let url: string;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

const SERIAL = 'VM2026000101';
/** A paid order machine VM2026000101 sold, not complained about yet. */
async function soldOrder(skip = 0) {
  const [o] = await t.db
    .select({ id: orders.id, number: orders.number, received: orders.receivedAmount })
    .from(orders)
    .where(
      and(
        eq(orders.deviceId, t.ids.device(SERIAL)),
        eq(orders.paymentState, 'success'),
        eq(orders.refundState, 'none'),
        sql`${orders.paidAt} > now() - interval '20 days'`,
        sql`not exists (select 1 from complaints c where c.order_id = ${orders.id})`,
      ),
    )
    .orderBy(desc(orders.id))
    .offset(skip)
    .limit(1);
  return o!;
}
const file = (orderNumber: string, serial = SERIAL) =>
  t.call(
    'complaint.submit',
    {
      body: { orderNumber, type: 'notDelivered', contact: '13800000000', description: '付款后没有出货' },
    },
    undefined,
    { authorization: deviceBasic(serial) },
  );
const idOf = async (number: string) =>
  (await t.ok('complaint.page', { query: {}, body: { number } }, t.token.tenant1)).list[0]!.id;

describe('complaint.submit', () => {
  it("files a pending complaint about an order the machine sold, logged as the customer's, and tells the console live", async () => {
    const events = await openEvents(url, t.token.tenant1);
    const o = await soldOrder();
    const answer = await file(o.number);
    expect(answer.body.content.number).toMatch(/^TS\d{16}$/);
    const detail = await t.ok(
      'complaint.info',
      { params: { id: await idOf(answer.body.content.number) } },
      t.token.tenant1,
    );
    expect(detail).toMatchObject({
      status: 'pending',
      orderNumber: o.number,
      amount: o.received,
      type: 'notDelivered',
      deviceName: '虹桥站饮料机 1 号',
    });
    expect(detail.progress.map((p) => [p.role, p.action, p.actor, p.content])).toEqual([
      ['users', 'submitted', '13800000000', '付款后没有出货'],
    ]);
    // The list masks the customer's phone; the detail, where the complaint is answered, shows it whole.
    expect(detail.contact).toBe('13800000000');
    const listed = (
      await t.ok('complaint.page', { query: {}, body: { number: answer.body.content.number } }, t.token.tenant1)
    ).list[0]!;
    expect(listed.contact).toBe('138****0000');
    await expect
      .poll(() => events.events.filter((e) => e.topic === 'complaint').map((e) => e.data), { timeout: 5000 })
      .toContainEqual(expect.objectContaining({ kind: 'created', number: answer.body.content.number, notify: true }));
    events.close();
    // Another machine did not sell it.
    expect((await file(o.number, 'VM2026000102')).body.code).toBe(CODE.orderNotFound);
    expect((await file('123')).body.content.fields).toEqual({ orderNumber: 'validation.invalid' });
  });
});

describe('complaint.reply', () => {
  it("moves a pending complaint in progress with the merchant's line; a completed one refuses (961)", async () => {
    const number = (await file((await soldOrder()).number)).body.content.number;
    const id = await idOf(number);
    const replied = await t.ok(
      'complaint.reply',
      { params: { id }, body: { content: '已安排补货员检查' } },
      t.token.tenant1,
    );
    expect(replied.status).toBe('inProgress');
    expect(replied.progress.at(-1)).toMatchObject({
      role: 'merchants',
      action: 'replied',
      actor: '华东智售科技有限公司',
      content: '已安排补货员检查',
    });
    const admin = await t.signIn('admin');
    expect(
      (await t.ok('complaint.reply', { params: { id }, body: { content: '平台已介入' } }, admin)).progress.at(-1),
    ).toMatchObject({ role: 'platform' });
    await t.ok('complaint.close', { params: { id }, body: { content: '已处理' } }, t.token.tenant1);
    expect(await t.code('complaint.reply', { params: { id }, body: { content: '再回复' } }, t.token.tenant1)).toBe(
      CODE.complaintCompleted,
    );
    expect(
      (await t.call('complaint.reply', { params: { id }, body: { content: '' } }, t.token.tenant1)).body.content.fields,
    ).toEqual({ content: 'validation.required' });
  });
});

describe('complaint.refund', () => {
  it('refunds the order from the complaint under the refund rules, logged with the complaint together', async () => {
    const o = await soldOrder();
    const id = await idOf((await file(o.number)).body.content.number);
    const refund = await t.ok(
      'complaint.refund',
      { params: { id }, body: { reason: '未出货退款', amount: o.received } },
      t.token.tenant1,
    );
    expect(refund).toMatchObject({ orderId: o.id, amount: o.received, state: 'pending' });
    expect(refund.requestedBy).toContain('TS');
    const detail = await t.ok('complaint.info', { params: { id } }, t.token.tenant1);
    expect(detail.status).toBe('inProgress');
    expect(detail.progress.at(-1)).toMatchObject({ action: 'refunded', role: 'merchants' });
    expect(detail.progress.at(-1)!.content).toContain('未出货退款');
    // Over what was paid: refused, and nothing logged.
    expect(
      (await t.call('complaint.refund', { params: { id }, body: { reason: '再退', amount: 1 } }, t.token.tenant1)).body
        .code,
    ).toBe(CODE.refundOverPaid);
    expect((await t.ok('complaint.info', { params: { id } }, t.token.tenant1)).progress).toHaveLength(
      detail.progress.length,
    );
    expect(
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(refunds)
        .where(eq(refunds.orderId, o.id)),
    ).toEqual([{ n: 1 }]);
  });
});

describe('complaint.close', () => {
  it('completes a complaint once; a second close refuses (961)', async () => {
    const id = await idOf((await file((await soldOrder()).number)).body.content.number);
    const closed = await t.ok('complaint.close', { params: { id }, body: { content: '顾客已确认' } }, t.token.tenant1);
    expect(closed.status).toBe('completed');
    expect(closed.progress.map((p) => p.action)).toEqual(['submitted', 'closed']);
    expect(await t.code('complaint.close', { params: { id }, body: { content: '再完结' } }, t.token.tenant1)).toBe(
      CODE.complaintCompleted,
    );
  });
});

describe('complaint.page', () => {
  it("lists the caller's complaints newest first by status, type and number; another tenant's unseen (960)", async () => {
    const all = await t.ok('complaint.page', { query: {}, body: {} }, t.token.tenant1);
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.list.every((c) => c.tenantName.length > 0)).toBe(true);
    const pending = await t.ok('complaint.page', { query: {}, body: { status: 'pending' } }, t.token.tenant1);
    expect(pending.list.every((c) => c.status === 'pending')).toBe(true);
    const byOrder = await t.ok(
      'complaint.page',
      { query: {}, body: { number: all.list[0]!.orderNumber } },
      t.token.tenant1,
    );
    expect(byOrder.list.map((c) => c.id)).toContain(all.list[0]!.id);
    const tenant2 = await t.signIn('tenant2');
    const theirs = await t.ok('complaint.page', { query: {}, body: {} }, tenant2);
    expect(theirs.list.every((c) => c.tenantId === t.ids.tenant('B'))).toBe(true);
    expect(await t.code('complaint.info', { params: { id: all.list[0]!.id } }, tenant2)).toBe(CODE.complaintNotFound);
    expect(await t.code('complaint.page', { query: {}, body: { tenantId: t.ids.tenant('A') } }, tenant2)).toBe(
      CODE.tenantNotFound,
    );
  });

  it('is for 6-3: a member with 6-1 alone sees orders but not complaints', async () => {
    await t.db
      .update(roles)
      .set({ powers: sql`array_append(${roles.powers}, '6-1')` })
      .where(eq(roles.name, '运营专员'));
    const member = await t.signIn('member1');
    expect(await t.code('order.page', { query: {}, body: {} }, member)).toBe(CODE.ok);
    expect(await t.code('complaint.page', { query: {}, body: {} }, member)).toBe(CODE.forbidden);
  });
});

describe('complaint.info', () => {
  it("shows the demo's progress logs in order, roles and all", async () => {
    const done = (await t.ok('complaint.page', { query: {}, body: { status: 'completed' } }, t.token.tenant1)).list;
    const detail = await t.ok('complaint.info', { params: { id: done.at(-1)!.id } }, t.token.tenant1);
    const times = detail.progress.map((p) => p.at);
    expect(times).toEqual([...times].sort());
    expect(detail.progress[0]!.role).toBe('users');
  });
});
