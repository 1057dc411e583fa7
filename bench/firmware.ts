/**
 * Firmware at a fleet's size, on disk storage (STORAGE_DIR, as one instance
 * or a shared directory keeps files; the database storage's bytea is
 * PGlite's slowest path and would time the embedded database instead):
 * - the admin uploads a 20 MB package in twenty checked parts;
 * - tenant A rolls the demo's 640 KB main board out to 200 simulated
 *   machines (server/simulator-update.ts: ranges, broken downloads resumed,
 *   a few damaged ones and power losses retried), the back-offs between
 *   attempts skipped (the rollout moved with a clock ten minutes ahead): the
 *   time to done is the machinery's, not the waits';
 * - 200 machines download the 20 MB package at once, a range at a time,
 *   hashing what arrives.
 * Budgets: the rollout ends with every machine done or failed for good; the
 * machines' requests other than heartbeats stay at a few per update beyond
 * its ranges (reports, retries: no polling storm); memory ≤ 100 MB above
 * idle while the 200 download 20 MB each (both sides share this process:
 * the figure is theirs together). Times and CPU printed beside them.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { FIRMWARE_LIMITS } from '../shared/firmware/index.js';
import { demoSecret, devices, ensureDemoSecrets, moduleVersions } from '../server/device/index.js';
import { advanceRollouts } from '../server/firmware/advance.js';
import { rollouts } from '../server/firmware/schema.js';
import { tenants } from '../server/identity/schema.js';
import { startSimulator } from '../server/simulator.js';
import { setPasswordCostForTests } from '../server/account/passwords.js';
import { startServer } from '../server/start.js';
import { Budgets, signIn } from './support.js';

const MACHINES = 200;
const SIZE = 20 * 1024 * 1024;
const MB = 1024 * 1024;

setPasswordCostForTests({ N: 2 ** 12, r: 8, p: 1 });
const budgets = new Budgets();
const storageDir = await mkdtemp(join(tmpdir(), 'vend-bench-firmware-'));
const server = await startServer({
  port: 0,
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'memory://',
  demoData: true,
  background: false,
  storageDir,
  deviceLimit: { requests: 1_000_000, windowMs: 60_000 },
});
const db = server.db;
// The machines' requests but heartbeats, counted as they reach the socket (the app listens already: no hook).
let requests = 0;
server.app.server.on('request', (req: { url?: string }) => {
  if (req.url?.startsWith('/device-api/') && !req.url.startsWith('/device-api/v1/heartbeat')) requests++;
});

const call = async (path: string, method: string, token: string, body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; content: never };
  if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.content;
};
const machine = (serial: string) => `Basic ${Buffer.from(`${serial}:${demoSecret(serial)}`).toString('base64')}`;

/** One machine's download of the whole package, a range at a time, hashed as it arrives. */
async function download(serial: string, id: number): Promise<string> {
  const hash = createHash('sha256');
  for (let from = 0; from < SIZE; from += MB) {
    const res = await fetch(`${server.url}/device-api/v1/firmware/${id}`, {
      headers: { authorization: machine(serial), range: `bytes=${from}-${Math.min(SIZE, from + MB) - 1}` },
    });
    if (res.status !== 206 || !res.body) throw new Error(`download: HTTP ${res.status}`);
    for await (const chunk of res.body) hash.update(chunk);
  }
  return hash.digest('hex');
}

try {
  const [a] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, '华东智售科技有限公司'));
  const serials = Array.from({ length: MACHINES }, (_, i) => `BENCH-FW-${String(i + 1).padStart(3, '0')}`);
  const made = await db
    .insert(devices)
    .values(
      serials.map((serial) => ({
        tenantId: a!.id,
        name: `压测饮料机 ${serial.slice(-3)}`,
        serial,
        type: 'selling' as const,
        model: 'VM-S600',
        online: true,
        activated: true,
        lastSeenAt: new Date(),
      })),
    )
    .returning({ id: devices.id });
  await ensureDemoSecrets(db, serials);
  await db
    .insert(moduleVersions)
    .values(made.map((d) => ({ deviceId: d.id, module: 'mainBoard' as const, version: '2.3.0' })));

  // The 20 MB package: twenty checked parts, then a draft, released.
  const admin = await signIn(server.url, 'admin');
  const bytes = Buffer.alloc(SIZE);
  for (let at = 0; at < SIZE; at += 32) createHash('sha256').update(String(at)).digest().copy(bytes, at);
  const checksum = createHash('sha256').update(bytes).digest('hex');
  const t0 = performance.now();
  const started = (await call('/firmware/uploads', 'POST', admin, { name: 'VM-S600_main_3.0.0.bin', size: SIZE })) as {
    uploadId: number;
    parts: number;
  };
  for (let part = 0; part < started.parts; part++) {
    const slice = bytes.subarray(part * FIRMWARE_LIMITS.partBytes, (part + 1) * FIRMWARE_LIMITS.partBytes);
    await call(`/firmware/uploads/${started.uploadId}/parts/${part}`, 'PUT', admin, {
      data: slice.toString('base64'),
      sha256: createHash('sha256').update(slice).digest('hex'),
    });
  }
  const models = (await call('/firmware/models', 'GET', admin)) as { id: number; name: string }[];
  const big = (await call('/firmware/packages', 'POST', admin, {
    modelId: models.find((m) => m.name === 'VM-S600')!.id,
    module: 'mainBoard',
    version: '3.0.0',
    fromVersion: null,
    notesZh: '压测',
    notesEn: 'Bench',
    uploadId: started.uploadId,
  })) as { id: number; sha256: string };
  await call(`/firmware/packages/${big.id}/release`, 'POST', admin);
  console.log(
    `upload of ${SIZE / MB} MB in ${started.parts} parts, made a package: ${(performance.now() - t0).toFixed(0)} ms`,
  );
  if (big.sha256 !== checksum) throw new Error('the package does not hold the bytes uploaded');

  // The rollout of the demo's main board 2.4.0 (640 KB) to the 200.
  const tenant = await signIn(server.url, 'tenant1');
  const page = (await call('/firmware/packages/page?pageNum=1&pageSize=5', 'POST', tenant, {
    keyword: 'VM-S600_mainBoard_2.4.0',
  })) as { list: { id: number }[] };
  const rollout = (await call('/firmware/rollouts', 'POST', tenant, {
    packageId: page.list[0]!.id,
    target: 'devices',
    deviceIds: made.map((d) => d.id),
    firstStage: 5,
    perMinute: 1000,
    concurrent: 50,
    window: null,
    threshold: 50,
    minDevices: 5,
    approval: false,
  })) as { id: number };
  const cpu0 = process.cpuUsage();
  const t1 = performance.now();
  requests = 0;
  const sim = startSimulator({
    url: server.url,
    serials,
    speed: 1000,
    tickMs: 250,
    heartbeatMs: 1000,
    updateFailures: { broken: 0.05, checksum: 0.02, powerLoss: 0.02 },
  });
  let state = 'running';
  while (state === 'running' && performance.now() - t1 < 300_000) {
    await advanceRollouts(db, new Date(Date.now() + 10 * 60_000));
    state = (await db.select({ state: rollouts.state }).from(rollouts).where(eq(rollouts.id, rollout.id)))[0]!.state;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - t1) / 1000;
  await sim.stop();
  const cpu = process.cpuUsage(cpu0);
  const info = (await call(`/firmware/rollouts/${rollout.id}`, 'GET', tenant)) as {
    done: number;
    failed: number;
    state: string;
  };
  const u = sim.stats.updates;
  console.log(
    `rollout to ${MACHINES} machines (640 KB, 50 at once): ${info.state} in ${seconds.toFixed(1)} s — ${info.done} done, ${info.failed} failed; attempts ended by a checksum ${u.checksum ?? 0}, by power loss ${u.powerLoss ?? 0}; downloads resumed ${u.resumed ?? 0}`,
  );
  console.log(
    `CPU over the rollout (both sides, this process): ${(((cpu.user + cpu.system) / 1e6 / seconds) * 100).toFixed(0)} % of one core`,
  );
  budgets.check(
    'rollout ended, every machine done or failed for good',
    info.state === 'done' && info.done + info.failed === MACHINES ? 1 : 0,
    1,
    'yes',
    false,
  );
  // A 640 KB package is one range; each attempt reports downloading, a quarter or two, installing, done or failed.
  budgets.check('requests per machine but heartbeats (ranges, reports, retries)', requests / MACHINES, 10, 'requests');

  // 200 machines download the 20 MB package at once.
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t2 = performance.now();
  const hashes = await Promise.all(serials.map((serial) => download(serial, big.id)));
  clearInterval(sampler);
  const took = (performance.now() - t2) / 1000;
  if (hashes.some((h) => h !== checksum)) throw new Error('a machine received other bytes than the package');
  console.log(
    `${MACHINES} machines downloaded ${SIZE / MB} MB each at once in ${took.toFixed(1)} s (${((MACHINES * SIZE) / MB / took).toFixed(0)} MB/s), every checksum right`,
  );
  budgets.check(`memory above idle while ${MACHINES} machines download ${SIZE / MB} MB`, (peak - idle) / MB, 100, 'MB');
} finally {
  await server.close();
  await rm(storageDir, { recursive: true, force: true });
}
budgets.finish('firmware');
