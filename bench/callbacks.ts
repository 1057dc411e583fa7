/**
 * Callbacks, measured: a real upstream on in-memory
 * PGlite (BENCH_DATABASE_URL for PostgreSQL) with its job runner, and a
 * receiver on this machine.
 * - Deliveries per second: N test events queued through the API, each signed
 *   and posted to the receiver by the job runner. Printed end to end (the
 *   API calls and the runner share the embedded database's one connection)
 *   and as the queue drains once they are all queued (the budget: one
 *   tenant's deliveries go two at a time).
 * - Time to the first retry: the receiver answers 500 to each message's
 *   first attempt; the wait until its second, with the default schedule
 *   (10 s ± 20 %), against that schedule plus 250 ms: the runner sleeps
 *   until its next job is due, not a poll period.
 * - A disabled tenant's sign-in: refused with 1403, and as fast as a good
 *   sign-in (the password is checked either way: ratio of the p50s).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../server/account/index.js';
import { startServer } from '../server/start.js';
import { at, Budgets, CLIENT, signIn } from './support.js';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1000);
const RETRIED = 10;
/** What the runner may take past a job's time to claim and send it (it wakes at the time: server/jobs/runner.ts). */
const WAKE_MS = 250;
const RETRY_BASE_MS = 10_000;
const SIGN_INS = 10;

process.env.CALLBACK_ALLOW_PRIVATE = '1';
const budgets = new Budgets();

/** Arrivals by webhook-id; `failFirst`: a message's first attempt is answered 500. */
const arrivals = new Map<string, number[]>();
let failFirst = false;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = String(req.headers['webhook-id']);
    const seen = arrivals.get(id) ?? [];
    seen.push(performance.now());
    arrivals.set(id, seen);
    res.writeHead(failFirst && seen.length === 1 ? 500 : 200).end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
const server = await startServer({
  port: 0,
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'memory://',
  demoData: true,
});

async function call<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ code: number; content: T }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as { code: number; content: T };
}
const received = () => [...arrivals.values()].reduce((n, a) => n + a.length, 0);
const until = async (done: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('bench: timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

try {
  const tenant1 = await signIn(server.url, 'tenant1');
  const saved = await call(tenant1, 'PUT', '/callback/settings', {
    eventUrl: hook,
    infoUrl: null,
    publicKey: null,
    events: [],
  });
  if (saved.code !== 200) throw new Error(`bench: callback.save ${saved.code}`);

  const started = performance.now();
  for (let i = 0; i < DELIVERIES; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, DELIVERIES - i) }, () => call(tenant1, 'POST', '/callback/test', {})),
    );
  }
  const queued = performance.now() - started;
  const atQueued = received();
  await until(() => received() >= DELIVERIES, 120_000);
  const seconds = (performance.now() - started) / 1000;
  const drain = (DELIVERIES - atQueued) / (seconds - queued / 1000);
  console.log(
    `deliveries: ${DELIVERIES} queued through the API in ${(queued / 1000).toFixed(1)} s (${atQueued} of them sent meanwhile), all received in ${seconds.toFixed(1)} s: ${(DELIVERIES / seconds).toFixed(0)} /s end to end`,
  );
  // The queue's own pace, once the API calls no longer share the database with it: two at a time for one tenant.
  budgets.check("deliveries per second to a local receiver, one tenant's queue draining", drain, 100, '/s', false);

  arrivals.clear();
  failFirst = true;
  for (let i = 0; i < RETRIED; i++) await call(tenant1, 'POST', '/callback/test', {});
  await until(() => [...arrivals.values()].filter((a) => a.length >= 2).length >= RETRIED, 60_000);
  const waits = [...arrivals.values()].map((a) => a[1]! - a[0]!).sort((a, b) => a - b);
  console.log(
    `first retry after a 500: p50 ${(at(waits, 0.5) / 1000).toFixed(1)} s, shortest ${(waits[0]! / 1000).toFixed(1)} s, longest ${(waits.at(-1)! / 1000).toFixed(1)} s (schedule ${RETRY_BASE_MS / 1000} s ± 20 %)`,
  );
  budgets.check('first retry, longest', waits.at(-1)!, RETRY_BASE_MS * 1.2 + WAKE_MS, 'ms');
  budgets.check('first retry, shortest', waits[0]!, RETRY_BASE_MS * 0.8, 'ms', false);

  const admin = await signIn(server.url, 'admin');
  const { content: page } = await call<{ list: { tenantId: number; username: string | null }[] }>(
    admin,
    'POST',
    '/tenant/page?pageNum=1&pageSize=50',
    {},
  );
  const tenant11 = page.list.find((d) => d.username === 'tenant11')!;
  const before = await signIn(server.url, 'tenant11');
  const timedSignIns = async (username: string) => {
    const samples: { ms: number; code: unknown }[] = [];
    for (let i = 0; i < SIGN_INS; i++) {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { authorization: CLIENT, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username, password: DEMO_PASSWORD }),
      });
      const body = (await res.json()) as { code?: number };
      samples.push({ ms: performance.now() - t0, code: body.code ?? res.status });
    }
    return samples;
  };
  const good = (await timedSignIns('tenant1')).map((s) => s.ms).sort((a, b) => a - b);
  const disabledAt = performance.now();
  await call(admin, 'PUT', '/tenant/state', { ids: [tenant11.tenantId], disabled: true });
  const stale = await call(before, 'POST', '/tenant/info', {});
  const cutOff = performance.now() - disabledAt;
  const refused = await timedSignIns('tenant11');
  if (!refused.every((s) => s.code === 1403) || stale.code === 200)
    throw new Error(`bench: tenant11 was not refused (${JSON.stringify(refused[0])}, old token ${stale.code})`);
  const refusals = refused.map((s) => s.ms).sort((a, b) => a - b);
  console.log(
    `disabled tenant: its old token refused (${stale.code}) ${cutOff.toFixed(0)} ms after the switch; sign-in refused with 1403 in p50 ${at(refusals, 0.5).toFixed(0)} ms (a good sign-in: p50 ${at(good, 0.5).toFixed(0)} ms)`,
  );
  budgets.check(
    "disabled tenant's sign-in refusal p50 ÷ a good sign-in's",
    at(refusals, 0.5) / at(good, 0.5),
    1.5,
    '×',
  );
} finally {
  await server.close();
  receiver.close();
}
budgets.finish('callbacks');
