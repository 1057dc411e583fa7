/** Orders by month (server/order/months.ts, migration 0057): each order in its UTC month's table, months made ahead, lists reading their months only. */
import { describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { suiteApp } from '../helpers.js';
import { ensureOrderMonths, orderAt, orders } from '../../../server/order/index.js';
import { orderWhere } from '../../../server/order/queries.js';
import { platformScope } from '../../../server/scope.js';
import { rowsOf } from '../../../server/db/sql.js';

const t = suiteApp([]);

const monthTable = (at: Date) => `orders_${at.toISOString().slice(0, 7).replace('-', '_')}`;
const tableOf = async (id: number) =>
  (
    await rowsOf<{ t: string }>(
      t.db,
      sql`select tableoid::regclass::text as t from ${orders} where ${orders.id} = ${id}`,
    )
  )[0]!.t;
const months = async () =>
  (
    await rowsOf<{ name: string }>(
      t.db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'orders'::regclass order by 1`,
    )
  ).map((r) => r.name);

/** A copy of a demo order made at `at`. */
async function copyAt(at: Date) {
  const [demo] = await t.db.select().from(orders).limit(1);
  const { id: _id, number: _number, ...row } = demo!;
  const [made] = await t.db
    .insert(orders)
    .values({ ...row, saleId: null, createdAt: at })
    .returning({ id: orders.id });
  return made!.id;
}

describe('orders by month', () => {
  it('keeps every demo order in the table of its UTC month, and this month and three ahead are made', async () => {
    const [misplaced] = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${orders}
        where tableoid::regclass::text <> 'orders_' || to_char(${orders.createdAt} at time zone 'UTC', 'YYYY_MM')`,
    );
    expect(misplaced!.n).toBe(0);
    const now = new Date();
    const ahead = [0, 1, 2, 3].map((k) =>
      monthTable(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1))),
    );
    expect(await months()).toEqual(expect.arrayContaining([...ahead, 'orders_default']));
  });

  it('keeps an order outside every month in orders_default until its month is made, then moves it there; making it again makes nothing', async () => {
    const id = await copyAt(new Date('2019-03-31T23:59:59.999Z'));
    const next = await copyAt(new Date('2019-04-01T00:00:00Z'));
    expect(await tableOf(id)).toBe('orders_default');
    expect(await ensureOrderMonths(t.db, new Date('2019-03-10T00:00:00Z'), new Date('2019-03-20T00:00:00Z'))).toBe(1);
    expect(await tableOf(id)).toBe('orders_2019_03');
    // The first instant of April is April's.
    expect(await tableOf(next)).toBe('orders_default');
    expect(await ensureOrderMonths(t.db, new Date('2019-03-01T00:00:00Z'), new Date('2019-03-31T00:00:00Z'))).toBe(0);
    // Still whole and found by id.
    const [found] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
    expect(found?.id).toBe(id);
  });

  it('plans a 30-day list to read the months those days fall in and nothing else', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 30 * 86_400_000);
    const where = await orderWhere(t.db, platformScope, { from: from.toISOString(), to: to.toISOString() });
    const page = t.db.select({ id: orders.id }).from(orders).where(where).orderBy(desc(orders.createdAt)).limit(20);
    const plan = (await rowsOf<Record<string, string>>(t.db, sql`explain (costs off) ${page}`))
      .map((r) => Object.values(r)[0])
      .join('\n');
    const read = new Set(plan.match(/orders_(\d{4}_\d{2}|default)/g));
    expect([...read].sort()).toEqual([...new Set([monthTable(from), monthTable(to)])].sort());
  });

  it('plans an order named with its time (orderAt: sales, vend outcomes, refunds) to read its month alone, and finds it', async () => {
    const [demo] = await t.db
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      .orderBy(desc(orders.createdAt))
      .limit(1);
    const one = t.db.select({ id: orders.id }).from(orders).where(orderAt(demo!.id, demo!.createdAt));
    const plan = (await rowsOf<Record<string, string>>(t.db, sql`explain (costs off) ${one}`))
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(new Set(plan.match(/orders_(\d{4}_\d{2}|default)/g))).toEqual(new Set([monthTable(demo!.createdAt)]));
    expect(await one).toEqual([{ id: demo!.id }]);
  });
});
