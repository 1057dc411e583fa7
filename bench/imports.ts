/**
 * Imports from an .xlsx (server/imports), measured for each sheet that uses
 * the machinery — enterprise staff (five columns) and a customer group's
 * phones (one column):
 * - Read and validated: 50 000 rows with 1 % bad ones through the upstream's
 *   own reader (server/imports/sheet.ts: exceljs's streaming reader, each row
 *   checked by the domain's own check), best of three — ≥ 60 000 rows/s.
 * - The whole import on a real upstream (in-memory PGlite; BENCH_DATABASE_URL
 *   for PostgreSQL): the upload, the job reading and writing 49 500 rows in
 *   one transaction, the report; the upstream's peak RSS above its idle
 *   (sampled every 5 ms) — ≤ 150 MB. End to end rows/s printed.
 */
import { performance } from 'node:perf_hooks';
import { staffImporter } from '../server/customer/import.js';
import { groupSheet } from '../server/group/import.js';
import { xlsxBytes, type Cell } from '../server/http/xlsx.js';
import { readSheet, type SheetSpec } from '../server/imports/index.js';
import { startServer } from '../server/start.js';
import { Budgets, signIn } from './support.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const budgets = new Budgets();
const phone = (i: number, bad: boolean) => (bad ? '12345' : `139${String(i).padStart(8, '0')}`);

interface Case {
  name: string;
  /** The sheet's rows: every hundredth bad. */
  row: (i: number, bad: boolean) => Cell[];
  header: string[];
  spec: SheetSpec<unknown>;
  user: string;
  /** The upload's and the status's paths, once the case's target is made. */
  paths: (url: string, token: string) => Promise<{ upload: string; status: (id: number) => string }>;
}

const staff: Case = {
  name: 'staff',
  row: (i, bad) => [`员工${i}`, '店员', `7${String(i).padStart(7, '0')}`, phone(i, bad), i % 7 === 0 ? '夜班' : ''],
  header: ['姓名', '职位', '员工卡号', '手机号', '备注'],
  spec: staffImporter as SheetSpec<unknown>,
  user: 'enterprise1',
  paths: async () => ({ upload: '/customer/staff/import', status: (id) => `/customer/staff/import/${id}` }),
};

const group: Case = {
  name: 'group',
  row: (i, bad) => [phone(i, bad)],
  header: ['标识'],
  spec: groupSheet('phone') as SheetSpec<unknown>,
  user: 'tenant1',
  async paths(url, token) {
    const made = (await (
      await fetch(`${url}/group`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: '地铁通勤白领',
          definition: '地铁站点点位的通勤客户，凭手机号认领',
          identifier: 'phone',
          importMethod: 'preImport',
        }),
      })
    ).json()) as { code: number; content: { id: number } };
    if (made.code !== 200) throw new Error(`bench: group refused ${JSON.stringify(made)}`);
    return { upload: `/group/members/${made.content.id}/import`, status: (id) => `/group/import/${id}` };
  },
};

async function measure(c: Case) {
  const rows: Cell[][] = [];
  for (let i = 1; i <= ROWS; i++) rows.push(c.row(i, i % 100 === 0));
  const file = await xlsxBytes(c.name, c.header, rows);
  console.log(`${c.name} sheet: ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB`);

  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const sheet = await readSheet(file, c.spec);
    best = Math.min(best, performance.now() - t0);
    if (sheet.read !== ROWS || sheet.bad.length !== ROWS / 100)
      throw new Error(`bench: read ${sheet.read} rows, ${sheet.bad.length} bad`);
  }
  budgets.check(`${c.name} rows read and validated`, ROWS / (best / 1000), 60_000, 'rows/s', false);

  const server = await startServer({
    port: 0,
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'memory://',
    demoData: true,
  });
  try {
    const token = await signIn(server.url, c.user);
    const paths = await c.paths(server.url, token);
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([file]), `${c.name}.xlsx`);
    const queued = (await (
      await fetch(`${server.url}${paths.upload}?mode=good&lang=zh-CN`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json()) as { code: number; content: { id: number } };
    if (queued.code !== 200) throw new Error(`bench: upload refused ${JSON.stringify(queued)}`);
    let state: { state: string; inserted: number; bad: number } | undefined;
    for (;;) {
      const res = (await (
        await fetch(`${server.url}${paths.status(queued.content.id)}`, {
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
      `${c.name} import end to end: ${ROWS} rows (${state!.inserted} in, ${state!.bad} reported) in ${(ms / 1000).toFixed(1)} s = ${(ROWS / (ms / 1000)).toFixed(0)} rows/s`,
    );
    budgets.check(`upstream peak RSS above idle during the ${c.name} import`, (peak - idle) / 1024 / 1024, 150, 'MB');
  } finally {
    await server.close();
  }
}

await measure(staff);
await measure(group);
budgets.finish('imports');
