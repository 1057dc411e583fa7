/** A member's own data: the export as a file, and the erasure — refused while points are held, nothing personal left after. */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { orders } from '../../../server/order/index.js';
import { sandboxCode } from '../../../server/member/index.js';
import { rowsOf } from '../../../server/db/sql.js';
import { suiteApp } from '../helpers.js';
import { memberSession, provePhone, sell, settleNow, stock } from './support.js';

const t = suiteApp(['tenant1', 'tenant2']);
const A = () => t.ids.tenant('A');
const PHONE = '13761205555';

async function buyer(nickname: string, phone = PHONE) {
  const session = await memberSession(t, A());
  await t.ok('member.updateMe', { body: { nickname, birthday: '1990-05-01' } }, session.token);
  await provePhone(t, session.token, phone);
  await stock(t, 'VM2026000101');
  const sale = await sell(t, 'VM2026000101', { memberId: session.member.id });
  expect(sale.body.code).toBe(CODE.ok);
  return {
    ...session,
    orderNumber: sale.body.content.orderNumber as string,
    points: sale.body.content.points as number,
  };
}

/** Every text and JSON column of every table where `needle` still stands. */
async function whereItStands(needle: string): Promise<string[]> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    t.db,
    sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')`,
  );
  const found: string[] = [];
  for (const c of columns) {
    const hit = await rowsOf(
      t.db,
      sql`select 1 from ${sql.identifier(c.table_name)} where ${sql.identifier(c.column_name)}::text like ${`%${needle}%`} limit 1`,
    );
    if (hit.length) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

describe('member.export', () => {
  it("gives the member's profile, points and orders as a JSON file; 707 out of reach", async () => {
    const { member, orderNumber, points } = await buyer('导出测试的小林');
    const file = await t.ok('member.export', { params: { id: member.id } }, t.token.tenant1);
    expect(file.name).toBe(`member-${member.cardNumber}.json`);
    const doc = JSON.parse(Buffer.from(file.data, 'base64').toString('utf8'));
    expect(doc.member).toMatchObject({ nickname: '导出测试的小林', phone: PHONE, birthday: '1990-05-01' });
    expect(doc.points.balance).toBe(points);
    expect(doc.points.entries).toEqual([expect.objectContaining({ kind: 'earn', points, orderNumber })]);
    expect(doc.orders).toEqual([expect.objectContaining({ number: orderNumber })]);
    expect(await t.code('member.export', { params: { id: member.id } }, t.token.tenant2)).toBe(
      CODE.programmeMemberNotFound,
    );
  });
});

describe('member.erase', () => {
  it('is refused while the member holds points (708), then leaves nothing personal anywhere', async () => {
    const nickname = `注销测试${process.pid}`;
    const phone = '13761206666';
    const { member, token, openid, orderNumber, points } = await buyer(nickname, phone);
    expect(await t.code('member.erase', { params: { id: member.id } }, t.token.tenant1)).toBe(CODE.memberHasBalance);
    await t.ok(
      'member.adjustPoints',
      { params: { id: member.id }, body: { points: -points, reason: '注销前结清' } },
      t.token.tenant1,
    );
    expect(await t.ok('member.erase', { params: { id: member.id } }, t.token.tenant1)).toEqual({ erased: true });

    expect(await whereItStands(phone)).toEqual([]);
    expect(await whereItStands(nickname)).toEqual([]);
    expect(await t.code('member.me', {}, token)).toBe(CODE.memberSessionInvalid);
    // The order stays, with its amount, naming an id that leads to no one.
    const [order] = await t.db.select().from(orders).where(eq(orders.number, orderNumber));
    expect(order).toMatchObject({ memberId: member.id, paymentState: 'success' });
    const info = await t.ok('member.info', { params: { id: member.id } }, t.token.tenant1);
    expect(info).toMatchObject({ erased: true, nickname: '', phone: null, birthday: null, orders: 1 });
    // The ledger is closed; a second erasure finds no one; the same person signing in again is someone new.
    expect(
      await t.code(
        'member.adjustPoints',
        { params: { id: member.id }, body: { points: 5, reason: '补偿' } },
        t.token.tenant1,
      ),
    ).toBe(CODE.programmeMemberNotFound);
    expect(await t.code('member.erase', { params: { id: member.id } }, t.token.tenant1)).toBe(
      CODE.programmeMemberNotFound,
    );
    const again = await t.ok('member.signIn', { body: { tenantId: A(), code: sandboxCode(openid) } });
    expect(again).toMatchObject({ created: true });
    expect(again.member.id).not.toBe(member.id);
  });

  it('a refund of an erased member’s order settles, taking back nothing', async () => {
    const { member, orderNumber, points } = await buyer(`退款测试${process.pid}`, '13761207070');
    await t.ok(
      'member.adjustPoints',
      { params: { id: member.id }, body: { points: -points, reason: '结清' } },
      t.token.tenant1,
    );
    await t.ok('member.erase', { params: { id: member.id } }, t.token.tenant1);
    const [order] = await t.db.select().from(orders).where(eq(orders.number, orderNumber));
    await t.ok(
      'refund.create',
      { params: { id: order!.id }, body: { reason: '顾客投诉', amount: 100 } },
      t.token.tenant1,
    );
    await settleNow(t, order!.id);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after!.refundState).toBe('partial');
  });
});
