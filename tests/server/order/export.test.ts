/** The order export's spreadsheet (server/http/xlsx.ts, export.ts): read back with exceljs and compared row by row with the orders. */
import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { readSheets } from '../sheets.js';
import { suiteApp } from '../helpers.js';
import { orders } from '../../../server/order/index.js';
import { exportOrders } from '../../../server/order/export.js';
import { writeXlsx } from '../../../server/http/xlsx.js';
import { scopeOf } from '../../../server/scope.js';
import { findAuthUser, users } from '../../../server/account/index.js';
import { chinaTime, sheetHeader } from '../../../shared/order/index.js';

const t = suiteApp([]);

async function toBuffer(write: (out: PassThrough) => Promise<number>) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const rows = await write(out);
  return { rows, bytes: Buffer.concat(chunks) };
}

const readBack = async (bytes: Buffer) => (await readSheets(bytes))[0]!;

describe('writeXlsx', () => {
  it('writes text, numbers, empty cells and characters XML must escape', async () => {
    const { rows, bytes } = await toBuffer((out) =>
      writeXlsx(
        out,
        '订单 <1>',
        ['a', 'b', 'c'],
        (async function* () {
          yield [
            ['x & y <z>', 1.5, null],
            ['中文"引号"', 0, 'tab\there'],
          ];
        })(),
      ),
    );
    expect(rows).toBe(2);
    const back = await readBack(bytes);
    expect(back.name).toBe('订单 <1>');
    expect(back.rows).toEqual([
      ['a', 'b', 'c'],
      ['x & y <z>', 1.5],
      ['中文"引号"', 0, 'tab\there'],
    ]);
  });

  it('goes on in another sheet, the header again, past the rows a sheet holds; none left empty', async () => {
    async function* batches(sizes: number[]) {
      let n = 0;
      for (const size of sizes) yield Array.from({ length: size }, () => [`r${++n}`, n]);
    }
    const seven = await toBuffer((out) => writeXlsx(out, '订单', ['a', 'b'], batches([2, 4, 1]), undefined, 3));
    expect(seven.rows).toBe(7);
    const sheets = await readSheets(seven.bytes);
    expect(sheets.map((s) => s.name)).toEqual(['订单', '订单 (2)', '订单 (3)']);
    expect(sheets.map((s) => s.rows.map((r) => r[0]))).toEqual([
      ['a', 'r1', 'r2', 'r3'],
      ['a', 'r4', 'r5', 'r6'],
      ['a', 'r7'],
    ]);
    const six = await toBuffer((out) => writeXlsx(out, '订单', ['a', 'b'], batches([3, 3]), undefined, 3));
    expect((await readSheets(six.bytes)).map((s) => s.rows.length)).toEqual([4, 4]);
    const none = await toBuffer((out) => writeXlsx(out, '订单', ['a', 'b'], batches([]), undefined, 3));
    expect((await readSheets(none.bytes)).map((s) => s.rows)).toEqual([[['a', 'b']]]);
    // Batches larger than the pieces a sheet's XML is handed on in, one of them crossing a sheet's end: every row once,
    // in order, numbered on (a reader takes each row's `r`).
    const big = await toBuffer((out) => writeXlsx(out, '订单', ['a', 'b'], batches([150, 100]), undefined, 200));
    expect(big.rows).toBe(250);
    const halves = await readSheets(big.bytes);
    expect(halves.map((h) => h.rows.length)).toEqual([201, 51]);
    expect(halves.flatMap((h) => h.rows.slice(1).map((r) => r[1]))).toEqual(
      Array.from({ length: 250 }, (_, i) => i + 1),
    );
  });
});

describe('exportOrders', () => {
  it("writes a tenant's orders of a time range, newest first, every cell as the orders say", async () => {
    const user = (await findAuthUser(t.db, eq(users.id, t.ids.user('tenant1'))))!;
    const scope = scopeOf(user);
    const from = new Date(Date.now() - 20 * 24 * 3600_000);
    const filter = { from: from.toISOString(), to: new Date().toISOString() };
    const { rows, bytes } = await toBuffer((out) => exportOrders(t.db, scope, filter, 'zh-CN', out));
    const expected = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.rootTenantId, t.ids.tenant('A')), gte(orders.createdAt, from)))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    expect(rows).toBe(expected.length);
    expect(rows).toBeGreaterThan(100);
    const back = await readBack(bytes);
    expect(back.rows[0]).toEqual(sheetHeader('zh-CN'));
    const body = back.rows.slice(1);
    expect(body).toHaveLength(expected.length);
    for (const [i, o] of expected.entries()) {
      const r = body[i]!;
      expect(r[0], `row ${i + 2}`).toBe(o.number);
      // A date-time cell (filterable as a date), China's wall clock.
      expect((r[3] as Date).toISOString().slice(0, 19).replace('T', ' ')).toBe(chinaTime(o.createdAt));
      expect(r[4]).toBe(o.amount / 100);
      expect(r[5]).toBe(o.receivedAmount / 100);
      expect(r[6]).toBe(o.refundAmount / 100);
      // What priced it: the discount in yuan, whether a coupon paid part (the demo's orders name members and activities too).
      expect(typeof r[7]).toBe('number');
      expect(r[9]).toMatch(/^(是|否)$/);
    }
    expect(body[0]![12]).toMatch(/^(小程序|扫码|刷脸|应用)$/);
    expect(body.some((r) => typeof r[8] === 'string' && typeof r[10] === 'string')).toBe(true);
  });

  it('carries tabs, line breaks, backslashes and quotes in text, and empty cells, as they are', async () => {
    const user = (await findAuthUser(t.db, eq(users.id, t.ids.user('tenant1'))))!;
    const scope = scopeOf(user);
    const [one] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.rootTenantId, t.ids.tenant('A')))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1);
    const title = 'a\tb\\c\nd "e" <f> & \\N';
    await t.db
      .update(orders)
      .set({ title, deviceName: '\\N', thirdPartyNumber: null, pointId: null })
      .where(eq(orders.id, one!.id));
    const { bytes } = await toBuffer((out) => exportOrders(t.db, scope, { number: one!.number }, 'zh-CN', out));
    const [, row] = (await readBack(bytes)).rows;
    expect(row![0]).toBe(one!.number);
    expect(row![1]).toBeUndefined();
    expect(row![2]).toBe(title);
    expect(row![16]).toBe('\\N');
    expect(row![17]).toBeUndefined();
  });

  it('names each buyer of staff orders: staff, phone, card and enterprise customer, in four more columns', async () => {
    const user = (await findAuthUser(t.db, eq(users.id, t.ids.user('tenant1'))))!;
    const scope = scopeOf(user);
    const { rows, bytes } = await toBuffer((out) =>
      exportOrders(t.db, scope, { kind: 'sale', customerStaff: true }, 'en', out),
    );
    const back = await readBack(bytes);
    expect(back.rows[0]).toEqual(sheetHeader('en', true));
    expect(back.rows[0]!.slice(-4)).toEqual(['Staff member', 'Phone', 'Card number', 'Enterprise customer']);
    expect(rows).toBeGreaterThan(0);
    const expected = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.rootTenantId, t.ids.tenant('A')), eq(orders.customerStaff, true), eq(orders.kind, 'sale')))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    expect(back.rows.slice(1).map((r) => r.slice(19))).toEqual(
      expected.map((o) => [o.customerStaffName, o.customerStaffPhone, o.customerStaffCard, o.customerName]),
    );
  });

  it('reads past a batch without skipping or repeating an order', async () => {
    const user = (await findAuthUser(t.db, eq(users.id, t.ids.user('admin'))))!;
    const scope = scopeOf(user);
    // Batches of 97: a few dozen of them, each starting after the last one's (time, id).
    const { rows, bytes } = await toBuffer((out) => exportOrders(t.db, scope, {}, 'en', out, undefined, 97));
    const [all] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(rows).toBe(all!.n);
    const numbers = (await readBack(bytes)).rows.slice(1).map((r) => r[0]);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
