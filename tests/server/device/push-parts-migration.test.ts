/**
 * The migrations that moved firmware jobs' steps into the device domain's
 * push parts (0074_device_push_parts.sql, 0075_firmware_jobs_on_parts.sql)
 * on a database that already holds jobs in every state: applied to one
 * migrated up to the migration before them, each job keeps its device,
 * stage, attempts, times and reason in its part, its state reads the same
 * through the part's step and the job's phase, and a device still has one
 * open update at most.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { migratedWith } from '../support/migrations.js';

const FIRST = '0074_device_push_parts';
const STATES = ['queued', 'offered', 'downloading', 'installing', 'done', 'failed', 'cancelled'];

let migrated: Awaited<ReturnType<typeof migratedWith>>;
let client: PGlite;
const rows = async <R>(query: string) => migrated.rows<R>(query);

beforeAll(async () => {
  // Jobs only, one per state, each of its own device, rollout 7: no rollout or device behind them (foreign keys are
  // triggers, which the replica role skips; left on through the migrations: the parts' key to devices is one too).
  migrated = await migratedWith(FIRST, (c) =>
    c
      .exec(
        `
    set session_replication_role = replica;
    insert into firmware_jobs (rollout_id, device_id, stage, state, progress, attempts, next_try_at, offered_at,
      from_version, error, updated_at)
    select 7, 100 + g, 1 + g % 2, (array[${STATES.map((s) => `'${s}'`).join(', ')}])[g]::firmware_job_state,
      g * 10, g % 3, timestamptz '2026-11-01 00:00:00+00' + g * interval '1 hour',
      case when g > 1 then timestamptz '2026-11-02 00:00:00+00' end, '2.' || g || '.0',
      case when g = 6 then 'checksum' end, timestamptz '2026-11-03 00:00:00+00' + g * interval '1 minute'
    from generate_series(1, ${STATES.length}) g;`,
      )
      .then(() => undefined),
  );
  client = migrated.client;
  await client.exec('set session_replication_role = origin');
});

afterAll(async () => {
  await migrated?.close();
});

describe('firmware jobs on push parts (migrations 0074, 0075)', () => {
  it('gives each job a part with its device, stage, attempts, times and reason, and reads its state the same', async () => {
    const moved = await rows<Record<string, unknown>>(`
      select p.kind, p.push_id, p.device_id, p.stage, p.step, p.attempts, p.reason, j.phase, j.progress,
        j.from_version, to_char(p.heard_at at time zone 'UTC', 'MM-DD HH24:MI') as heard,
        to_char(p.ended_at at time zone 'UTC', 'MM-DD HH24:MI') as ended
      from firmware_jobs j join device_push_parts p on p.id = j.part_id order by p.device_id`);
    expect(moved).toHaveLength(STATES.length);
    moved.forEach((m, i) => {
      const g = i + 1;
      const state = STATES[i]!;
      const working = ['offered', 'downloading', 'installing'].includes(state);
      const ended = ['done', 'failed', 'cancelled'].includes(state);
      expect(m, state).toEqual({
        kind: 'firmware',
        push_id: 7,
        device_id: 100 + g,
        stage: 1 + (g % 2),
        step: state === 'queued' ? 'waiting' : working ? 'working' : state,
        attempts: g % 3,
        reason: g === 6 ? 'checksum' : null,
        phase: working ? state : null,
        progress: g * 10,
        from_version: `2.${g}.0`,
        heard: `11-03 00:0${g}`,
        ended: ended ? `11-03 00:0${g}` : null,
      });
    });
  });

  it('leaves the job only what is its own, and a device one open firmware update at most', async () => {
    const columns = await rows<{ name: string }>(
      `select column_name as name from information_schema.columns where table_name = 'firmware_jobs' order by 1`,
    );
    expect(columns.map((c) => c.name)).toEqual(['from_version', 'id', 'part_id', 'phase', 'progress', 'rollout_id']);
    await client.exec('set session_replication_role = replica');
    // Device 101's job was queued: another open firmware part of it is refused; a price part of it is not.
    await expect(
      client.query(`insert into device_push_parts (kind, push_id, device_id) values ('firmware', 8, 101)`),
    ).rejects.toThrow(/device_push_parts_one_update_idx/);
    await client.query(`insert into device_push_parts (kind, push_id, device_id) values ('price', 8, 101)`);
    await client.exec('set session_replication_role = origin');
  });
});
