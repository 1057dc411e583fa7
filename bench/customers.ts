/**
 * Staff imports, measured:
 * - Read and validated: 50 000 rows of an .xlsx with 1 % bad ones through
 *   the upstream's own reader (server/imports/sheet.ts with the staff sheet: exceljs's
 *   streaming reader, each row checked with the single add's schema), best
 *   of three — ≥ 60 000 rows/s.
 * - The whole import on a real upstream (in-memory PGlite; BENCH_DATABASE_URL
 *   for PostgreSQL): the upload, the job reading and writing 49 500 rows in
 *   one transaction, the report; the upstream's peak RSS above its idle
 *   (sampled every 5 ms) — ≤ 150 MB. End to end rows/s printed.
 */
import { performance } from 'node:perf_hooks';
import { xlsxBytes, type Cell } from '../server/http/xlsx.js';
import { staffImporter } from '../server/customer/import.js';
import { readSheet } from '../server/imports/index.js';
import { startServer } from '../server/start.js';
import { Budgets, signIn } from './support.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const budgets = new Budgets();

const rows: Cell[][] = [];
for (let i = 1; i <= ROWS; i++) {
  const bad = i % 100 === 0;
  rows.push([
    `员工${i}`,
    '店员',
    `7${String(i).padStart(7, '0')}`,
    bad ? '12345' : `139${String(i).padStart(8, '0')}`,
    i % 7 === 0 ? '夜班' : '',
  ]);
}
const file = await xlsxBytes('员工', ['姓名', '职位', '员工卡号', '手机号', '备注'], rows);
console.log(`staff sheet: ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB`);

let best = Infinity;
for (let run = 0; run < 3; run++) {
  const t0 = performance.now();
  const sheet = await readSheet(file, staffImporter);
  best = Math.min(best, performance.now() - t0);
  if (sheet.read !== ROWS || sheet.bad.length !== ROWS / 100)
    throw new Error(`bench: read ${sheet.read} rows, ${sheet.bad.length} bad`);
}
budgets.check('staff rows read and validated', ROWS / (best / 1000), 60_000, 'rows/s', false);

const server = await startServer({
  port: 0,
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'memory://',
  demoData: true,
});
try {
  const token = await signIn(server.url, 'enterprise1');
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([file]), 'staff.xlsx');
  const queued = (await (
    await fetch(`${server.url}/customer/staff/import?mode=good&lang=zh-CN`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
  ).json()) as { code: number; content: { id: number } };
  if (queued.code !== 200) throw new Error(`bench: upload refused ${JSON.stringify(queued)}`);
  let state: { state: string; inserted: number; bad: number } | undefined;
  for (;;) {
    const res = (await (
      await fetch(`${server.url}/customer/staff/import/${queued.content.id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { content: typeof state };
    state = res.content;
    if (state!.state === 'done' || state!.state === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  if (state!.state !== 'done' || state!.inserted !== ROWS - ROWS / 100)
    throw new Error(`bench: import ended ${JSON.stringify(state)}`);
  console.log(
    `staff import end to end: ${ROWS} rows (${state!.inserted} in, ${state!.bad} reported) in ${(ms / 1000).toFixed(1)} s = ${(ROWS / (ms / 1000)).toFixed(0)} rows/s`,
  );
  budgets.check('upstream peak RSS above idle during the import', (peak - idle) / 1024 / 1024, 150, 'MB');
} finally {
  await server.close();
}
budgets.finish('staff import');
