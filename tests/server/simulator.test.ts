/** The demo machines' simulator (server/simulator.ts): over HTTP only, it beats, sells down the stock (to members too) and takes payments. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, notLike, sql } from 'drizzle-orm';
import { createTestApp, deviceBasic, type TestApp } from './helpers.js';
import { devices, ensureDemoSecrets } from '../../server/device/index.js';
import { percentile, startSimulator, simulateFromEnv } from '../../server/simulator.js';
import { seeded } from '../../server/simulator-update.js';
import { CODE } from '../../shared/domains.js';
import { deviceChannels } from '../../server/device/schema.js';
import { orderItems, orders } from '../../server/order/index.js';
import { members, pointEntries } from '../../server/member/index.js';
import { freshExcursions, freshTemperatures } from '../../server/fresh/index.js';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('simulator', () => {
  it("sells a machine's stock down and takes a payment box's payments through the device-facing API", async () => {
    const ids = [t.ids.device('VM2026000101'), t.ids.device('VM2026000103')];
    const stock = async () =>
      (
        await t.db
          .select({ n: sql<number>`coalesce(sum(${deviceChannels.stock}), 0)::int` })
          .from(deviceChannels)
          .where(eq(deviceChannels.deviceId, ids[0]!))
      )[0]!.n;
    // Every channel one above the warning value: the sales drive some to it, and the pick list must find exactly those.
    await t.db.update(deviceChannels).set({ stock: 3 }).where(eq(deviceChannels.deviceId, ids[0]!));
    await t.db.update(devices).set({ warningValue: 2 }).where(eq(devices.id, ids[0]!));
    const before = await stock();
    // Fast enough for dozens of sales a second of simulated business, at a lunchtime's pace.
    const sim = startSimulator({
      url,
      serials: ['VM2026000101', 'VM2026000103'],
      speed: 20_000,
      tickMs: 50,
      random: seeded(7),
      clock: () => new Date('2026-11-24T04:30:00Z'),
    });
    await new Promise((r) => setTimeout(r, 2500));
    await sim.stop();
    expect(sim.stats.errors).toBe(0);
    expect(sim.stats.heartbeats).toBeGreaterThan(0);
    expect(sim.stats.sales).toBeGreaterThan(5);
    const made = await t.db
      .select({ id: orders.id, deviceId: orders.deviceId, kind: orders.kind })
      .from(orders)
      // The demo's history (server/order/seed.ts) aside.
      .where(and(inArray(orders.deviceId, ids), notLike(orders.saleId, 'seed-%')));
    expect(made.length).toBe(sim.stats.sales);
    expect(new Set(made.filter((o) => o.deviceId === ids[1]).map((o) => o.kind))).toEqual(new Set(['payment']));
    // Some sales name a member of tenant A's programme, who signed in through its mini-program and earned points.
    const byMembers = await t.db
      .select({ memberId: orders.memberId, tenantId: members.tenantId })
      .from(orders)
      .innerJoin(members, eq(members.id, orders.memberId))
      .where(and(inArray(orders.deviceId, ids), notLike(orders.saleId, 'seed-%')));
    expect(byMembers.length).toBeGreaterThan(0);
    expect(byMembers.length).toBeLessThan(made.length);
    expect(new Set(byMembers.map((o) => o.tenantId))).toEqual(new Set([t.ids.tenant('A')]));
    const [earned] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pointEntries)
      .where(inArray(pointEntries.memberId, [...new Set(byMembers.map((o) => o.memberId!))]));
    expect(earned!.n).toBeGreaterThan(0);
    const sold = made.filter((o) => o.deviceId === ids[0]);
    expect(sold.length).toBeGreaterThan(0);
    const items = await t.db
      .select({
        channel: orderItems.channel,
        count: orderItems.count,
        outcome: orderItems.outcome,
        failure: orderItems.failure,
      })
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          sold.map((o) => o.id),
        ),
      );
    // No refill by hand at this stock level: every item sold left its channel, except that a channel found empty is
    // empty and a jammed or stuck item went back to its channel (server/device/outcome.ts).
    expect(sim.stats.refills).toBe(0);
    const emptied = new Set(items.filter((i) => i.failure === 'empty').map((i) => i.channel));
    const channels = await t.db
      .select({ number: deviceChannels.number, stock: deviceChannels.stock })
      .from(deviceChannels)
      .where(eq(deviceChannels.deviceId, ids[0]!));
    const took = (n: number) =>
      items
        .filter((i) => i.channel === n && i.failure !== 'jam' && i.failure !== 'motor')
        .reduce((sum, i) => sum + i.count, 0);
    for (const c of channels)
      expect(c.stock, `channel ${c.number}`).toBe(emptied.has(c.number) ? 0 : 3 - took(c.number));
    expect(before).toBe(channels.length * 3);
    // Each vend's outcome was reported (bar the few left to time out), as the machine counted them.
    const reported = items.filter((i) => i.outcome !== null).length;
    expect(reported).toBe(
      Object.entries(sim.stats.outcomes)
        .filter(([k]) => k !== 'silent')
        .reduce((sum, [, n]) => sum + n, 0),
    );
    expect(reported).toBeGreaterThan(0);
    expect(items.filter((i) => i.outcome === 'delivered').length).toBe(sim.stats.outcomes.delivered ?? 0);
    expect(percentile(sim.stats.saleLatencies, 50)).toBeGreaterThan(0);

    const low = await t.db
      .select({ number: deviceChannels.number })
      .from(deviceChannels)
      .where(
        sql`${deviceChannels.deviceId} = ${ids[0]!} and ${deviceChannels.productId} is not null and ${deviceChannels.enabled} and ${deviceChannels.stock} <= 2`,
      );
    expect(low.length).toBeGreaterThan(0);
    const list = await t.ok('device.pickList', { body: { deviceIds: [ids[0]!] } }, await t.signIn('tenant1'));
    expect(
      list.points.flatMap((p) => p.devices.flatMap((d) => d.channels.map((c) => c.number))).sort((a, b) => a - b),
    ).toEqual(low.map((l) => l.number).sort((a, b) => a - b));
  });

  it("gives a demo database older than machine secrets its demo machines' secrets, and no one else's", async () => {
    await t.db
      .update(devices)
      .set({ secretHash: null })
      .where(sql`${devices.serial} in ('VM2026000106', 'VM2026000110')`);
    expect(await ensureDemoSecrets(t.db, ['VM2026000106', 'VM2026000110', 'VM2026000101'])).toBe(1);
    const heartbeat = (serial: string) =>
      t.call('device.heartbeat', { body: {} }, undefined, { authorization: deviceBasic(serial) });
    expect((await heartbeat('VM2026000106')).body.code).toBe(200);
    // Never activated: no secret to give.
    expect((await heartbeat('VM2026000110')).body.code).toBe(CODE.deviceCredentials);
    expect(await ensureDemoSecrets(t.db, ['VM2026000106'])).toBe(0);
  });

  it("reports the demo fridge's temperatures; a door left ajar locks its fresh food until acknowledged", async () => {
    const fridge = t.ids.device('VM2026000111');
    // The demo's own readings (on the minute) would stand where the sensor's backlog reads.
    await t.db.delete(freshTemperatures).where(eq(freshTemperatures.deviceId, fridge));
    await t.db.delete(freshExcursions).where(eq(freshExcursions.deviceId, fridge));
    // Two hours of backlog, a door left ajar at once (then not again for two hours): one excursion, back in range.
    const sim = startSimulator({
      url,
      serials: ['VM2026000111'],
      speed: 1,
      tickMs: 50,
      random: seeded(11),
      fridge: { backlogMinutes: 120, ajarPerHour: 6000 },
    });
    await new Promise((r) => setTimeout(r, 1500));
    await sim.stop();
    expect(sim.stats.errors).toBe(0);
    expect(sim.stats.readings).toBeGreaterThanOrEqual(120);
    expect(sim.stats.excursions).toBe(1);
    const tenant1 = await t.signIn('tenant1');
    const [board] = (await t.ok('fresh.fridges', { query: {}, body: { keyword: 'VM2026000111' } }, tenant1)).list;
    expect(board!.state).toBe('awaiting');
    const locked = await t.db
      .select({ number: deviceChannels.number })
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceId, fridge), eq(deviceChannels.locked, true)));
    expect(locked.map((c) => c.number)).toEqual(board!.lockedChannels);
    expect(locked.length).toBeGreaterThan(0);
    await t.ok(
      'fresh.acknowledgeExcursion',
      { params: { id: board!.excursion!.id }, body: { stockChecked: true } },
      tenant1,
    );
    const still = await t.db
      .select({ number: deviceChannels.number })
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceId, fridge), eq(deviceChannels.locked, true)));
    expect(still).toEqual([]);
  });

  it('runs with the demo data unless SIMULATE=0, at SIMULATE_SPEED', () => {
    expect(simulateFromEnv({})).toEqual({ speed: 1 });
    expect(simulateFromEnv({ SIMULATE_SPEED: '30' })).toEqual({ speed: 30 });
    expect(simulateFromEnv({ SIMULATE_SPEED: 'fast' })).toEqual({ speed: 1 });
    expect(simulateFromEnv({ SIMULATE: '0' })).toBe(false);
    expect(simulateFromEnv({ DEMO_DATA: '0' })).toBe(false);
  });
});
