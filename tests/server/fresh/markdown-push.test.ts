/**
 * Markdown ladders pushed to the machines: the tenant's ladders as they
 * were sent, delivered by the heartbeat with each perishable product's
 * steps and the channels' expiry, reported applied or failed once, a newer
 * push replacing one not yet applied, listed in the fleet's view.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MachineState } from '../../../shared/device/index.js';
import { devices } from '../../../server/device/index.js';
import { CODE } from '../../../shared/domains.js';
import { deviceBasic, suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const FRIDGE = 'VM2026000111';
const fridge = () => t.ids.device(FRIDGE);
const STEPS = [
  { hoursLeft: 24, percentOff: 30 },
  { hoursLeft: 6, percentOff: 60 },
];

const beat = async () =>
  (await t.call('device.heartbeat', { body: {} }, undefined, { authorization: deviceBasic(FRIDGE) })).body
    .content as MachineState;
const report = (pushId: number, body: object) =>
  t.call('fresh.markdownReport', { params: { id: pushId }, body } as never, undefined, {
    authorization: deviceBasic(FRIDGE),
  });
const push = (token = t.token.tenant1, body: object = { target: 'devices', deviceIds: [fridge()] }) =>
  t.call('fresh.pushMarkdowns', { body } as never, token);

describe('fresh.pushMarkdowns', () => {
  it("refuses without a ladder (1450), another tenant's device (1909), and a target without devices", async () => {
    expect((await push()).body.code).toBe(CODE.markdownsNone);
    await t.ok('fresh.saveMarkdown', { body: { categoryId: null, steps: STEPS } }, t.token.tenant1);
    expect(
      (await push(t.token.tenant1, { target: 'devices', deviceIds: [t.ids.device('VM2026000301')] })).body.code,
    ).toBe(CODE.pushRefUnknown);
    expect((await push(t.token.tenant1, { target: 'devices' })).body.content?.fields).toEqual({
      deviceIds: 'validation.required',
    });
  });

  it('sends the ladders as they are to each device, waiting for its heartbeat', async () => {
    const sent = await t.ok(
      'fresh.pushMarkdowns',
      { body: { target: 'devices', deviceIds: [fridge()] } },
      t.token.tenant1,
    );
    expect(sent.ladders).toEqual([{ categoryName: null, steps: STEPS }]);
    expect(sent.devices).toEqual([expect.objectContaining({ deviceId: fridge(), step: 'waiting', deliveredAt: null })]);
    expect(sent.createdBy).not.toBeNull();
  });
});

describe('device.heartbeat', () => {
  it("delivers the push with each perishable product's steps and each channel's next expiry", async () => {
    await t.db.update(devices).set({ locked: false }).where(eq(devices.serial, FRIDGE));
    const state = await beat();
    expect(state.markdowns.length).toBeGreaterThan(0);
    const last = state.markdowns.at(-1)!;
    expect(last.products.length).toBeGreaterThan(0);
    expect(last.products.every((p) => JSON.stringify(p.steps) === JSON.stringify(STEPS))).toBe(true);
    // The fridge's stocked lanes say their next unit's last day.
    expect(state.channels.some((c) => c.expiresOn !== null)).toBe(true);
    const detail = await t.ok('fresh.markdownPush', { params: { id: last.pushId } }, t.token.tenant1);
    expect(detail.devices[0]).toMatchObject({ step: 'working', deliveredAt: expect.any(String) });
    // Delivered again until reported: a machine may have lost it to a restart.
    expect((await beat()).markdowns.map((x) => x.pushId)).toContain(last.pushId);
  });
});

describe('fresh.markdownReport', () => {
  it('takes a machine applying it once, and a failure with its reason', async () => {
    const { markdowns } = await beat();
    const id = markdowns.at(-1)!.pushId;
    expect((await report(id, { result: 'applied' })).body.content).toEqual({ step: 'done' });
    expect((await report(id, { result: 'applied' })).body.code).toBe(CODE.markdownPushNotActive);
    expect((await beat()).markdowns.map((x) => x.pushId)).not.toContain(id);
    const next = await t.ok(
      'fresh.pushMarkdowns',
      { body: { target: 'devices', deviceIds: [fridge()] } },
      t.token.tenant1,
    );
    await beat();
    expect((await report(next.id, { result: 'failed', reason: '屏幕固件过旧' })).body.content).toEqual({
      step: 'failed',
    });
    const detail = await t.ok('fresh.markdownPush', { params: { id: next.id } }, t.token.tenant1);
    expect(detail.devices[0]).toMatchObject({ step: 'failed', reason: '屏幕固件过旧' });
  });

  it('cancels what a device had not applied when a newer push comes', async () => {
    const first = await t.ok(
      'fresh.pushMarkdowns',
      { body: { target: 'devices', deviceIds: [fridge()] } },
      t.token.tenant1,
    );
    const second = await t.ok(
      'fresh.pushMarkdowns',
      { body: { target: 'devices', deviceIds: [fridge()] } },
      t.token.tenant1,
    );
    const replaced = await t.ok('fresh.markdownPush', { params: { id: first.id } }, t.token.tenant1);
    expect(replaced.devices[0]).toMatchObject({ step: 'cancelled', reason: `#${second.id}` });
    expect((await beat()).markdowns.map((x) => x.pushId)).toEqual([second.id]);
    expect((await report(first.id, { result: 'applied' })).body.code).toBe(CODE.markdownPushNotActive);
  });
});

describe('fresh.markdownPush', () => {
  it("is the tenant's: another tenant's caller finds nothing (1451); the fleet's view lists it", async () => {
    const sent = await t.ok(
      'fresh.pushMarkdowns',
      { body: { target: 'devices', deviceIds: [fridge()] } },
      t.token.tenant1,
    );
    expect((await t.call('fresh.markdownPush', { params: { id: sent.id } }, t.token.tenant2)).body.code).toBe(
      CODE.markdownPushNotActive,
    );
    const fleet = await t.ok(
      'device.pushes',
      { query: { pageSize: 100 }, body: { kind: 'markdown' } },
      t.token.tenant1,
    );
    expect(fleet.list.find((p) => p.id === sent.id)).toMatchObject({ kind: 'markdown', state: 'running' });
  });
});
