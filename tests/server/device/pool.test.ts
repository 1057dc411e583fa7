/** The device pool (spec §2 /devicePool, system t.token.admin; §3 allocation status): models, registering, allocating, recycling, history. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { suiteApp, deviceBasic } from '../helpers.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';

const t = suiteApp(['admin', 'tenant2']);

const serialsOf = async (token: string, body: object = {}) =>
  (await t.ok('device.page', { query: { pageSize: 200 }, body }, token)).list.map((d) => d.serial);
const idOf = async (serial: string) =>
  (await t.db.select({ id: devices.id }).from(devices).where(eq(devices.serial, serial)))[0]!.id;
const history = async (serial: string) =>
  (await t.ok('device.allocations', { params: { id: await idOf(serial) } }, t.token.admin)).map((h) => [
    h.action,
    h.tenantName,
  ]);

describe('device.models', () => {
  it("lists the platform's models with their channels, capacity and devices, to the system t.token.admin only", async () => {
    const models = await t.ok('device.models', {}, t.token.admin);
    expect(models.find((m) => m.name === 'VM-S600')).toMatchObject({
      type: 'selling',
      channelCount: 60,
      capacity: 8,
      devices: 11,
    });
    expect(await t.code('device.models', {}, t.token.tenant2)).toBe(CODE.forbidden);
  });
});

describe('device.modelCreate', () => {
  it('adds a model with a unique name and channel counts within range', async () => {
    const made = await t.ok(
      'device.modelCreate',
      { body: { name: 'VM-F300', type: 'selling', channelCount: 30, capacity: 6, description: '智能冰柜' } },
      t.token.admin,
    );
    expect(made).toMatchObject({ name: 'VM-F300', channelCount: 30, devices: 0 });
    expect(
      await t.code(
        'device.modelCreate',
        { body: { name: 'VM-F300', type: 'selling', channelCount: 1, capacity: 1 } },
        t.token.admin,
      ),
    ).toBe(CODE.deviceModelTaken);
    const bad = await t.call(
      'device.modelCreate',
      { body: { name: 'X', type: 'selling', channelCount: 1000, capacity: -1 } },
      t.token.admin,
    );
    expect(bad.body.content.fields).toEqual({
      channelCount: 'device.validation.channelCount',
      capacity: 'device.validation.capacity',
    });
  });
});

describe('device.register', () => {
  it('registers devices of a model into the pool with their channels, unseen by every tenant', async () => {
    const [model] = (await t.ok('device.models', {}, t.token.admin)).filter((m) => m.name === 'VM-S800');
    expect(
      await t.ok(
        'device.register',
        { body: { modelId: model!.id, serials: ['vm2026000911', 'VM2026000912'] } },
        t.token.admin,
      ),
    ).toEqual({ created: 2 });
    const [row] = await t.db.select().from(devices).where(eq(devices.serial, 'VM2026000911'));
    expect(row).toMatchObject({
      tenantId: null,
      model: 'VM-S800',
      channelCount: 48,
      capacity: 12,
      allocation: 'normal',
      activated: false,
    });
    expect(await t.db.select().from(deviceChannels).where(eq(deviceChannels.deviceId, row!.id))).toHaveLength(48);
    expect(await serialsOf(t.token.admin, { inPool: true })).toEqual([
      'VM2026000901',
      'VM2026000902',
      'VM2026000903',
      'VM2026000911',
      'VM2026000912',
    ]);
    for (const user of ['tenant1', 'tenant11', 'tenant2'])
      expect(await serialsOf(await t.signIn(user), { keyword: 'VM20260009' })).toEqual([]);
    expect(await history('VM2026000911')).toEqual([['register', null]]);
  });

  it('registers all or none: a known serial (1206), a serial twice, an unknown model (1801)', async () => {
    const [model] = await t.ok('device.models', {}, t.token.admin);
    const known = await t.call(
      'device.register',
      { body: { modelId: model!.id, serials: ['VM2026000921', 'VM2026000101'] } },
      t.token.admin,
    );
    expect(known.body.code).toBe(CODE.deviceSerialTaken);
    const twice = await t.call(
      'device.register',
      { body: { modelId: model!.id, serials: ['VM2026000921', 'vm2026000921'] } },
      t.token.admin,
    );
    expect(twice.body.content.fields).toEqual({ 'serials.1': 'device.validation.serialRepeated' });
    expect(
      (await t.call('device.register', { body: { modelId: 99999, serials: ['VM2026000921'] } }, t.token.admin)).body
        .code,
    ).toBe(CODE.deviceModelNotFound);
    expect(
      (await t.call('device.register', { body: { modelId: model!.id, serials: ['VM 1'] } }, t.token.admin)).body.content
        .fields,
    ).toEqual({ 'serials.0': 'device.validation.serial' });
    expect(await serialsOf(t.token.admin, { keyword: 'VM2026000921' })).toEqual([]);
  });
});

describe('device.allocate', () => {
  it('gives pool devices to a tenant, who then sees them; a device with an owner is refused (1204)', async () => {
    expect(
      await t.ok(
        'device.allocate',
        { body: { ids: [t.ids.device('VM2026000901')], tenantId: t.ids.tenant('B') } },
        t.token.admin,
      ),
    ).toEqual({ changed: 1 });
    expect(await serialsOf(t.token.tenant2, { keyword: 'VM2026000901' })).toEqual(['VM2026000901']);
    const [row] = await t.db.select().from(devices).where(eq(devices.serial, 'VM2026000901'));
    expect(row).toMatchObject({ tenantId: t.ids.tenant('B'), allocation: 'allocated' });
    expect(await history('VM2026000901')).toEqual([
      ['register', null],
      ['allocate', '华南智慧零售有限公司'],
    ]);
    const again = await t.call(
      'device.allocate',
      { body: { ids: [t.ids.device('VM2026000902'), t.ids.device('VM2026000901')], tenantId: t.ids.tenant('A') } },
      t.token.admin,
    );
    expect(again.body.code).toBe(CODE.deviceNotInPool);
    // All or none: the pool device named with it stays in the pool.
    expect(await serialsOf(t.token.admin, { inPool: true, keyword: 'VM2026000902' })).toEqual(['VM2026000902']);
    expect(
      await t.code(
        'device.allocate',
        { body: { ids: [t.ids.device('VM2026000902')], tenantId: 99999 } },
        t.token.admin,
      ),
    ).toBe(CODE.tenantNotFound);
    expect(
      await t.code(
        'device.allocate',
        { body: { ids: [t.ids.device('VM2026000902')], tenantId: t.ids.tenant('B') } },
        t.token.tenant2,
      ),
    ).toBe(CODE.forbidden);
  });
});

describe('device.recycle', () => {
  it("takes devices back into the pool: off their point and their tenant's lists, channels emptied, sales refused (905)", async () => {
    const id = t.ids.device('VM2026000301');
    expect(await t.ok('device.recycle', { body: { ids: [id] } }, t.token.admin)).toEqual({ changed: 1 });
    expect(await serialsOf(t.token.tenant2, { keyword: 'VM2026000301' })).toEqual([]);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, id));
    expect(row).toMatchObject({ tenantId: null, pointId: null, allocation: 'recycled' });
    const channels = await t.db.select().from(deviceChannels).where(eq(deviceChannels.deviceId, id));
    expect(channels.every((c) => c.productId === null && c.stock === 0 && c.tenantId === null)).toBe(true);
    const sale = await t.call(
      'order.sale',
      {
        body: {
          saleId: 'r1',
          thirdPartyNumber: 'r1',
          platform: 'wechat',
          paymentType: 'scan',
          items: [{ channel: 1, count: 1 }],
        },
      },
      undefined,
      { authorization: deviceBasic('VM2026000301') },
    );
    expect(sale.body.code).toBe(CODE.deviceRecycled);
    expect((await history('VM2026000301')).at(-1)).toEqual(['recycle', '华南智慧零售有限公司']);
    expect(await t.code('device.recycle', { body: { ids: [id] } }, t.token.admin)).toBe(CODE.deviceAlreadyPooled);
    // Back out of the pool to another tenant, with a clean sheet.
    await t.ok('device.allocate', { body: { ids: [id], tenantId: t.ids.tenant('A') } }, t.token.admin);
    expect(await serialsOf(await t.signIn('tenant1'), { keyword: 'VM2026000301' })).toEqual(['VM2026000301']);
  });
});

describe('device.allocations', () => {
  it("is the system admin's alone", async () => {
    expect(await t.code('device.allocations', { params: { id: t.ids.device('VM2026000302') } }, t.token.tenant2)).toBe(
      CODE.forbidden,
    );
    expect(await history('VM2026000903')).toEqual([
      ['register', null],
      ['allocate', '华南智慧零售有限公司'],
      ['recycle', '华南智慧零售有限公司'],
    ]);
  });
});
