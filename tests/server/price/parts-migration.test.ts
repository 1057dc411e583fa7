/**
 * The migrations that moved a price change's devices onto the device
 * domain's push parts (0076_price_changes_on_parts.sql,
 * 0077_price_change_devices_moved.sql) on a database that already holds
 * changes: each device of a change in every state keeps its device, state,
 * times and reason in its part, and its version, visit and replacement in
 * its row, whose id still keys the prices it set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedWith } from '../support/migrations.js';

const FIRST = '0076_price_changes_on_parts';
const STATES = ['pending', 'delivered', 'applied', 'failed', 'cancelled'];
const STEPS = ['waiting', 'working', 'done', 'failed', 'cancelled'];

let migrated: Awaited<ReturnType<typeof migratedWith>>;

beforeAll(async () => {
  // Change 7, made 1 Nov, and one device of it in each state (200 + g); no tenant, device or product behind them
  // (foreign keys are triggers, which the replica role skips; left on through the migrations: the parts' key to
  // devices is one too). The applied one set channel 3's price.
  migrated = await migratedWith(FIRST, (c) =>
    c
      .exec(
        `
    set session_replication_role = replica;
    insert into price_changes (id, tenant_id, timing, created_at) values (7, 1, 'now', '2026-11-01 00:00:00+00');
    insert into price_change_devices (id, change_id, device_id, state, visited, reason, replaced_by, version,
      delivered_at, ended_at)
    select 40 + g, 7, 200 + g, (array[${STATES.map((s) => `'${s}'`).join(', ')}])[g]::price_device_state, g = 1,
      case when g = 4 then 'no such channel' end, case when g = 5 then 8 end, case when g = 3 then 5 end,
      case when g > 1 then timestamptz '2026-11-02 00:00:00+00' + g * interval '1 minute' end,
      case when g > 2 then timestamptz '2026-11-03 00:00:00+00' + g * interval '1 minute' end
    from generate_series(1, ${STATES.length}) g;
    insert into price_change_channels (part_id, device_id, channel, product_id, version, price, customer_staff_price)
    values (43, 203, 3, 9, 5, 600, 500);`,
      )
      .then(() => undefined),
  );
  await migrated.client.exec('set session_replication_role = origin');
});

afterAll(async () => {
  await migrated?.close();
});

describe('price changes on push parts (migrations 0076, 0077)', () => {
  it("gives each change's device a part with its device, state, times and reason, and keeps its own", async () => {
    const moved = await migrated.rows<Record<string, unknown>>(`
      select d.id, d.change_id, d.visited, d.replaced_by, d.version, p.kind, p.push_id, p.device_id, p.step,
        p.reason, to_char(p.started_at at time zone 'UTC', 'MM-DD HH24:MI') as started,
        to_char(p.heard_at at time zone 'UTC', 'MM-DD HH24:MI') as heard,
        to_char(p.ended_at at time zone 'UTC', 'MM-DD HH24:MI') as ended
      from price_change_devices d join device_push_parts p on p.id = d.part_id order by d.id`);
    expect(moved).toHaveLength(STATES.length);
    moved.forEach((m, i) => {
      const g = i + 1;
      const started = g > 1 ? `11-02 00:0${g}` : null;
      const ended = g > 2 ? `11-03 00:0${g}` : null;
      expect(m, STATES[i]).toEqual({
        id: 40 + g,
        change_id: 7,
        visited: g === 1,
        replaced_by: g === 5 ? 8 : null,
        version: g === 3 ? 5 : null,
        kind: 'price',
        push_id: 7,
        device_id: 200 + g,
        step: STEPS[i],
        reason: g === 4 ? 'no such channel' : null,
        started,
        // Heard of when it last moved: ended, delivered, or made with its change.
        heard: ended ?? started ?? '11-01 00:00',
        ended,
      });
    });
  });

  it('leaves the row only what is its own, still keying the prices it set', async () => {
    const columns = await migrated.rows<{ name: string }>(
      `select column_name as name from information_schema.columns where table_name = 'price_change_devices' order by 1`,
    );
    expect(columns.map((c) => c.name)).toEqual(['change_id', 'id', 'part_id', 'replaced_by', 'version', 'visited']);
    const prices = await migrated.rows<{ device_id: number; step: string }>(`
      select p.device_id, p.step from price_change_channels c
      join price_change_devices d on d.id = c.part_id join device_push_parts p on p.id = d.part_id`);
    expect(prices).toEqual([{ device_id: 203, step: 'done' }]);
  });
});
