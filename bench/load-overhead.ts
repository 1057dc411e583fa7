/**
 * The stack's overhead in `npm run load` (bench/load.ts): `point.page` on one
 * upstream instance against the bare route (bench/load-bare.ts) sending
 * exactly its statements, turn about, under the same autocannon load.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { freePort, until } from '../scripts/upstream-process.js';
import { signIn, type Budgets } from './support.js';

/** point.page's throughput at least this share of the bare route's. */
export const OVERHEAD_BUDGET = 0.7;
/** Connections at once, seconds each, turns of (stack, bare), and the unmeasured warm-up of each. */
const OVERHEAD = { connections: 20, seconds: 10, turns: 3, warmUpSeconds: 3 };

export async function overhead({
  upstream,
  database,
  statementsFile,
  budgets,
}: {
  upstream: string;
  database: string;
  /** The JSON file of point.page's statements (bench/load-bare.ts reads it). */
  statementsFile: string;
  budgets: Budgets;
}): Promise<void> {
  // The stack's overhead: point.page on one instance against the bare route, turn about, the same load.
  const port = await freePort();
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/load-bare.ts'], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: database, BARE_STATEMENTS: statementsFile },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const bareUrl = `http://127.0.0.1:${port}`;
  await until(() =>
    fetch(`${bareUrl}/health`).then(
      (r) => r.ok,
      () => false,
    ),
  );
  const token = await signIn(upstream, 'tenant1');
  const totals = { stack: { requests: 0, p99: 0 }, bare: { requests: 0, p99: 0 } };
  const load = (url: string, seconds: number) =>
    autocannon({
      url: `${url}/point/page?pageNum=1&pageSize=20`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
      connections: OVERHEAD.connections,
      duration: seconds,
    });
  // Both warmed first, unmeasured: every pooled connection open and its statements prepared, the code compiled.
  for (const url of [upstream, bareUrl]) await load(url, OVERHEAD.warmUpSeconds);
  for (let turn = 0; turn < OVERHEAD.turns; turn++) {
    for (const [which, url] of [
      ['stack', upstream],
      ['bare', bareUrl],
    ] as const) {
      const r = await load(url, OVERHEAD.seconds);
      if (r.non2xx || r.errors) throw new Error(`load: ${which} answered ${r.non2xx} non-2xx and ${r.errors} errors`);
      totals[which].requests += r.requests.total;
      totals[which].p99 = Math.max(totals[which].p99, r.latency.p99);
      console.log(
        `${which} point.page, turn ${turn + 1}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
      );
    }
  }

  bare.kill();
  const seconds = OVERHEAD.turns * OVERHEAD.seconds;
  console.log(
    `point.page ${(totals.stack.requests / seconds).toFixed(0)} req/s (p99 ${totals.stack.p99} ms) against the bare route's ${(totals.bare.requests / seconds).toFixed(0)} (p99 ${totals.bare.p99} ms), ${OVERHEAD.connections} connections`,
  );
  budgets.check(
    'point.page throughput, share of the bare route',
    totals.stack.requests / totals.bare.requests,
    OVERHEAD_BUDGET,
    '×',
    false,
  );
}
