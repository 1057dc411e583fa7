/**
 * Devices assigned to a member: the member then sees only those
 * devices and what they did — orders, channels, dashboard figures — from
 * its next call; with none assigned it sees its tenant's. Assignments are
 * of the member's tenant, within what the caller sees, never one's own.
 */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { addMember } from '../reliability/support/world.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant2']);
const idOf = async (username: string) =>
  (await t.ok('staff.page', { query: { pageNum: 1, pageSize: 5 }, body: { keyword: username } }, t.token.tenant1))
    .list[0]!.id;
const devicesSeen = async (token: string) =>
  (await t.ok('device.page', { query: { pageNum: 1, pageSize: 100 }, body: {} }, token)).list
    .map((d) => d.serial)
    .sort();
const ordersSeen = async (token: string) =>
  (await t.ok('order.page', { query: { pageNum: 1, pageSize: 200 }, body: {} }, token)).list;
const MONTH = { from: '2026-01-01', to: '2026-12-31' };

describe('staff.assignDevices', () => {
  it("narrows the member to its devices and their orders from its next call, and back to its tenant's when emptied", async () => {
    const username = await addMember(t, 'shopkeeper', t.ids.tenant('A'), ['1-1', '2-1', '6-1']);
    const token = await t.signIn(username);
    const id = await idOf(username);
    const everything = await devicesSeen(token);
    expect(everything.length).toBeGreaterThan(2);
    const assigned = ['VM2026000101', 'VM2026000102'];
    const member = await t.ok(
      'staff.assignDevices',
      { params: { id }, body: { deviceIds: assigned.map((s) => t.ids.device(s)) } },
      t.token.tenant1,
    );
    expect(member.devices).toBe(2);
    expect(await devicesSeen(token)).toEqual(assigned);
    const orders = await ordersSeen(token);
    expect(orders.length).toBeGreaterThan(0);
    expect(new Set(orders.map((o) => o.deviceId))).toEqual(new Set(assigned.map((s) => t.ids.device(s))));
    // Another device of its tenant is not there for it: its detail, its orders, its channels.
    const other = t.ids.device('VM2026000106');
    expect(await t.code('device.info', { params: { id: other } }, token)).toBe(CODE.deviceNotFound);
    expect(await t.code('order.page', { query: { pageNum: 1, pageSize: 5 }, body: { deviceId: other } }, token)).toBe(
      CODE.deviceNotFound,
    );
    // The dashboard's figures are its devices' alone.
    const mine = await t.ok('dashboard.figures', { body: MONTH }, token);
    const all = await t.ok('dashboard.figures', { body: MONTH }, t.token.tenant1);
    expect(mine.byDevice.every((d) => assigned.map((s) => t.ids.device(s)).includes(d.id as number))).toBe(true);
    expect(mine.totals.orders).toBeLessThan(all.totals.orders);
    expect(mine.totals.orders).toBe(mine.byDevice.reduce((n, d) => n + d.orders, 0));
    expect(mine.totals.quantity).toBe(mine.byProduct.reduce((n, p) => n + p.quantity, 0));
    expect((await t.ok('staff.devices', { params: { id } }, t.token.tenant1)).map((d) => d.serial).sort()).toEqual(
      assigned,
    );
    await t.ok('staff.assignDevices', { params: { id }, body: { deviceIds: [] } }, t.token.tenant1);
    expect(await devicesSeen(token)).toEqual(everything);
  });

  it("refuses another tenant's device (1201), another tenant's member (1524), and one's own assignment (1523)", async () => {
    const username = await addMember(t, 'nightclerk', t.ids.tenant('A'), ['2-1']);
    const id = await idOf(username);
    expect(
      await t.code(
        'staff.assignDevices',
        { params: { id }, body: { deviceIds: [t.ids.device('VM2026000301')] } },
        t.token.tenant1,
      ),
    ).toBe(CODE.deviceNotFound);
    // A second-level tenant's device is not of the member's tenant either.
    expect(
      await t.code(
        'staff.assignDevices',
        { params: { id }, body: { deviceIds: [t.ids.device('VM2026000201')] } },
        t.token.tenant1,
      ),
    ).toBe(CODE.deviceNotFound);
    expect(await t.code('staff.assignDevices', { params: { id }, body: { deviceIds: [] } }, t.token.tenant2)).toBe(
      CODE.memberNotFound,
    );
    const hr = await addMember(t, 'hrdesk', t.ids.tenant('A'), ['4-1', '2-1']);
    const hrToken = await t.signIn(hr);
    expect(
      (await t.call('staff.assignDevices', { params: { id: await idOf(hr) }, body: { deviceIds: [] } }, hrToken)).body
        .code,
    ).toBe(CODE.powerNotHeld);
    expect(
      await t.code(
        'staff.assignDevices',
        { params: { id }, body: { deviceIds: [t.ids.device('VM2026000101')] } },
        hrToken,
      ),
    ).toBe(CODE.ok);
  });
});

describe('staff.devices', () => {
  it("lists none for a member without assignments, and 1524 for another tenant's", async () => {
    const id = await idOf(await addMember(t, 'floater', t.ids.tenant('A'), ['2-1']));
    expect(await t.ok('staff.devices', { params: { id } }, t.token.tenant1)).toEqual([]);
    expect(await t.code('staff.devices', { params: { id } }, t.token.tenant2)).toBe(CODE.memberNotFound);
  });
});

describe('staff.deviceChoices', () => {
  it("offers the member's tenant's devices by keyword and point; another tenant's point is 1410", async () => {
    const id = await idOf(await addMember(t, 'picker', t.ids.tenant('A'), ['2-1']));
    const all = await t.ok('staff.deviceChoices', { params: { id }, body: {} }, t.token.tenant1);
    expect(all.length).toBeGreaterThan(5);
    expect(all.every((d) => d.serial.startsWith('VM20260001'))).toBe(true);
    const atPoint = await t.ok(
      'staff.deviceChoices',
      { params: { id }, body: { pointId: t.ids.point('hongqiao') } },
      t.token.tenant1,
    );
    expect(atPoint.map((d) => d.serial).sort()).toEqual([
      'VM2026000101',
      'VM2026000102',
      'VM2026000103',
      'VM2026000111',
    ]);
    expect(
      (await t.ok('staff.deviceChoices', { params: { id }, body: { keyword: '000106' } }, t.token.tenant1)).map(
        (d) => d.serial,
      ),
    ).toEqual(['VM2026000106']);
    expect(
      await t.code(
        'staff.deviceChoices',
        { params: { id }, body: { pointId: t.ids.point('tianhe') } },
        t.token.tenant1,
      ),
    ).toBe(CODE.pointNotFound);
  });
});
