/**
 * The migration that partitioned orders by month (0057_orders_by_month.sql)
 * on a database that already holds orders: applied to one migrated up to the
 * migration before it, every order comes through whole, in its month's
 * table, its sale id kept once, and the ids go on from where they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { migratedWith } from '../support/migrations.js';

const PARTITIONING = '0057_orders_by_month';

let migrated: Awaited<ReturnType<typeof migratedWith>>;
let client: PGlite;
const rows = async <R>(query: string) => migrated.rows<R>(query);

beforeAll(async () => {
  migrated = await migratedWith(PARTITIONING, (c) =>
    // Orders only: no tenant or device behind them (foreign keys are triggers, which the replica role skips).
    c
      .exec(
        `
    set session_replication_role = replica;
    insert into orders (tenant_id, root_tenant_id, kind, device_id, device_name, sale_id, title, amount, original_amount,
      received_amount, platform, payment_type, payment_state, delivery_state, delivery_end, created_at)
    select 1, 1, 'sale', 1 + g % 3, '华东1号机', case when g % 4 <> 0 then 'S' || g end, '农夫山泉', 200, 200, 200,
      'wechat', 'scan', 'success', 'allDelivered', 'complete',
      timestamptz '2026-01-15 00:00:00+00' + (g * interval '7 days')
    from generate_series(1, 40) g;
    set session_replication_role = origin;`,
      )
      .then(() => undefined),
  );
  client = migrated.client;
});

afterAll(async () => {
  await migrated?.close();
});

describe('partitioning orders (migration 0057)', () => {
  it('moves every order whole into the table of its UTC month', async () => {
    const kept = await rows<{ n: number; misplaced: number; ids: string }>(`
      select count(*)::int as n,
        count(*) filter (where tableoid::regclass::text <> 'orders_' || to_char(created_at at time zone 'UTC', 'YYYY_MM'))::int as misplaced,
        string_agg(id::text, ',' order by id) as ids
      from orders`);
    expect(kept[0]).toEqual({ n: 40, misplaced: 0, ids: Array.from({ length: 40 }, (_, i) => i + 1).join(',') });
    const [kind] = await rows<{ relkind: string }>(`select relkind from pg_class where relname = 'orders'`);
    expect(kind!.relkind).toBe('p');
  });

  it('keeps each sale id once in order_sales, naming its order and month', async () => {
    const sales = await rows<{ n: number; matched: number }>(`
      select count(*)::int as n, count(o.id)::int as matched from order_sales s
      left join orders o on o.id = s.order_id and o.created_at = s.order_created_at and o.sale_id = s.sale_id and o.device_id = s.device_id`);
    expect(sales[0]).toEqual({ n: 30, matched: 30 });
  });

  it('goes on numbering orders after the last, with the indexes the table had', async () => {
    // No tenant or device behind it either, as above.
    await client.exec('set session_replication_role = replica');
    const [made] = await rows<{ id: number }>(`
      insert into orders (tenant_id, root_tenant_id, kind, device_id, device_name, title, amount, original_amount,
        received_amount, platform, payment_type, payment_state, delivery_state, delivery_end)
      values (1, 1, 'sale', 1, '华东1号机', '可口可乐', 300, 300, 300, 'alipay', 'scan', 'success', 'allDelivered', 'complete')
      returning id`);
    expect(made!.id).toBe(41);
    const indexes = (
      await rows<{ name: string }>(`select indexname as name from pg_indexes where tablename = 'orders'`)
    ).map((r) => r.name);
    expect(indexes).toEqual(
      expect.arrayContaining([
        'orders_id_created_at_pk',
        'orders_root_time_idx',
        'orders_time_idx',
        'orders_delivery_open_idx',
      ]),
    );
    expect(indexes).not.toContain('orders_device_sale_idx');
  });
});
