/** Live device events (server/http/events.ts, server/device/events.ts): published at commit, fanned out per scope, switches respected, sessions re-checked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import type { DeviceEvent } from '../../../shared/device/index.js';
import type { LiveEvent } from '../../../shared/api/events.js';
import { suiteApp, deviceBasic, postgresUrl } from '../helpers.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { sweepOffline } from '../../../server/device/machine.js';
import { openDatabase } from '../../../server/db/index.js';
import { buildApp } from '../../../server/app.js';
import { publish } from '../../../server/http/events.js';
import { openEvents, type EventStream } from '../support/events.js';

const t = suiteApp(['tenant1'], { eventPingMs: 300, freshDemo: true });
let url: string;
const streams: EventStream[] = [];
beforeAll(async () => {
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of streams) s.close();
});

const open = async (token: string | undefined, base = url) => {
  const s = await openEvents(base, token);
  streams.push(s);
  return s;
};
const device = (e: LiveEvent) => e.data as DeviceEvent;
const about = (serial: string, kind: DeviceEvent['kind']) => (e: LiveEvent) =>
  e.topic === 'device' && device(e).serial === serial && device(e).kind === kind;
const machine = (op: 'device.heartbeat' | 'order.sale' | 'device.fault', body: object, serial: string) =>
  t.call(op, { body } as never, undefined, { authorization: deviceBasic(serial) });

describe('device events', () => {
  it('refuses a stream without a live session (1501)', async () => {
    const s = await openEvents(url, undefined);
    expect(s.status).toBe(401);
    expect(s).toMatchObject({ body: { code: CODE.tokenMissing } });
  });

  it('tells each scope of its own machines coming online, faulting and going offline, with the switch deciding the notification', async () => {
    const [a, a1, b] = [
      await open(t.token.tenant1),
      await open(await t.signIn('tenant11')),
      await open(await t.signIn('tenant2')),
    ];
    await t.db.update(devices).set({ online: false }).where(eq(devices.serial, 'VM2026000107'));
    await t.db
      .update(devices)
      .set({ online: false, notifications: sql`${devices.notifications} || '{"online": false}'::jsonb` })
      .where(eq(devices.serial, 'VM2026000203'));
    await machine('device.heartbeat', {}, 'VM2026000107');
    await machine('device.heartbeat', {}, 'VM2026000203');
    const online = device(await a.next(about('VM2026000107', 'online')));
    expect(online).toMatchObject({
      deviceId: t.ids.device('VM2026000107'),
      name: '备用饮料机 A-1',
      notify: true,
      at: expect.any(String),
    });
    // A1's machine: its own tenant and the first-level tenant above hear it, its switch off.
    expect(device(await a1.next(about('VM2026000203', 'online'))).notify).toBe(false);
    await a.next(about('VM2026000203', 'online'));
    await machine('device.fault', { code: 'E-21', message: '制冷温度过高' }, 'VM2026000107');
    expect(device(await a.next(about('VM2026000107', 'fault')))).toMatchObject({
      code: 'E-21',
      message: '制冷温度过高',
    });
    await t.db
      .update(devices)
      .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(eq(devices.serial, 'VM2026000107'));
    await sweepOffline(t.db);
    await a.next(about('VM2026000107', 'offline'));
    // Another heartbeat of an online machine is no news.
    await machine('device.heartbeat', {}, 'VM2026000203');
    await new Promise((r) => setTimeout(r, 200));
    expect(a.events.filter(about('VM2026000203', 'online'))).toHaveLength(1);
    expect(a1.events.some((e) => device(e).serial === 'VM2026000107')).toBe(false);
    expect(b.events.some((e) => ['VM2026000107', 'VM2026000203'].includes(device(e).serial))).toBe(false);
  });

  it('announces locks from the console, sales, low stock at the warning value and the sales notice, and nothing for a refused sale', async () => {
    const a = await open(t.token.tenant1);
    const serial = 'VM2026000106';
    await t.ok('device.lock', { body: { ids: [t.ids.device(serial)], locked: true } }, t.token.tenant1);
    await a.next(about(serial, 'locked'));
    await t.ok('device.lock', { body: { ids: [t.ids.device(serial)], locked: false } }, t.token.tenant1);
    await a.next(about(serial, 'unlocked'));
    await t.db
      .update(devices)
      .set({ online: true, warningValue: 2, salesNotice: 3, channelSalesLimit: 2 })
      .where(eq(devices.serial, serial));
    await t.db
      .update(deviceChannels)
      .set({ stock: 3, enabled: true, locked: false })
      .where(and(eq(deviceChannels.deviceId, t.ids.device(serial)), eq(deviceChannels.number, 11)));
    const sale = (saleId: string, count: number) =>
      machine(
        'order.sale',
        { saleId, thirdPartyNumber: saleId, platform: 'wechat', paymentType: 'scan', items: [{ channel: 11, count }] },
        serial,
      );
    expect((await sale('ev-1', 1)).body.code).toBe(CODE.ok);
    expect(device(await a.next(about(serial, 'lowStock')))).toMatchObject({ channel: 11, stock: 2, notify: true });
    expect((await sale('ev-2', 2)).body.code).toBe(CODE.ok);
    expect((await sale('ev-3', 1)).body.code).toBe(CODE.insufficientStock);
    expect(
      (
        await machine(
          'order.sale',
          {
            saleId: 'ev-4',
            thirdPartyNumber: 'x',
            platform: 'wechat',
            paymentType: 'scan',
            items: [{ channel: 12, count: 1 }],
          },
          serial,
        )
      ).body.code,
    ).toBe(CODE.ok);
    expect(device(await a.next(about(serial, 'salesNotice')))).toMatchObject({ count: 3 });
    await new Promise((r) => setTimeout(r, 200));
    // Three sales made, one refused: three sale events; the warning only when a channel crossed it.
    expect(a.events.filter(about(serial, 'sale'))).toHaveLength(3);
    expect(a.events.filter(about(serial, 'lowStock'))).toHaveLength(1);
  });

  it('ends the stream of a session that signed out', async () => {
    const token = await t.signIn('tenant1');
    const s = await open(token);
    await t.ok('account.exit', { query: { token } }, token);
    await s.ended;
  });
});

describe.runIf(postgresUrl)('device events across two upstream instances', () => {
  it("delivers every event published on one instance to the other's subscribers", async () => {
    const database = await openDatabase(postgresUrl!);
    const second = await buildApp({ db: database });
    try {
      const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
      const s = await open(t.token.tenant1, secondUrl);
      await t.db.update(devices).set({ online: false }).where(eq(devices.serial, 'VM2026000108'));
      await machine('device.heartbeat', {}, 'VM2026000108');
      await s.next(about('VM2026000108', 'online'));
      const N = 2000;
      const started = performance.now();
      for (let i = 0; i < N; i++)
        await publish(t.db, 'device', t.ids.tenant('A'), { kind: 'sale', serial: `burst-${i}` });
      await s.next((e) => (e.data as { serial: string }).serial === `burst-${N - 1}`, 30_000);
      const seconds = (performance.now() - started) / 1000;
      expect(s.events.filter((e) => (e.data as { serial: string }).serial.startsWith('burst-'))).toHaveLength(N);
      console.log(`events: ${N} across two instances in ${seconds.toFixed(2)} s (${Math.round(N / seconds)}/s)`);
    } finally {
      await second.close();
      await database.close();
    }
  });
});
