/**
 * A price change at a fleet's size: tenant A sends a new price of one drink
 * to 1 000 simulated VM-S600 machines (server/simulator-price.ts: each
 * applies what its heartbeat delivers and says so), the machines beating
 * every 5 s and selling as they do.
 * Budgets: every machine has applied it within three heartbeats of the
 * change (the delivery rides the heartbeat: nothing polls for prices), and
 * the requests it cost — heartbeats while it was under way and the
 * machines' reports — stay at a few per applied machine. Times printed.
 */
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import { pushParts } from '../server/device/schema.js';
import { startSimulator } from '../server/simulator.js';
import { setPasswordCostForTests } from '../server/account/passwords.js';
import { startServer } from '../server/start.js';
import { Budgets, signIn } from './support.js';
import { benchMachines, tenantADrink } from './load-data.js';

const MACHINES = 1000;
const HEARTBEAT_MS = 10_000;

setPasswordCostForTests({ N: 2 ** 12, r: 8, p: 1 });
const budgets = new Budgets();
const server = await startServer({
  port: 0,
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'memory://',
  demoData: true,
  background: false,
  deviceLimit: { requests: 1_000_000, windowMs: 60_000 },
});
const db = server.db;
// What the change costs the upstream: heartbeats and price reports, counted as they reach the socket.
const counted = { heartbeats: 0, reports: 0 };
server.app.server.on('request', (req: { url?: string }) => {
  if (req.url?.startsWith('/device-api/v1/heartbeat')) counted.heartbeats++;
  else if (req.url?.startsWith('/device-api/v1/prices/')) counted.reports++;
});

try {
  // A drink of tenant A's Hongqiao machine: the one product the bench machines hold.
  const drink = await tenantADrink(db);
  const serials = Array.from({ length: MACHINES }, (_, i) => `BENCH-PR-${String(i + 1).padStart(4, '0')}`);
  const made = (await benchMachines(db, { ...drink, serials, capacity: 8 })).map((id) => ({ id }));

  const sim = startSimulator({
    url: server.url,
    serials,
    speed: 1,
    tickMs: 1000,
    heartbeatMs: HEARTBEAT_MS,
    priceFailure: 0,
    // A machine fallen silent would apply the change after its silence: what is measured here is the delivery.
    silencePerHour: 0,
  });
  // Every machine beats once before the change: they are in service.
  await new Promise((r) => setTimeout(r, HEARTBEAT_MS + 2000));
  const tenant = await signIn(server.url, 'tenant1');
  const res = await fetch(`${server.url}/price/changes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tenant}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      target: 'devices',
      deviceIds: made.map((d) => d.id),
      lines: [{ productId: drink.productId, price: 550, customerStaffPrice: 450 }],
      timing: 'now',
      replaces: [],
    }),
  });
  const change = ((await res.json()) as { code: number; content: { id: number } }).content;
  const t0 = performance.now();
  counted.heartbeats = 0;
  counted.reports = 0;
  let applied = 0;
  while (applied < MACHINES && performance.now() - t0 < 120_000) {
    await new Promise((r) => setTimeout(r, 200));
    applied = (
      await db
        .select({ id: pushParts.id })
        .from(pushParts)
        .where(and(eq(pushParts.kind, 'price'), eq(pushParts.pushId, change.id), eq(pushParts.step, 'done')))
    ).length;
  }
  const seconds = (performance.now() - t0) / 1000;
  const cost = counted.heartbeats + counted.reports;
  await sim.stop();
  console.log(
    `a price change to ${MACHINES} machines (heartbeat every ${HEARTBEAT_MS / 1000} s): ${applied} applied in ${seconds.toFixed(1)} s; ${counted.heartbeats} heartbeats and ${counted.reports} reports meanwhile; sales taken ${sim.stats.sales}`,
  );
  budgets.check('machines that applied the change', applied, MACHINES, 'machines', false);
  budgets.check('time until every machine applied it, in heartbeats', seconds / (HEARTBEAT_MS / 1000), 3, 'heartbeats');
  budgets.check(
    'requests per applied machine (heartbeats meanwhile and its report)',
    cost / Math.max(1, applied),
    4,
    'requests',
  );
} finally {
  await server.close();
}
budgets.finish('price');
