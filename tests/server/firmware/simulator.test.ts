/**
 * The simulator takes a rollout to 50 machines through to its end: ranges
 * downloaded (broken ones resumed), checksums checked (damaged downloads
 * failed and retried), power lost mid-install now and then (retried after
 * the reboot), each machine's new version reported — all over HTTP, with
 * the rollout moved as the upstream's background would move it.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, ensureDemoSecrets, moduleVersions } from '../../../server/device/index.js';
import { advanceRollouts } from '../../../server/firmware/advance.js';
import { rollouts } from '../../../server/firmware/schema.js';
import { startSimulator } from '../../../server/simulator.js';
import { seeded } from '../../../server/simulator-update.js';
import { suiteApp } from '../helpers.js';

// Fifty machines beating fast and downloading: past the device-facing API's default rate limit.
const t = suiteApp(['tenant1'], { deviceLimit: { requests: 100_000, windowMs: 60_000 } });
let url: string;
const SERIALS = Array.from({ length: 50 }, (_, i) => `SIM-FW-${String(i + 1).padStart(3, '0')}`);

// Fifty machines' keep-alive sockets must not hold the app's close past the hook's time (a loaded CI machine).
afterAll(() => t.app.server.closeAllConnections());
beforeAll(async () => {
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const made = await t.db
    .insert(devices)
    .values(
      SERIALS.map((serial) => ({
        tenantId: t.ids.tenant('A'),
        name: `测试饮料机 ${serial.slice(-3)}`,
        serial,
        type: 'selling' as const,
        model: 'VM-S600',
        online: true,
        activated: true,
        lastSeenAt: new Date(),
      })),
    )
    .returning({ id: devices.id });
  await ensureDemoSecrets(t.db, SERIALS);
  await t.db
    .insert(moduleVersions)
    .values(made.map((d) => ({ deviceId: d.id, module: 'mainBoard' as const, version: '2.3.0' })));
}, 60_000);

describe('simulator', () => {
  it('completes a rollout to 50 machines with broken downloads, bad checksums and power losses, retried', async () => {
    const [pkg] = (
      await t.ok('firmware.page', { query: {}, body: { keyword: 'VM-S600_mainBoard_2.4.0' } }, t.token.tenant1)
    ).list;
    const ids = (await t.db.select({ id: devices.id }).from(devices).where(like(devices.serial, 'SIM-FW-%'))).map(
      (d) => d.id,
    );
    const rollout = await t.ok(
      'firmware.rolloutCreate',
      {
        body: {
          packageId: pkg!.id,
          target: 'devices',
          deviceIds: ids,
          firstStage: 10,
          perMinute: 1000,
          concurrent: 20,
          window: null,
          threshold: 60,
          minDevices: 5,
          approval: false,
        },
      },
      t.token.tenant1,
    );
    expect(rollout.devices).toBe(50);
    const sim = startSimulator({
      url,
      serials: SERIALS,
      speed: 500,
      tickMs: 100,
      heartbeatMs: 300,
      random: seeded(11),
      // Each machine's attempts drawn from their own seed: the same failures whichever machine asks first.
      updateSeed: 11,
      updateFailures: { broken: 0.2, checksum: 0.1, powerLoss: 0.1 },
    });
    let state = 'running';
    const until = Date.now() + 90_000;
    while (state === 'running' && Date.now() < until) {
      // Back-offs (30 s and more) pass at once: the rollout moves as if minutes had gone by.
      await advanceRollouts(t.db, new Date(Date.now() + 10 * 60_000));
      state = (await t.db.select({ state: rollouts.state }).from(rollouts).where(eq(rollouts.id, rollout.id)))[0]!
        .state;
      await new Promise((r) => setTimeout(r, 200));
    }
    await sim.stop();
    const done = await t.ok('firmware.rolloutInfo', { params: { id: rollout.id } }, t.token.tenant1);
    expect(done.state).toBe('done');
    expect(done.done + done.failed).toBe(50);
    expect(done.done).toBeGreaterThanOrEqual(47);
    expect(sim.stats.errors).toBe(0);
    // Each way of failing happened, and was tried again.
    expect(sim.stats.updates.resumed).toBeGreaterThan(0);
    expect(sim.stats.updates.checksum).toBeGreaterThan(0);
    expect(sim.stats.updates.powerLoss).toBeGreaterThan(0);
    const running = await t.db
      .select({ id: moduleVersions.deviceId })
      .from(moduleVersions)
      .where(
        and(
          inArray(moduleVersions.deviceId, ids),
          eq(moduleVersions.module, 'mainBoard'),
          eq(moduleVersions.version, '2.4.0'),
        ),
      );
    expect(running).toHaveLength(done.done);
  }, 120_000);
});
