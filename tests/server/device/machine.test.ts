/** The device-facing API (ARCHITECTURE §11): activation's secret, heartbeats and presence, stock reports, faults, the per-device rate limit. */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CODE, type ApiInput, type ApiOp } from '../../../shared/domains.js';
import { clientBasic, deviceBasic, suiteApp } from '../helpers.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { sweepOffline } from '../../../server/device/machine.js';

const t = suiteApp(['tenant1'], { freshDemo: true });

const machine = <K extends ApiOp>(op: K, body: ApiInput<K>['body'], serial: string, secret?: string) =>
  t.call(op, { body } as ApiInput<K>, undefined, { authorization: deviceBasic(serial, secret) });
const deviceRow = async (serial: string) => (await t.db.select().from(devices).where(eq(devices.serial, serial)))[0]!;

describe('device.activate', () => {
  it('activates a device with a secret shown once; a new secret retires the old one', async () => {
    expect((await machine('device.heartbeat', {}, 'VM2026000110', 'anything')).body.code).toBe(CODE.deviceCredentials);
    const first = await t.ok('device.activate', { params: { id: t.ids.device('VM2026000110') } }, t.token.tenant1);
    expect(first).toMatchObject({ serial: 'VM2026000110', secret: expect.stringMatching(/^[\w-]{43}$/) });
    const row = await deviceRow('VM2026000110');
    expect(row.activated).toBe(true);
    expect(row.secretHash).not.toContain(first.secret);
    expect((await machine('device.heartbeat', {}, 'VM2026000110', first.secret)).body.code).toBe(CODE.ok);
    const second = await t.ok('device.activate', { params: { id: t.ids.device('VM2026000110') } }, t.token.tenant1);
    expect((await machine('device.heartbeat', {}, 'VM2026000110', first.secret)).body.code).toBe(
      CODE.deviceCredentials,
    );
    expect((await machine('device.heartbeat', {}, 'VM2026000110', second.secret)).body.code).toBe(CODE.ok);
  });

  it("refuses another tenant's device like a missing one", async () => {
    const tenant2 = await t.signIn('tenant2');
    const res = await t.call('device.activate', { params: { id: t.ids.device('VM2026000101') } }, tenant2);
    expect(res.body.code).toBe(CODE.deviceNotFound);
    expect(JSON.stringify(res.body)).not.toContain('VM2026000101');
  });
});

describe('device.qrcode', () => {
  it("says what the device's QR code holds: the purchase address with its serial, within scope", async () => {
    expect(await t.ok('device.qrcode', { params: { id: t.ids.device('VM2026000101') } }, t.token.tenant1)).toEqual({
      serial: 'VM2026000101',
      content: 'https://m.vend.example/d/VM2026000101',
    });
    expect(await t.code('device.qrcode', { params: { id: t.ids.device('VM2026000301') } }, t.token.tenant1)).toBe(
      CODE.deviceNotFound,
    );
  });
});

describe('device.heartbeat', () => {
  it("refuses missing, malformed and wrong credentials, another device's secret and a console client (1202, HTTP 401)", async () => {
    const heartbeat = (authorization: string | null) =>
      t.call('device.heartbeat', { body: {} }, undefined, { authorization });
    for (const authorization of [
      null,
      'Basic',
      'Basic !!',
      deviceBasic('VM2026000101', 'wrong'),
      deviceBasic('VM2026000101', 'x'.repeat(43)),
      deviceBasic(
        'VM2026000102',
        (await t.ok('device.activate', { params: { id: t.ids.device('VM2026000108') } }, t.token.tenant1)).secret,
      ),
      deviceBasic('VM9999999999'),
      clientBasic(),
      `Bearer ${t.token.tenant1}`,
    ]) {
      const res = await heartbeat(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.body.code).toBe(CODE.deviceCredentials);
    }
  });

  it('brings an offline machine online, answers its lock state and channels, and a silent one goes offline again', async () => {
    await t.db
      .update(devices)
      .set({ online: false, lastSeenAt: new Date(Date.now() - 3600_000) })
      .where(eq(devices.serial, 'VM2026000107'));
    const res = await machine('device.heartbeat', {}, 'VM2026000107');
    expect(res.body.content.locked).toBe(false);
    expect(res.body.content.channels).toHaveLength(60);
    expect(res.body.content.channels[0]).toMatchObject({
      number: 1,
      enabled: true,
      locked: false,
      price: expect.any(Number),
    });
    const row = await deviceRow('VM2026000107');
    expect(row.online).toBe(true);
    expect(Date.now() - row.lastSeenAt!.getTime()).toBeLessThan(10_000);
    expect((await machine('device.heartbeat', {}, 'VM2026000105')).body.content.locked).toBe(true);

    await t.db
      .update(devices)
      .set({ lastSeenAt: sql`now() - interval '91 seconds'` })
      .where(eq(devices.serial, 'VM2026000107'));
    const swept = await sweepOffline(t.db);
    expect(swept.map((d) => d.id)).toContain(t.ids.device('VM2026000107'));
    expect(swept.map((d) => d.id)).not.toContain(t.ids.device('VM2026000101'));
    expect((await deviceRow('VM2026000107')).online).toBe(false);
    expect(await sweepOffline(t.db)).not.toContainEqual(expect.objectContaining({ id: t.ids.device('VM2026000107') }));
  });

  it('refuses a recycled machine (905)', async () => {
    await t.db.update(devices).set({ allocation: 'recycled' }).where(eq(devices.serial, 'VM2026000304'));
    expect((await machine('device.heartbeat', {}, 'VM2026000304')).body.code).toBe(CODE.deviceRecycled);
    await t.db.update(devices).set({ allocation: 'normal' }).where(eq(devices.serial, 'VM2026000304'));
  });
});

describe('device.stockReport', () => {
  const stockOf = async (serial: string, number: number) =>
    (
      await t.db
        .select({ stock: deviceChannels.stock })
        .from(deviceChannels)
        .where(sql`${deviceChannels.deviceId} = ${t.ids.device(serial)} and ${deviceChannels.number} = ${number}`)
    )[0]!.stock;

  it('sets the stock of the channels named, within the capacity, all or none', async () => {
    const ok = await machine(
      'device.stockReport',
      {
        channels: [
          { number: 1, stock: 8 },
          { number: 2, stock: 0 },
        ],
      },
      'VM2026000101',
    );
    expect(ok.body.content).toEqual({ changed: 2 });
    expect([await stockOf('VM2026000101', 1), await stockOf('VM2026000101', 2)]).toEqual([8, 0]);
    const over = await machine(
      'device.stockReport',
      {
        channels: [
          { number: 1, stock: 3 },
          { number: 2, stock: 9 },
        ],
      },
      'VM2026000101',
    );
    expect(over.body).toMatchObject({
      code: CODE.badRequest,
      content: { fields: { 'channels.1.stock': 'device.validation.stockCapacity' } },
    });
    const unknown = await machine(
      'device.stockReport',
      {
        channels: [
          { number: 1, stock: 3 },
          { number: 61, stock: 1 },
        ],
      },
      'VM2026000101',
    );
    expect(unknown.body.content.fields).toEqual({ channels: 'device.validation.channel' });
    expect(await stockOf('VM2026000101', 1)).toBe(8);
  });
});

describe('device.fault', () => {
  it('records a fault until the machine recovers', async () => {
    const res = await machine('device.fault', { code: 'E-17', message: '出货电机卡住' }, 'VM2026000106');
    expect(Date.parse(res.body.content.faultAt)).toBeGreaterThan(Date.now() - 10_000);
    expect(await deviceRow('VM2026000106')).toMatchObject({ faultCode: 'E-17', faultMessage: '出货电机卡住' });
  });
});

describe('device.recover', () => {
  it('clears the fault, and says so only when there was one', async () => {
    await machine('device.fault', { code: 'E-03' }, 'VM2026000106');
    expect((await machine('device.recover', {}, 'VM2026000106')).body.content).toEqual({ recovered: true });
    expect(await deviceRow('VM2026000106')).toMatchObject({ faultCode: null, faultAt: null });
    expect((await machine('device.recover', {}, 'VM2026000106')).body.content).toEqual({ recovered: false });
  });
});

describe('device rate limit', () => {
  const limited = suiteApp([], { deviceLimit: { requests: 3, windowMs: 60_000 } });
  it("answers 1203 with Retry-After past a machine's requests per window, and counts each machine apart", async () => {
    const beat = (serial: string) =>
      limited.call('device.heartbeat', { body: {} }, undefined, { authorization: deviceBasic(serial) });
    for (let i = 0; i < 3; i++) expect((await beat('VM2026000101')).body.code).toBe(CODE.ok);
    const refused = await beat('VM2026000101');
    expect(refused).toMatchObject({ status: 429, body: { code: CODE.deviceTooManyRequests } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await beat('VM2026000102')).body.code).toBe(CODE.ok);
  });
});
