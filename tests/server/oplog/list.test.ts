/**
 * The operation log's list (oplog.page): a tenant reads its own chain (its
 * second-level tenants' too) and never another's; the admin every chain;
 * a member holding 10-1 its tenant's; filters by who, operation (a domain's
 * with a trailing dot), target, time and result; the export, itself recorded.
 */
import { sheetRows } from '../sheets.js';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';
import { addMember } from '../reliability/support/world.js';

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

describe('oplog.export: and the log for a member, by time and domain', () => {
  it("shows a member holding 10-1 its tenant's records, and refuses one without it", async () => {
    const auditor = await t.signIn(await addMember(t, `auditor${process.pid}`, t.ids.tenant('A'), ['10-1']));
    const clerk = await t.signIn(await addMember(t, `clerk${process.pid}`, t.ids.tenant('A'), ['1-1']));
    await t.ok('point.info', { params: { id: t.ids.point('hongqiao') } }, t.token.tenant1);
    const seen = await page(auditor, { username: 'tenant1' });
    expect(seen.total).toBeGreaterThan(0);
    expect(await t.code('oplog.page', { query: {}, body: { tenantId: t.ids.tenant('B') } }, auditor)).toBe(
      CODE.tenantNotFound,
    );
    expect(await t.code('oplog.page', { query: {}, body: {} }, clerk)).toBe(CODE.forbidden);
    expect(await t.code('oplog.export', { query: {}, body: {} }, clerk)).toBe(CODE.forbidden);
  });

  it('filters by a time range and by every operation of a domain', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const mine = t.ids.point('hongqiao');
    const point = await t.ok('point.info', { params: { id: mine } }, t.token.tenant1);
    await t.ok(
      'point.update',
      { params: { id: mine }, body: { name: `${point.name}!`, areaCode: point.areaCode, address: point.address } },
      t.token.tenant1,
    );
    const domain = await page(t.token.tenant1, { op: 'point.', from: before });
    expect(domain.list.map((r) => r.op)).toContain('point.update');
    expect(domain.list.every((r) => r.op.startsWith('point.'))).toBe(true);
    expect((await page(t.token.tenant1, { op: 'point.', to: before, from: before })).total).toBe(0);
    // A dot alone is no wildcard for `%` or `_`: an operation named with them matches nothing.
    expect((await page(t.token.tenant1, { op: '%.' })).total).toBe(0);
  });

  it('exports the records of a filter as an .xlsx, and records the export with its filter and rows', async () => {
    const sheet = await t.ok(
      'oplog.export',
      { query: { lang: 'en' }, body: { username: 'tenant1', op: 'point.' } },
      t.token.tenant1,
    );
    expect(sheet.rows).toBeGreaterThan(0);
    const rows = await sheetRows(sheet.data);
    expect(rows[0]).toEqual([
      'No.',
      'Time',
      'By',
      'Role',
      'Tenant',
      'Kind',
      'Operation',
      'Targets',
      'Result',
      'Address',
      'Client',
      'Reason',
      'What changed',
    ]);
    expect(rows).toHaveLength(sheet.rows + 1);
    expect(rows.slice(1).every((r) => String(r[6]).startsWith('point.'))).toBe(true);
    const [record] = (await page(t.token.tenant1, { kind: 'export', op: 'oplog.export' })).list;
    expect(record).toMatchObject({
      username: 'tenant1',
      input: { body: { username: 'tenant1', op: 'point.' }, rows: sheet.rows },
      result: 0,
    });
    // A person's data taken out by GET is an export too, naming the member.
    const found = await t.ok('member.page', { query: {}, body: { keyword: '林小雨' } }, t.token.tenant1);
    const member = found.list[0]!.id;
    await t.ok('member.export', { params: { id: member } }, t.token.tenant1);
    const [taken] = (await page(t.token.tenant1, { kind: 'export', entity: 'member', targetId: member })).list;
    expect(taken).toMatchObject({ op: 'member.export', targets: [{ entity: 'member', id: member }] });
  });
});
