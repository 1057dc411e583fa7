/**
 * Recurring work (server/jobs/recurring.ts): one row per kind however many
 * instances start; two runners on one database run a kind once per
 * interval, never two runs at once; a failed run is kept as the row's last
 * error and the kind runs again; a row held by a silent instance is taken
 * again; a start with a shorter interval brings the next run nearer, and a
 * kind the code no longer has loses its row. The upstream's own kinds are
 * each named once, as `<domain>.<work>`, and no domain keeps a timer of its own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recurringKinds, SERVER_DOMAINS } from '../../../server/domains.js';
import { recurringJobKinds, scheduleRecurring, startJobs, type Recurring } from '../../../server/jobs/index.js';
import { rowsOf } from '../../../server/db/sql.js';
import { databaseStorage } from '../../../server/storage/index.js';
import { createTestApp } from '../helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Row {
  kind: string;
  state: string;
  attempts: number;
  last_error: string | null;
  due_ms: number;
}
const rows = (db: Parameters<typeof rowsOf>[0]) =>
  rowsOf<Row>(
    db,
    sql`select kind, state, attempts, last_error, extract(epoch from run_at - now()) * 1000 as due_ms
        from jobs where group_key = '@every' order by kind`,
  );

describe('recurring work', () => {
  it('runs once per interval under two runners, never twice at once, and keeps a failure for the next run', async () => {
    const t = await createTestApp({ demoData: false });
    try {
      const storage = databaseStorage(t.db);
      let running = 0;
      let overlapped = false;
      let runs = 0;
      let failures = 0;
      const kinds: Record<string, Recurring> = {
        'test.tick': {
          everyMs: 150,
          atStart: true,
          run: async () => {
            running++;
            if (running > 1) overlapped = true;
            runs++;
            await sleep(20);
            running--;
          },
        },
        'test.broken': {
          everyMs: 150,
          atStart: true,
          run: async () => {
            failures++;
            throw new Error('the bank is closed');
          },
        },
      };
      // Two instances start at once: one row per kind.
      await Promise.all([scheduleRecurring(t.db, kinds), scheduleRecurring(t.db, kinds)]);
      expect((await rows(t.db)).map((r) => r.kind)).toEqual(['test.broken', 'test.tick']);
      const opts = { pollMs: 50, staleMs: 5_000 };
      const stops = [
        startJobs(t.db, storage, recurringJobKinds(kinds), opts),
        startJobs(t.db, storage, recurringJobKinds(kinds), opts),
      ];
      await sleep(1_200);
      await Promise.all(stops.map((stop) => stop()));
      expect(overlapped).toBe(false);
      // At once, then every 150 ms (plus the run and a claim) for 1.2 s: about 7, never the 14 of two timers.
      expect(runs).toBeGreaterThanOrEqual(4);
      expect(runs).toBeLessThanOrEqual(9);
      expect(failures).toBeGreaterThanOrEqual(4);
      const [broken, tick] = await rows(t.db);
      expect(broken).toMatchObject({ state: 'queued', last_error: 'the bank is closed' });
      expect(tick).toMatchObject({ state: 'queued', last_error: null, attempts: 0 });
    } finally {
      await t.close();
    }
  });

  it('takes again a run whose instance fell silent, brings a far run nearer, drops a kind no longer there', async () => {
    const t = await createTestApp({ demoData: false });
    try {
      let runs = 0;
      const hourly: Record<string, Recurring> = {
        'test.hourly': { everyMs: 3_600_000, run: async () => void runs++ },
        'test.gone': { everyMs: 3_600_000, run: async () => undefined },
      };
      await scheduleRecurring(t.db, hourly);
      expect(Number((await rows(t.db))[1]!.due_ms)).toBeGreaterThan(3_500_000);
      // Started again with a shorter interval and without the other kind.
      const shorter = { 'test.hourly': { ...hourly['test.hourly']!, everyMs: 60_000 } };
      await scheduleRecurring(t.db, shorter);
      const [row] = await rows(t.db);
      expect(await rows(t.db)).toHaveLength(1);
      expect(Number(row!.due_ms)).toBeLessThan(61_000);
      // An instance claimed it and died: its heartbeat stops.
      await t.db.execute(
        sql`update jobs set state = 'running', heartbeat_at = now() - interval '10 seconds', run_at = now() where kind = 'test.hourly'`,
      );
      const stop = startJobs(t.db, databaseStorage(t.db), recurringJobKinds(shorter), { pollMs: 50, staleMs: 2_000 });
      for (let i = 0; i < 40 && runs === 0; i++) await sleep(50);
      await stop();
      expect(runs).toBe(1);
      expect((await rows(t.db))[0]).toMatchObject({ state: 'queued' });
    } finally {
      await t.close();
    }
  });

  it('names each kind of the upstream once, after its domain, and no domain keeps a timer of its own', () => {
    const names = Object.keys(recurringKinds);
    expect(names.length).toBeGreaterThanOrEqual(14);
    const domains = new Set<string>(SERVER_DOMAINS.map((d) => d.name));
    for (const name of names) expect(domains.has(name.split('.')[0]!), name).toBe(true);
    // A timer in server/ is allowed only where it watches its own process: a running job's heartbeat and a
    // live-events stream's keep-alive.
    const timers: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const path = join(dir, f);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts') && /\bsetInterval\(/.test(readFileSync(path, 'utf8'))) timers.push(path);
      }
    };
    walk('server');
    expect(timers.sort()).toEqual(['server/http/events.ts', 'server/jobs/runner.ts']);
  });
});
