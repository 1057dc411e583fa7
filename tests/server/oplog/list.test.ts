/**
 * The operation log's list (oplog.page): a tenant reads its own chain (its
 * second-level tenants' too) and never another's; the admin every chain;
 * filters by who, operation, target and result.
 */
import { describe, expect, it } from 'vitest';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const page = (token: string, body: Record<string, unknown> = {}) =>
  t.ok('oplog.page', { query: { pageNum: 1, pageSize: 50 }, body }, token);

describe('oplog.page', () => {
  it("shows a tenant its own records, not another's; the admin both; by target and result", async () => {
    const mine = t.ids.point('hongqiao');
    const point = await t.ok('point.info', { params: { id: mine } }, t.token.tenant1);
    await t.ok(
      'point.update',
      { params: { id: mine }, body: { name: `${point.name}·`, areaCode: point.areaCode, address: point.address } },
      t.token.tenant1,
    );
    await t.call('point.delete', { params: { id: mine } }, t.token.tenant1);

    const own = await page(t.token.tenant1, { entity: 'point', targetId: mine });
    expect(own.list.map((r) => r.op)).toEqual(['point.delete', 'point.update']);
    expect(own.list[1]!.targets[0]).toMatchObject({ before: { name: point.name }, after: { name: `${point.name}·` } });
    expect((await page(t.token.tenant1, { entity: 'point', targetId: mine, result: 'refused' })).list).toHaveLength(1);
    expect((await page(t.token.tenant1, { username: 'tenant1', op: 'point.update' })).total).toBeGreaterThan(0);

    expect((await page(t.token.tenant2, { entity: 'point', targetId: mine })).total).toBe(0);
    expect((await page(t.token.tenant2, { username: 'tenant1' })).total).toBe(0);
    expect((await page(t.token.admin, { entity: 'point', targetId: mine })).total).toBe(2);
    expect((await page(t.token.admin, { tenantId: t.ids.tenant('A'), username: 'tenant1' })).total).toBeGreaterThan(0);
  });
});
