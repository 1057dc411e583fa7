/**
 * The order list at a million orders: a real upstream
 * whose database holds BENCH_ORDERS orders (default 1 000 000) over a year,
 * loaded in bulk by `seedOrders`, the list called over HTTP with a 30-day
 * range and a state filter — for a first-level tenant whose scope spans its
 * second-level tenant (tenant1), for a single tenant (tenant11) and for the
 * system admin; first pages and page 11 (offset 200); a common state (paid)
 * and a rare one (partly refunded). Each count is bounded (shared/order
 * ORDER_LIST.countCap).
 *
 * In-memory PGlite by default; with BENCH_DATABASE_URL=postgres://… the same
 * on PostgreSQL (the database there is emptied first). Each request's p95 is
 * budgeted as a ratio to the same statements run bare on the same database
 * in the same run (bench/bare.ts), its milliseconds printed beside:
 * absolute 5 ms (PostgreSQL) and 15 ms (PGlite) held on the machine they were
 * measured on and missed on a slower one sharing its cores.
 *
 * Then the dashboard of a year (bench/dashboard.ts), a rollup rebuild of
 * last month (bench/rollup-month.ts), a real-time export of close to 1000 orders as the console makes it
 * (electron/core/export.ts: checked, paged over HTTP, written into an .xlsx
 * under a temporary name; ≤ 1 s end to end), and an e-mail export of every
 * order of the year as the upstream runs it (server/order/export-jobs.ts:
 * taken from the queue, written into an .xlsx kept in the file storage, the
 * link mailed to the outbox; at least a fixed share of the rows per second a
 * bare cursor reads the same rows at, in the same run — on PostgreSQL that
 * was ≥ 60 000 rows/s where it was first measured; ≤ 150 MB: what the job adds to
 * the process's memory — the process here is a benchmark under tsx, and on
 * PGlite holds the database).
 */
import { performance } from 'node:perf_hooks';
import { startServer } from '../server/start.js';
import { setPasswordCostForTests } from '../server/account/passwords.js';
import { seedOrders } from '../server/order/index.js';
import { at, Budgets, emptyPostgres, percentiles, signIn } from './support.js';
import { benchDashboard } from './dashboard.js';
import { benchRollupMonth } from './rollup-month.js';
import { eq, sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { users } from '../server/account/index.js';
import { exportJobs } from '../server/order/index.js';
import { queueExport, runExportJobs } from '../server/order/export-jobs.js';
import { exportSelect } from '../server/order/export.js';
import { orderWhere } from '../server/order/queries.js';
import { platformScope } from '../server/scope.js';
import { bare, cursorRead, statementsOf } from './bare.js';
import { databaseStorage, diskStorage } from '../server/storage/index.js';
import { createCore } from '../electron/core/core.js';
import { memoryPrefs } from '../electron/core/prefs.js';
import { memoryVault } from '../electron/core/vault.js';
import { DEMO_PASSWORD } from '../server/account/index.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const pgUrl = process.env.BENCH_DATABASE_URL;
/**
 * A page of 20 rows and a filter's bounded count (asked once per filter, not
 * per page): p95 over HTTP at most this many times the p95 of the same
 * statements run bare. Measured on this 2-core machine (50 000 orders): on
 * PostgreSQL a page 2.7–4.1× (its statements bare 1.2–1.9 ms), a count
 * 1.5–4.1×; on PGlite, where the database itself is slower and runs in the
 * process, a page 1.6–2.4×, a count 1.3–2.7×.
 */
const BUDGET_P95_RATIO = pgUrl ? { page: 6, count: 6 } : { page: 4, count: 4 };
const RUNS = 200;
/** The e-mail export of a year: rows per second at least this share of a bare cursor's over the same rows; its memory. */
const BUDGET_EXPORT = {
  // Measured: 0.27 on PostgreSQL (a bare cursor 162 000 rows/s, the job 43 000 at 50 000 orders), 0.68 on PGlite,
  // whose row protocol is most of the job's own time.
  shareOfCursor: pgUrl ? 0.15 : 0.4,
  peakMb: 150,
};
const WARM_UP = 20;
/** A real-time export of up to 1000 orders, from the call to the renamed file. */
const BUDGET_LIVE_EXPORT_MS = 1000;
const LIVE_RUNS = 10;

setPasswordCostForTests({ N: 2 ** 12, r: 8, p: 1 });
if (pgUrl) await emptyPostgres(pgUrl);

const databaseUrl = pgUrl ?? 'memory://';
const budgets = new Budgets();
// In-memory PGlite lives in one process: the orders are seeded through the running upstream's own database.
// Its periodic work is off: the bench runs the e-mail export's job itself, to time it.
const server = await startServer({ port: 0, databaseUrl, demoData: true, background: false });
try {
  // Twenty more machines of tenant A (copies of its first, channels and all) for the member with assigned devices below.
  const assigned = await cloneDevices(server.db, 'VM2026000101', 20);
  const started = performance.now();
  const made = await seedOrders(server.db, { count: ORDERS, days: 365, now: Date.now() });
  const seedSeconds = (performance.now() - started) / 1000;
  console.log(
    `seed: ${made} orders in ${seedSeconds.toFixed(1)} s (${Math.round(made / seedSeconds)} orders/s) on ${pgUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  // What autovacuum does to a table after a bulk load (statistics, visibility map) before anyone lists it.
  // Every table the load wrote (the refunds, the channels' stock… too), and on PostgreSQL a checkpoint: the timings
  // should not share a 2-core machine with autovacuum and the checkpointer working through the load's aftermath.
  await server.db.execute(sql`vacuum analyze`);
  if (pgUrl) await server.db.execute(sql`checkpoint`);

  const to = new Date();
  const from = new Date(to.getTime() - 30 * 24 * 3600_000);
  const range = { from: from.toISOString(), to: to.toISOString() };
  const scenarios = [
    {
      who: 'tenant1',
      label: 'first-level tenant (spans its second-level), paid, page 1',
      body: { ...range, paymentState: 'success' },
      pageNum: 1,
    },
    {
      who: 'tenant1',
      label: 'first-level tenant, paid, page 11',
      body: { ...range, paymentState: 'success' },
      pageNum: 11,
    },
    {
      who: 'tenant1',
      label: 'first-level tenant, partly refunded, page 1',
      body: { ...range, refundState: 'partial' },
      pageNum: 1,
    },
    {
      who: 'tenant11',
      label: 'second-level tenant, paid, page 1',
      body: { ...range, paymentState: 'success' },
      pageNum: 1,
    },
    {
      who: 'tenant11',
      label: 'second-level tenant, paid, page 11',
      body: { ...range, paymentState: 'success' },
      pageNum: 11,
    },
    {
      who: 'tenant11',
      label: 'second-level tenant, delivery failed, page 1',
      body: { ...range, deliveryState: 'allFailed' },
      pageNum: 1,
    },
    { who: 'admin', label: 'system admin, paid, page 1', body: { ...range, paymentState: 'success' }, pageNum: 1 },
    { who: 'admin', label: 'system admin, paid, page 11', body: { ...range, paymentState: 'success' }, pageNum: 11 },
    { who: 'admin', label: 'system admin, unpaid, page 1', body: { ...range, paymentState: 'unpaid' }, pageNum: 1 },
    {
      who: 'devicemember',
      label: 'member with 20 assigned devices, paid, page 1',
      body: { ...range, paymentState: 'success' },
      pageNum: 1,
    },
    {
      who: 'devicemember',
      label: 'member with 20 assigned devices, paid, page 11',
      body: { ...range, paymentState: 'success' },
      pageNum: 11,
    },
  ] as const;
  await addDeviceMember(server.db, 'devicemember', assigned);
  const tokens = new Map<string, string>();
  for (const s of scenarios) if (!tokens.has(s.who)) tokens.set(s.who, await signIn(server.url, s.who));
  const request = async (token: string, path: string, body: object) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as {
      code: number;
      content: { list?: unknown[]; total?: number; capped?: boolean };
    };
    if (answer.code !== 200) throw new Error(`${path}: code ${answer.code}`);
    return answer.content;
  };
  const time = async (token: string, path: string, body: object, runs = RUNS) => {
    let content: Awaited<ReturnType<typeof request>> = {};
    const timed = await percentiles(
      async () => {
        content = await request(token, path, body);
      },
      runs,
      WARM_UP,
    );
    return { ...timed, content };
  };
  /** The request timed, then its statements run bare: printed both, budgeted their ratio. */
  const timeAgainstBare = async (label: string, token: string, path: string, body: object, ratio: number) => {
    const timed = await time(token, path, body);
    const statements = await statementsOf(server.db, () => request(token, path, body));
    const raw = await bare(server.db, statements, RUNS, WARM_UP);
    budgets.check(
      `  ${label} p95 ${timed.p95.toFixed(1)} ms ÷ its ${statements.length} statements bare p95 ${raw.p95.toFixed(1)} ms`,
      timed.p95 / raw.p95,
      ratio,
      '×',
    );
    return timed;
  };
  // One unmeasured pass over every scenario first: right after a bulk load of a million rows the process's code is
  // cold and the database is still writing the load back, which the first scenario alone would pay for.
  for (const s of scenarios) await time(tokens.get(s.who)!, `/order/page?pageNum=${s.pageNum}&pageSize=20`, s.body, 50);
  for (const s of scenarios) {
    const token = tokens.get(s.who)!;
    console.log(`order.page ${s.label}:`);
    const page = await timeAgainstBare(
      'page',
      token,
      `/order/page?pageNum=${s.pageNum}&pageSize=20`,
      s.body,
      BUDGET_P95_RATIO.page,
    );
    console.log(`  ${page.content.list!.length} rows, p50 ${page.p50.toFixed(1)} ms`);
    if (s.pageNum !== 1) continue;
    // Counted once per filter (the console keeps it while paging).
    console.log(`order.count ${s.label}:`);
    const count = await timeAgainstBare('count', token, '/order/count', s.body, BUDGET_P95_RATIO.count);
    console.log(`  ${count.content.total}${count.content.capped ? '+' : ''}, p50 ${count.p50.toFixed(1)} ms`);
  }

  // The dashboard, from the rollups the seed filled (bench/dashboard.ts).
  await benchDashboard(server, budgets, pgUrl !== undefined);
  await benchRollupMonth(server.db, budgets);

  // A real-time export as the desktop console makes it: the longest recent range of tenant1's orders that is still at most 1000.
  const liveFile = join(tmpdir(), `bench-live-${process.pid}.xlsx`);
  const core = createCore({
    upstreamUrl: server.url,
    vault: memoryVault(),
    prefs: memoryPrefs(),
    mode: 'desktop',
    version: 'bench',
    events: false,
    choosePath: async () => liveFile,
  });
  const signedIn = await core.call('session.signIn', { username: 'tenant1', password: DEMO_PASSWORD });
  if (!signedIn.ok) throw new Error('bench: sign-in through the core failed');
  const liveRange = (hours: number) => ({
    from: new Date(to.getTime() - hours * 3600_000).toISOString(),
    to: to.toISOString(),
  });
  let [fits, over] = [0.5, 48];
  for (let i = 0; i < 12; i++) {
    const mid = (fits + over) / 2;
    const check = await core.call('order.exportCheck', { body: liveRange(mid) });
    if (check.ok) fits = mid;
    else over = mid;
  }
  const liveSamples: number[] = [];
  let liveRows = 0;
  for (let i = -1; i < LIVE_RUNS; i++) {
    const t0 = performance.now();
    const result = await core.call('export.orders', {
      job: `bench-${i + 1}-${process.pid}`,
      filter: liveRange(fits),
      lang: 'zh-CN',
      name: 'orders.xlsx',
    });
    if (!result.ok || !(result.content as { saved: boolean }).saved)
      throw new Error(`bench: live export failed ${JSON.stringify(result)}`);
    if (i >= 0) liveSamples.push(performance.now() - t0);
    liveRows = (result.content as { rows: number }).rows;
  }
  await rm(liveFile, { force: true });
  liveSamples.sort((a, b) => a - b);
  console.log(
    `real-time export: ${liveRows} orders (last ${fits.toFixed(1)} h of tenant1), p50 ${at(liveSamples, 0.5).toFixed(0)} ms`,
  );
  budgets.check('  real-time export, slowest of 10', liveSamples.at(-1)!, BUDGET_LIVE_EXPORT_MS, 'ms');

  // The e-mail export of the whole year, as a running upstream's job takes it: claimed, written, kept, mailed.
  const work = await mkdtemp(join(tmpdir(), 'bench-export-'));
  // Kept in the database on PostgreSQL (the default). The embedded database is held in memory here, where kept files
  // would be the database's memory, not the job's: it keeps them on disk (STORAGE_DIR), as an upstream on a disk would.
  const storage = pgUrl ? databaseStorage(server.db) : diskStorage(join(work, 'files'));
  const [admin] = await server.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const year = {
    from: new Date(Date.now() - 366 * 24 * 3600_000).toISOString(),
    to: new Date(Date.now() + 3600_000).toISOString(),
  };
  // The raw work: every row of the same filter read through a cursor, bare, before the job reads them (no staff columns: the filter asks for none).
  const raw = await cursorRead(
    server.db,
    exportSelect(server.db, await orderWhere(server.db, platformScope, year), false).toSQL(),
  );
  const job = await queueExport(server.db, admin!.id, { filter: year, email: 'caiwu@huadong-vend.cn', lang: 'zh-CN' });
  global.gc?.();
  const before = process.memoryUsage();
  const baseline = before.rss;
  let peak = baseline;
  // At the peak, what the RSS held: V8's heap and the buffers outside it (a cure differs for each).
  let atPeak = process.memoryUsage();
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peak) [peak, atPeak] = [now.rss, now];
  }, 20);
  const t0 = performance.now();
  const taken = await runExportJobs(server.db, storage, { outbox: join(work, 'outbox'), linkBase: 'http://127.0.0.1' });
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const [done] = await server.db.select().from(exportJobs).where(eq(exportJobs.id, job.id));
  if (taken !== 1 || done?.state !== 'done' || !done.rows || !done.fileId)
    throw new Error(`bench: the export job did not finish: ${JSON.stringify(done)}`);
  const exported = done.rows;
  let size = 0;
  for await (const part of (await storage.read(done.fileId))!) size += part.length;
  await rm(work, { recursive: true, force: true });
  console.log(
    `e-mail export: ${exported} orders, ${(size / 1e6).toFixed(1)} MB of .xlsx kept and the link mailed, in ${seconds.toFixed(1)} s`,
  );
  if (raw.rows !== exported) throw new Error(`bench: the cursor read ${raw.rows} rows, the export ${exported}`);
  const rate = exported / seconds;
  budgets.check(
    `  export ${Math.round(rate)} rows/s ÷ a bare cursor's ${Math.round(raw.rowsPerSecond)} rows/s`,
    rate / raw.rowsPerSecond,
    BUDGET_EXPORT.shareOfCursor,
    '×',
    false,
  );
  // What the job adds to the process: the process itself here is a benchmark under tsx (and, on PGlite, the whole database).
  console.log(
    `  process RSS before the export ${(baseline / 1e6).toFixed(0)} MB (V8 heap ${(before.heapUsed / 1e6).toFixed(0)} MB used of ${(before.heapTotal / 1e6).toFixed(0)}, buffers ${(before.arrayBuffers / 1e6).toFixed(0)} MB), at its peak ${(peak / 1e6).toFixed(0)} MB (V8 heap ${(atPeak.heapUsed / 1e6).toFixed(0)} MB used of ${(atPeak.heapTotal / 1e6).toFixed(0)}, buffers ${(atPeak.arrayBuffers / 1e6).toFixed(0)} MB)`,
  );
  budgets.check('  export memory (RSS growth)', (peak - baseline) / 1e6, BUDGET_EXPORT.peakMb, 'MB');
} finally {
  await server.close();
}
budgets.finish(`order list at ${ORDERS} orders (${pgUrl ? 'PostgreSQL' : 'PGlite'})`);

/** Copies a machine `n` times for its tenant, channels included: ids of the copies. */
async function cloneDevices(db: typeof server.db, serial: string, n: number): Promise<number[]> {
  const columnsOf = async (table: string, skip: string[]) =>
    (
      (await db.execute(sql`select column_name as c from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' and identity_generation is null`)) as unknown as {
        rows: { c: string }[];
      }
    ).rows
      .map((r) => r.c)
      .filter((c) => !skip.includes(c))
      .map((c) => `"${c}"`)
      .join(', ');
  const deviceColumns = await columnsOf('devices', ['id', 'serial', 'name', 'secret_hash']);
  const channelColumns = await columnsOf('device_channels', ['device_id']);
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    const made = (await db.execute(
      sql.raw(`insert into devices ("serial", "name", ${deviceColumns})
      select 'VMBENCH${String(i).padStart(4, '0')}', '压测饮料机 ${i} 号', ${deviceColumns} from devices where serial = '${serial}' returning id`),
    )) as unknown as { rows: { id: number }[] };
    const id = made.rows[0]!.id;
    await db.execute(
      sql.raw(`insert into device_channels ("device_id", ${channelColumns})
      select ${id}, ${channelColumns} from device_channels where device_id = (select id from devices where serial = '${serial}')`),
    );
    ids.push(id);
  }
  return ids;
}

/** A member of tenant A holding the order list, assigned these devices. */
async function addDeviceMember(db: typeof server.db, username: string, deviceIds: readonly number[]) {
  const { memberDevices, roles } = await import('../server/identity/schema.js');
  const { hashPassword } = await import('../server/account/passwords.js');
  const [tenantA] = (
    (await db.execute(sql`select tenant_id as id from users where username = 'tenant1'`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const [role] = await db
    .insert(roles)
    .values({ tenantId: tenantA!.id, name: '压测店员', powers: ['6-1'] })
    .returning({ id: roles.id });
  const [user] = await db
    .insert(users)
    .values({
      username,
      name: '压测店员',
      kind: 'member',
      tenantId: tenantA!.id,
      roleId: role!.id,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning({ id: users.id });
  await db.insert(memberDevices).values(deviceIds.map((deviceId) => ({ userId: user!.id, deviceId })));
}
