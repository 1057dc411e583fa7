/**
 * A fridge's day of temperatures at a fleet's scale (docs/domains/fresh.md#temperature):
 * BENCH_FRIDGES fridges (default 1 000) reading every minute, the months of
 * the last year made as the upstream makes them, and BENCH_FRIDGE_DAYS days
 * of readings loaded by SQL into the months they fall in (default 7 on
 * PostgreSQL, 2 on in-memory PGlite; `BENCH_FRIDGE_DAYS=365` on PostgreSQL
 * is the issue's whole year, half a billion rows, some hours to load). A
 * day's readings read one month's table by its key, so the size that
 * matters is a month's: 31 days fill one.
 *
 * Measured, turn about on the same connection, medians of ROUNDS over
 * different fridges and days: the day's page (`fridgeDay`: the device in
 * scope, the readings, the excursions overlapping the day, the range its
 * goods need) against its bare statement (the day's readings of the fridge
 * by the key); the inspector's .xlsx of the day printed beside; and a report
 * of a day's backlog (1 440 readings) through the whole report path.
 *
 * Budget: the day's page ≤ 3× its bare statement (the issue's).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { addDays, businessDay, businessInstant } from '../shared/business-time.js';
import { ensureTemperatureMonths } from '../server/fresh/index.js';
import { fridgeDay } from '../server/fresh/excursions.js';
import { temperatureLog } from '../server/fresh/log.js';
import { reportTemperatures } from '../server/fresh/cold.js';
import { platformScope } from '../server/scope.js';
import { rowsOf } from '../server/db/sql.js';
import { Budgets, demoServer, median } from './support.js';

const pgUrl = process.env.BENCH_DATABASE_URL;
const FRIDGES = Number(process.env.BENCH_FRIDGES ?? 1_000);
const DAYS = Number(process.env.BENCH_FRIDGE_DAYS ?? (pgUrl ? 7 : 2));
const RATIO = 3;
const ROUNDS = 21;
const MINUTE = 60_000;

const server = await demoServer(pgUrl);
const db = server.db;
const budgets = new Budgets();

try {
  const [fridge] = await rowsOf<{ id: number; tenantId: number }>(
    db,
    sql`select id, tenant_id as "tenantId" from devices where serial = 'VM2026000111'`,
  );
  const subject = fridge!.id;
  // The other fridges' readings under ids no device holds: a reading keeps no foreign key (a sensor's log).
  const t0 = performance.now();
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const from = now - DAYS * 86_400_000;
  await ensureTemperatureMonths(db, new Date(now - 366 * 86_400_000), new Date(now));
  await db.execute(sql`delete from fresh_temperatures where device_id = ${subject}`);
  // Day by day: one statement per day keeps each insert's memory bounded.
  for (let d = 0; d < DAYS; d++) {
    const dayFrom = new Date(from + d * 86_400_000).toISOString();
    await db.execute(sql`insert into fresh_temperatures (device_id, at, tenths)
      select case f when 0 then ${subject} else 1000000 + f end, ${dayFrom}::timestamptz + make_interval(mins => m),
        (40 + 8 * sin(m / 6.4 + f))::smallint
      from generate_series(0, ${FRIDGES - 1}) f cross join generate_series(0, 1439) m`);
  }
  await db.execute(sql`analyze fresh_temperatures`);
  const rows = FRIDGES * DAYS * 1440;
  const loadS = (performance.now() - t0) / 1000;
  console.log(
    `loaded ${rows.toLocaleString()} readings (${FRIDGES} fridges × ${DAYS} days) in ${loadS.toFixed(1)} s, ${Math.round(rows / loadS).toLocaleString()} rows/s`,
  );

  // Whole business days within the load, the subject fridge's.
  const days = Array.from({ length: Math.max(1, DAYS - 1) }, (_, i) => addDays(businessDay(from), i + 1));
  const bare = (day: string) =>
    rowsOf<{ at: Date; tenths: number }>(
      db,
      sql`select at, tenths from fresh_temperatures where device_id = ${subject}
      and at >= ${businessInstant(`${day} 00:00`)!.toISOString()}::timestamptz
      and at < ${businessInstant(`${addDays(day, 1)} 00:00`)!.toISOString()}::timestamptz order by at`,
    );
  const times = { bare: [] as number[], page: [] as number[], log: [] as number[] };
  // An unmeasured pass of each first: plans and caches warm.
  await bare(days[0]!);
  await fridgeDay(db, platformScope, subject, days[0]!);
  for (let i = 0; i < ROUNDS; i++) {
    const day = days[i % days.length]!;
    let t = performance.now();
    const found = await bare(day);
    times.bare.push(performance.now() - t);
    t = performance.now();
    const page = await fridgeDay(db, platformScope, subject, day);
    times.page.push(performance.now() - t);
    if (page.readings.length !== found.length) throw new Error(`the page read ${page.readings.length} readings`);
    if (i % 3 === 0) {
      t = performance.now();
      await temperatureLog(db, platformScope, subject, day, 'zh-CN');
      times.log.push(performance.now() - t);
    }
  }
  const bareMs = median(times.bare);
  const pageMs = median(times.page);
  console.log(
    `a day's page ${pageMs.toFixed(1)} ms (1 440 readings); its bare statement ${bareMs.toFixed(1)} ms; the day's .xlsx ${median(times.log).toFixed(1)} ms`,
  );
  budgets.check("a day's page over its bare statement", pageMs / bareMs, RATIO, '×');

  // A fridge back online sends a day of backlog at once: the whole report path, its excursion worked out, readings
  // new each time (between the loaded ones' minutes).
  const reports: number[] = [];
  const caller = { id: subject, serial: 'VM2026000111', tenantId: fridge!.tenantId };
  for (let i = 0; i < 5; i++) {
    const start = now - 86_400_000 + 30_000 + i * 1_000;
    const readings = Array.from({ length: 1440 }, (_, m) => ({
      at: new Date(start + m * MINUTE).toISOString(),
      celsius: 4 + Math.sin(m / 6.4),
    }));
    const t = performance.now();
    await reportTemperatures(db, caller, readings);
    reports.push(performance.now() - t);
  }
  console.log(`a day's backlog reported (1 440 readings): ${median(reports).toFixed(0)} ms`);
} finally {
  await server.close();
}
budgets.finish('fresh');
