/** The device list (the part the point screens use; the devices issue grows it). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let tenant1: string;
beforeAll(async () => {
  t = await createTestApp();
  tenant1 = await t.signIn('tenant1');
});
afterAll(() => t.close());

describe('device.page', () => {
  it('filters by keyword, point, bound state and tenant, with the point name', async () => {
    const serials = async (body: object) =>
      (await t.ok('device.page', { query: { pageSize: 100 }, body }, tenant1)).list.map((d) => d.serial);
    expect(await serials({ keyword: '000105' })).toEqual(['VM2026000105']);
    expect(await serials({ keyword: '咖啡' })).toEqual(['VM2026000104']);
    expect(await serials({ pointId: t.ids.point('peoplesSquare') })).toEqual(['VM2026000104', 'VM2026000105']);
    expect(await serials({ bound: false, tenantId: t.ids.tenant('A') })).toEqual(['VM2026000107', 'VM2026000108', 'VM2026000109', 'VM2026000110']);
    expect(await serials({ bound: false })).toEqual(['VM2026000107', 'VM2026000108', 'VM2026000109', 'VM2026000110', 'VM2026000203']);
    expect(await serials({ bound: true, tenantId: t.ids.tenant('A1') })).toEqual(['VM2026000201', 'VM2026000202']);
    const page = await t.ok('device.page', { query: {}, body: { keyword: 'VM2026000101' } }, tenant1);
    expect(page.list[0]).toMatchObject({ pointName: '上海虹桥站 A 区', tenantId: t.ids.tenant('A'), serviceExpiry: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(page.total).toBe(1);
  });

  it('refuses a filter naming a point or tenant out of the caller\'s scope, like a lookup of it', async () => {
    const tenant2 = await t.signIn('tenant2');
    const foreignPoint = await t.call('device.page', { query: {}, body: { pointId: t.ids.point('peoplesSquare') } }, tenant2);
    expect(foreignPoint.body).toMatchObject({ code: CODE.pointNotFound });
    expect(JSON.stringify(foreignPoint.body)).not.toContain('VM2026000104');
    expect((await t.call('device.page', { query: {}, body: { tenantId: t.ids.tenant('A') } }, tenant2)).body.code).toBe(CODE.tenantNotFound);
    // A second-level tenant does not see its parent.
    const tenant11 = await t.signIn('tenant11');
    expect((await t.call('device.page', { query: {}, body: { tenantId: t.ids.tenant('A') } }, tenant11)).body.code).toBe(CODE.tenantNotFound);
    expect((await t.call('device.page', { query: {}, body: { pointId: 2 ** 31 - 1 } }, tenant1)).body.code).toBe(CODE.pointNotFound);
  });
});
