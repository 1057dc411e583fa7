/**
 * Price changes: which devices fit and why not; now, at a set time and at
 * the next service visit, seen from the machine's heartbeat; the machine
 * applying (channels, version, history) or failing; conflicts refused
 * unless replaced; cancellation; sales at an older price version; scoping.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import {
  PRICE_CHANGE_STATES,
  priceChangeState,
  type PriceChangeInput,
  type PriceChangeState,
} from '../../../shared/price/index.js';
import { callbackDeliveries, callbackSettings } from '../../../server/callback/index.js';
import { deviceChannels, devices, pushParts } from '../../../server/device/index.js';
import { priceChanges } from '../../../server/price/schema.js';
import { deviceBasic, suiteApp } from '../helpers.js';
import { addMember } from '../reliability/support/world.js';
import { users } from '../../../server/account/index.js';

const t = suiteApp(['admin', 'tenant1', 'tenant2']);
const HONGQIAO = ['VM2026000101', 'VM2026000102'];
const id = (serial: string) => t.ids.device(serial);
const machine = (serial: string) => ({ authorization: deviceBasic(serial) });
const heartbeat = async (serial: string) =>
  (await t.call('device.heartbeat', { body: {} }, undefined, machine(serial))).body.content;
const report = (serial: string, changeId: number, body: object) =>
  t.call('price.report', { params: { id: changeId }, body: body as never }, undefined, machine(serial));
const visit = (serial: string, number: number) =>
  t.call('device.stockReport', { body: { channels: [{ number, stock: 1 }] } }, undefined, machine(serial));

/** A product both hongqiao machines hold, with a channel of each. */
let product: { id: number; channels: Record<string, number> };
const body = (over: Partial<PriceChangeInput> = {}): PriceChangeInput => ({
  target: 'devices',
  deviceIds: HONGQIAO.map(id),
  lines: [{ productId: product.id, price: 990, customerStaffPrice: 880 }],
  timing: 'now',
  replaces: [],
  ...over,
});
const create = (over: Partial<PriceChangeInput> = {}) => t.ok('price.create', { body: body(over) }, t.token.tenant1);
const channelPrice = async (serial: string) => {
  const [row] = await t.db
    .select({ price: deviceChannels.price, staff: deviceChannels.customerStaffPrice })
    .from(deviceChannels)
    .where(and(eq(deviceChannels.deviceId, id(serial)), eq(deviceChannels.number, product.channels[serial]!)));
  return row!;
};

/** The demo's changes stay; each test's own go. */
let demoChanges: number;
beforeAll(async () => {
  demoChanges = Number(
    (await t.db.select({ n: sql<number>`coalesce(max(${priceChanges.id}), 0)` }).from(priceChanges))[0]!.n,
  );
});
beforeEach(async () => {
  // A push part has no key to its push (it is any kind's): a change's parts go with it.
  await t.db.delete(pushParts).where(and(eq(pushParts.kind, 'price'), sql`${pushParts.pushId} > ${demoChanges}`));
  await t.db.delete(priceChanges).where(sql`${priceChanges.id} > ${demoChanges}`);
  await t.db
    .update(devices)
    .set({ online: true, priceVersion: 0 })
    .where(inArray(devices.id, HONGQIAO.map(id)));
  // The first product of the drinks machine, put in the snack machine's first channel too.
  const [first] = await t.db
    .select({ number: deviceChannels.number, productId: deviceChannels.productId })
    .from(deviceChannels)
    .where(and(eq(deviceChannels.deviceId, id(HONGQIAO[0]!)), isNotNull(deviceChannels.productId)))
    .orderBy(deviceChannels.number)
    .limit(1);
  await t.db
    .update(deviceChannels)
    .set({ productId: first!.productId })
    .where(and(eq(deviceChannels.deviceId, id(HONGQIAO[1]!)), eq(deviceChannels.number, 1)));
  product = { id: first!.productId!, channels: { [HONGQIAO[0]!]: first!.number, [HONGQIAO[1]!]: 1 } };
  await t.db
    .update(deviceChannels)
    .set({ price: 500, customerStaffPrice: 400, stock: 5, enabled: true, locked: false })
    .where(and(inArray(deviceChannels.deviceId, HONGQIAO.map(id)), eq(deviceChannels.productId, product.id)));
});

describe('price.products', () => {
  it("offers the products the target devices hold, with today's price range and how many hold each", async () => {
    const offered = await t.ok(
      'price.products',
      { body: { target: 'devices', deviceIds: HONGQIAO.map(id) } },
      t.token.tenant1,
    );
    expect(offered.find((p) => p.id === product.id)).toMatchObject({
      minPrice: 500,
      maxPrice: 500,
      minStaffPrice: 400,
      devices: 2,
    });
    expect(
      await t.code('price.products', { body: { target: 'devices', deviceIds: HONGQIAO.map(id) } }, t.token.tenant2),
    ).toBe(CODE.pushRefUnknown);
  });
});

describe('price.fit', () => {
  it('says which devices can take the change and why not the others', async () => {
    const all = await t.ok(
      'price.fit',
      { body: { ...body(), deviceIds: [...HONGQIAO, 'VM2026000103', 'VM2026000104'].map(id) } },
      t.token.tenant1,
    );
    expect(Object.fromEntries(all.map((d) => [d.serial, d.reason]))).toEqual({
      VM2026000101: null,
      VM2026000102: null,
      VM2026000103: 'paymentBox',
      VM2026000104: 'incompatible',
    });
  });
});

describe('price.report: a change sent now', () => {
  it('is delivered by the heartbeat, applied by the machine: channels, version, history', async () => {
    const change = await create();
    expect(change.counts).toMatchObject({ pending: 2 });
    const [serial] = HONGQIAO;
    const beat = await heartbeat(serial!);
    expect(beat.priceVersion).toBe(0);
    expect(beat.prices.map((p: { changeId: number }) => p.changeId)).toEqual([change.id]);
    // Every channel holding the product takes the new prices.
    expect(beat.prices[0].channels).toContainEqual({
      number: product.channels[serial!],
      price: 990,
      customerStaffPrice: 880,
    });
    expect(beat.prices[0].channels.every((c: { price: number }) => c.price === 990)).toBe(true);
    // Until it applies, the upstream keeps the price the machine sells at.
    expect(await channelPrice(serial!)).toEqual({ price: 500, staff: 400 });
    const applied = await report(serial!, change.id, { result: 'applied' });
    expect(applied.body.content).toEqual({ state: 'applied', version: 1 });
    expect(await channelPrice(serial!)).toEqual({ price: 990, staff: 880 });
    expect((await heartbeat(serial!)).priceVersion).toBe(1);
    expect((await report(serial!, change.id, { result: 'applied' })).body.code).toBe(CODE.priceChangeNotActive);
    const other = HONGQIAO[1]!;
    expect((await report(other, change.id, { result: 'applied' })).body.code).toBe(CODE.priceChangeNotActive);
    await heartbeat(other);
    await report(other, change.id, { result: 'failed', reason: 'panel busy' });
    const info = await t.ok('price.info', { params: { id: change.id } }, t.token.tenant1);
    expect(info.counts).toMatchObject({ applied: 1, failed: 1, pending: 0 });
    const parts = await t.ok('price.devices', { params: { id: change.id }, query: {}, body: {} }, t.token.tenant1);
    expect(parts.list.map((p) => [p.serial, p.state, p.reason, p.version])).toEqual([
      [serial, 'applied', null, 1],
      [other, 'failed', 'panel busy', null],
    ]);
    const history = await t.ok('price.history', { query: {}, body: { productId: product.id } }, t.token.tenant1);
    expect(history.list[0]).toMatchObject({
      changeId: change.id,
      serial,
      oldPrice: 500,
      price: 990,
      oldStaffPrice: 400,
      customerStaffPrice: 880,
      createdBy: 'tenant1',
    });
  });
});

describe('price.create: timing', () => {
  it('at the next service visit: nothing until the stock report, then delivered', async () => {
    const change = await create({ timing: 'visit' });
    const [serial] = HONGQIAO;
    expect((await heartbeat(serial!)).prices).toEqual([]);
    expect((await visit(serial!, product.channels[serial!]!)).body.code).toBe(CODE.ok);
    expect((await heartbeat(serial!)).prices.map((p: { changeId: number }) => p.changeId)).toEqual([change.id]);
    expect((await heartbeat(HONGQIAO[1]!)).prices).toEqual([]);
  });

  it('at a set time: refused in the past, held until then', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const refused = await t.call('price.create', { body: body({ timing: 'at', applyAt: past }) }, t.token.tenant1);
    expect(refused.body.code).not.toBe(CODE.ok);
    expect(JSON.stringify(refused.body)).toContain('applyAt');
    const change = await create({ timing: 'at', applyAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await heartbeat(HONGQIAO[0]!)).prices).toEqual([]);
    await t.db
      .update(priceChanges)
      .set({ applyAt: new Date(Date.now() - 1000) })
      .where(eq(priceChanges.id, change.id));
    expect((await heartbeat(HONGQIAO[0]!)).prices).toHaveLength(1);
  });
});

describe('price.cancel: conflicts and cancellation', () => {
  it('refuses a second change of the product unless it replaces the first, which then never applies', async () => {
    const first = await create({ timing: 'visit' });
    expect(
      await t.code(
        'price.create',
        { body: body({ lines: [{ productId: product.id, price: 1200, customerStaffPrice: 1000 }] }) },
        t.token.tenant1,
      ),
    ).toBe(CODE.priceConflict);
    const fit = await t.ok('price.fit', { body: body() }, t.token.tenant1);
    expect(fit.map((d) => [d.reason, d.conflicts])).toEqual([
      ['conflict', [first.id]],
      ['conflict', [first.id]],
    ]);
    const second = await create({ replaces: [first.id] });
    expect(second.replaces).toEqual([first.id]);
    const before = await t.ok('price.info', { params: { id: first.id } }, t.token.tenant1);
    expect(before.counts).toMatchObject({ cancelled: 2, pending: 0 });
    await visit(HONGQIAO[0]!, product.channels[HONGQIAO[0]!]!);
    const offered = (await heartbeat(HONGQIAO[0]!)).prices.map((p: { changeId: number }) => p.changeId);
    expect(offered).toEqual([second.id]);
    expect((await report(HONGQIAO[0]!, first.id, { result: 'applied' })).body.code).toBe(CODE.priceChangeNotActive);
  });

  it('cancels where unapplied; a delivered change cancelled is refused to the machine; once more is 1916', async () => {
    const change = await create();
    await heartbeat(HONGQIAO[0]!);
    const cancelled = await t.ok('price.cancel', { params: { id: change.id }, body: {} }, t.token.tenant1);
    expect(cancelled.counts).toMatchObject({ cancelled: 2 });
    expect((await report(HONGQIAO[0]!, change.id, { result: 'applied' })).body.code).toBe(CODE.priceChangeNotActive);
    expect(await channelPrice(HONGQIAO[0]!)).toEqual({ price: 500, staff: 400 });
    expect(await t.code('price.cancel', { params: { id: change.id }, body: {} }, t.token.tenant1)).toBe(
      CODE.priceChangeClosed,
    );
  });
});

describe('sales and price versions', () => {
  const sell = (serial: string, priceVersion?: number) =>
    t.call(
      'order.sale',
      {
        body: {
          saleId: `P${Math.random()}`,
          thirdPartyNumber: `T${Date.now()}${Math.random()}`.slice(0, 30),
          platform: 'wechat',
          paymentType: 'scan',
          items: [{ channel: product.channels[serial]!, count: 1 }],
          ...(priceVersion === undefined ? {} : { priceVersion }),
        },
      },
      undefined,
      machine(serial),
    );

  it('prices a sale at the version the machine had: old until applied, old within 15 min after, refused later or ahead', async () => {
    const [serial] = HONGQIAO;
    const change = await create();
    await heartbeat(serial!);
    expect((await sell(serial!, 0)).body.content.amount).toBe(500);
    expect((await sell(serial!, 1)).body.code).toBe(CODE.priceVersionUnknown);
    await report(serial!, change.id, { result: 'applied' });
    expect((await sell(serial!, 1)).body.content.amount).toBe(990);
    expect((await sell(serial!)).body.content.amount).toBe(990);
    // A sale the machine made before it applied, sent a moment later, is what the buyer paid.
    expect((await sell(serial!, 0)).body.content.amount).toBe(500);
    await t.db
      .update(pushParts)
      .set({ endedAt: new Date(Date.now() - 16 * 60_000) })
      .where(and(eq(pushParts.kind, 'price'), eq(pushParts.pushId, change.id)));
    expect((await sell(serial!, 0)).body.code).toBe(CODE.priceVersionStale);
  });
});

describe('price.page: scoping', () => {
  it('keeps a member with assigned devices to the changes of its devices, counted over them', async () => {
    const username = await addMember(t, 'pricer', t.ids.tenant('A'), ['2-1']);
    const [member] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    await t.ok(
      'staff.assignDevices',
      { params: { id: member!.id }, body: { deviceIds: [id(HONGQIAO[0]!)] } },
      t.token.tenant1,
    );
    const token = await t.signIn(username);
    const change = await create();
    const seen = (await t.ok('price.page', { query: {}, body: {} }, token)).list;
    expect(seen.map((c) => c.id)).toEqual([change.id]);
    expect(seen[0]!.counts.pending).toBe(1);
    const demo = (await t.ok('price.page', { query: {}, body: {} }, t.token.tenant1)).list.find(
      (c) => c.id !== change.id,
    )!;
    expect(await t.code('price.info', { params: { id: demo.id } }, token)).toBe(CODE.priceChangeNotFound);
  });

  it('keeps a tenant to its own devices, products and changes', async () => {
    const change = await create();
    expect(await t.code('price.info', { params: { id: change.id } }, t.token.tenant2)).toBe(CODE.priceChangeNotFound);
    expect(await t.code('price.cancel', { params: { id: change.id }, body: {} }, t.token.tenant2)).toBe(
      CODE.priceChangeNotFound,
    );
    expect(await t.code('price.create', { body: body() }, t.token.tenant2)).toBe(CODE.productNotFound);
    expect(await t.code('price.create', { body: body({ deviceIds: [id('VM2026000301')] }) }, t.token.tenant1)).toBe(
      CODE.pushRefUnknown,
    );
    expect(await t.code('price.create', { body: body({ replaces: [change.id + 1000] }) }, t.token.tenant1)).toBe(
      CODE.priceChangeNotFound,
    );
    // Tenant B's own (the demo's change at Shenzhen North) and none of A's.
    expect((await t.ok('price.page', { query: {}, body: {} }, t.token.tenant2)).list.map((c) => c.tenantId)).toEqual([
      t.ids.tenant('B'),
    ]);
    expect(
      (
        await t.ok('price.page', { query: {}, body: { open: true, deviceId: id(HONGQIAO[0]!) } }, t.token.tenant1)
      ).list.map((c) => c.id),
    ).toEqual([change.id]);
  });
});

describe('price.page: by state', () => {
  it("finds the changes in each state as a whole, as the list's state column reads them", async () => {
    // Partly: one machine applied it, the other failed it. Cancelled: cancelled before any applied. Sending: new.
    const partly = await create();
    for (const serial of HONGQIAO) await heartbeat(serial);
    await report(HONGQIAO[0]!, partly.id, { result: 'applied' });
    await report(HONGQIAO[1]!, partly.id, { result: 'failed', reason: 'panel busy' });
    const cancelled = await create({ timing: 'visit' });
    await t.ok('price.cancel', { params: { id: cancelled.id }, body: {} }, t.token.tenant1);
    const sending = await create({ timing: 'visit' });
    const ids = async (state?: PriceChangeState) =>
      (await t.ok('price.page', { query: { pageSize: 100 }, body: state ? { state } : {} }, t.token.tenant1)).list;
    const all = await ids();
    for (const state of PRICE_CHANGE_STATES)
      expect(
        (await ids(state)).map((c) => c.id),
        state,
      ).toEqual(all.filter((c) => priceChangeState(c.counts) === state).map((c) => c.id));
    expect((await ids('partly')).map((c) => c.id)).toContain(partly.id);
    expect((await ids('cancelled')).map((c) => c.id)).toContain(cancelled.id);
    expect((await ids('sending')).map((c) => c.id)).toContain(sending.id);
    expect((await ids('done')).map((c) => c.id)).not.toContain(sending.id);
    expect(await t.code('price.page', { query: {}, body: { state: 'lost' as never } }, t.token.tenant1)).toBe(
      CODE.badRequest,
    );
  });
});

describe('price.info', () => {
  it("says the demo's change waiting for a service visit: its product, prices and device", async () => {
    const waiting = (
      await t.ok('price.page', { query: {}, body: { open: true, deviceId: id('VM2026000105') } }, t.token.tenant1)
    ).list;
    expect(waiting).toHaveLength(1);
    const info = await t.ok('price.info', { params: { id: waiting[0]!.id } }, t.token.tenant1);
    expect(info).toMatchObject({ timing: 'visit', counts: { pending: 1 }, createdBy: 'tenant1' });
    expect(info.lines).toHaveLength(1);
    expect(info.products).toBe(info.lines[0]!.name);
  });
});

describe('price.devices', () => {
  it('lists the devices of a change by state', async () => {
    const change = await create();
    await heartbeat(HONGQIAO[0]!);
    const delivered = await t.ok(
      'price.devices',
      { params: { id: change.id }, query: {}, body: { state: 'delivered' } },
      t.token.tenant1,
    );
    expect(delivered.list.map((d) => d.serial)).toEqual([HONGQIAO[0]]);
    expect(delivered.list[0]!.deliveredAt).not.toBeNull();
    expect(await t.code('price.devices', { params: { id: change.id }, query: {}, body: {} }, t.token.tenant2)).toBe(
      CODE.priceChangeNotFound,
    );
  });
});

describe('price.history', () => {
  it("shows the demo's applied price by device and by product, to its tenant only", async () => {
    const byDevice = await t.ok(
      'price.history',
      { query: {}, body: { deviceId: id('VM2026000106') } },
      t.token.tenant1,
    );
    expect(byDevice.total).toBeGreaterThan(0);
    const row = byDevice.list[0]!;
    expect(row.price - row.oldPrice!).toBe(50);
    const byProduct = await t.ok('price.history', { query: {}, body: { productId: row.productId } }, t.token.tenant1);
    expect(byProduct.list.map((r) => r.serial)).toContain('VM2026000106');
    expect((await t.ok('price.history', { query: {}, body: {} }, t.token.tenant2)).total).toBe(0);
  });
});

describe('price.report: callbacks', () => {
  it("tells the tenant's webhook each machine's result: applied with its version, failed with its reason", async () => {
    await t.db
      .insert(callbackSettings)
      .values({ tenantId: t.ids.tenant('A'), eventUrl: 'https://hooks.example.com/vend', events: ['price'] })
      .onConflictDoUpdate({
        target: callbackSettings.tenantId,
        set: { eventUrl: 'https://hooks.example.com/vend', events: ['price'] },
      });
    const change = await create();
    for (const serial of HONGQIAO) await heartbeat(serial);
    await report(HONGQIAO[0]!, change.id, { result: 'applied' });
    await report(HONGQIAO[1]!, change.id, { result: 'failed', reason: 'panel busy' });
    const sent = await t.db
      .select({ body: callbackDeliveries.body })
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.type, 'price'));
    expect(sent.map((d) => JSON.parse(d.body).data)).toEqual([
      { changeId: change.id, deviceId: id(HONGQIAO[0]!), state: 'applied', version: 1 },
      { changeId: change.id, deviceId: id(HONGQIAO[1]!), state: 'failed', reason: 'panel busy' },
    ]);
  });
});
