/**
 * The mixed load of `npm run load` (bench/load.ts): 200 sessions signed in
 * through the proxy, each from an address of its own, each one autocannon at
 * a request a second cycling through its kind's requests (bench/load-mix.ts),
 * while the simulator's machines sell through the proxy too. Prints and
 * checks throughput, p50 / p99 and errors per kind.
 */
import autocannon from 'autocannon';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pLimit from 'p-limit';
import { percentile, startSimulator } from '../server/simulator.js';
import { signIn, type Budgets } from './support.js';
import { MIX, type Kind } from './load-mix.js';

/** Load before the measured part, in ms. */
const WARM_UP_MS = 5000;
/** Per kind of request: no errors, p99 within this (everything on one 2-core machine). */
export const MIXED_BUDGET = { p99Ms: 200, errors: 0 };

export async function mixedLoad({
  url,
  seconds,
  serials,
  refundable,
  budgets,
}: {
  url: string;
  seconds: number;
  serials: readonly string[];
  refundable: readonly number[];
  budgets: Budgets;
}): Promise<void> {
  // 200 sessions, signed in through the proxy, each from an address of its own (the sign-in limits count per address).
  const sessions = new Map<Kind, { token: string; address: string }[]>();
  const signIns = MIX.flatMap((m) =>
    m.users.flatMap(([user, count]) => Array.from({ length: count }, () => ({ kind: m.kind, user }))),
  );
  // Eight at a time: each is a password hash on the instances.
  const limit = pLimit(8);
  const signed = await Promise.all(
    signIns.map(({ kind, user }, i) =>
      limit(async () => {
        const address = `10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`;
        return { kind, token: await signIn(url, user, { 'x-forwarded-for': address }), address };
      }),
    ),
  );
  for (const s of signed) sessions.set(s.kind, [...(sessions.get(s.kind) ?? []), s]);
  console.log(`${signed.length} sessions signed in through nginx`);

  // The fleet sells meanwhile, through the proxy too.
  const sim = startSimulator({ url, serials, speed: 60, tickMs: 1000 });
  await new Promise((r) => setTimeout(r, 5000));
  // The machines' sales counted from the end of the sessions' warm-up too (the simulator keeps the last 2 000 round trips).
  let salesBefore = sim.stats.sales;
  let errorsBefore = sim.stats.errors;
  setTimeout(() => {
    salesBefore = sim.stats.sales;
    errorsBefore = sim.stats.errors;
  }, WARM_UP_MS);
  const nextRefund = cycle(refundable);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const cpu0 = process.cpuUsage();
  // One autocannon per session, a request a second each, started at random within the first second: 200 clerks
  // clicking at their own moments (one autocannon's connections keep in step, all 200 at the same instant).
  const t0 = performance.now();
  const seen = new Map<Kind, { latencies: number[]; refused: Record<number, number>; failed: number }>(
    MIX.map((m) => [m.kind, { latencies: [], refused: {}, failed: 0 }]),
  );
  await Promise.all(
    signed.map(async (session) => {
      await new Promise((r) => setTimeout(r, Math.random() * 1000));
      const started = performance.now();
      const kind = seen.get(session.kind)!;
      const headers = {
        authorization: `Bearer ${session.token}`,
        'x-forwarded-for': session.address,
        'content-type': 'application/json',
      };
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const run = autocannon(
          {
            url,
            connections: 1,
            connectionRate: 1,
            duration: seconds + WARM_UP_MS / 1000,
            requests: MIX.find((m) => m.kind === session.kind)!.requests(headers, nextRefund),
          },
          (err, done) => (err ? reject(err) : resolve(done)),
        );
        run.on('response', (_client, status, _bytes, ms) => {
          // The first seconds warm the path (nginx's connections to the instances, each pooled connection's
          // prepared statements): not counted.
          if (performance.now() - started < WARM_UP_MS) return;
          kind.latencies.push(ms);
          if (status >= 400) kind.refused[status] = (kind.refused[status] ?? 0) + 1;
        });
      });
      kind.failed += result.errors + result.timeouts;
    }),
  );
  lag.disable();
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `this process (autocannon, the machines): event loop delay p50 ${(lag.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms; CPU ${(((cpu.user + cpu.system) / 1e6 / elapsed) * 100).toFixed(0)} % of a core`,
  );
  const sales = sim.stats.sales - salesBefore;
  const saleErrors = sim.stats.errors - errorsBefore;
  const saleLatencies = sim.stats.saleLatencies.slice(-sales);
  await sim.stop();

  console.log(
    `\nmixed load, ${seconds} s, ${signed.length} sessions and ${serials.length} machines (${sales} sales) through nginx to 2 instances (one 2-core machine runs all of it):`,
  );
  console.log('kind             sessions  requests    req/s   p50 ms   p99 ms   errors');
  const row = (kind: string, sessions: number, latencies: number[], errors: number, detail = '') =>
    console.log(
      `${kind.padEnd(16)} ${String(sessions).padStart(8)} ${String(latencies.length).padStart(9)} ${(latencies.length / seconds).toFixed(1).padStart(8)} ${percentile(latencies, 50).toFixed(0).padStart(8)} ${percentile(latencies, 99).toFixed(0).padStart(8)} ${String(errors).padStart(8)}${detail}`,
    );
  for (const [kind, { latencies, refused, failed }] of seen) {
    const errors = failed + Object.values(refused).reduce((a, b) => a + b, 0);
    const detail = errors ? `  (HTTP ${JSON.stringify(refused)}, ${failed} without an answer)` : '';
    row(kind, sessions.get(kind)!.length, latencies, errors, detail);
    budgets.check(`${kind}: errors`, errors, MIXED_BUDGET.errors, 'errors');
    budgets.check(`${kind}: p99`, percentile(latencies, 99), MIXED_BUDGET.p99Ms, 'ms');
  }
  row('sales (machines)', serials.length, saleLatencies, saleErrors);
  budgets.check('sales: errors', saleErrors, MIXED_BUDGET.errors, 'errors');
  budgets.check('sales: p99', percentile(saleLatencies, 99), MIXED_BUDGET.p99Ms, 'ms');
}

/** The items one after another, from the start again at the end. */
function cycle<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}
