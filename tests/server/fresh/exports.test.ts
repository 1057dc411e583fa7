/**
 * The waste report and the quarantine as .xlsx: the rows of the filter in
 * the list's order, in the caller's language, each held report in words.
 */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';
import { sheetRows } from '../sheets.js';
import { coldFridge, minutesAgo, series } from './cold-support.js';

const t = suiteApp(['tenant1', 'tenant2']);
const { report } = coldFridge(t);

describe('fresh.wasteExport', () => {
  it("exports the demo's waste as the list shows it, in the language asked", async () => {
    const listed = await t.ok('fresh.waste', { query: { pageSize: 100 }, body: {} }, t.token.tenant1);
    expect(listed.total).toBeGreaterThan(0);
    const sheet = await t.ok('fresh.wasteExport', { query: { lang: 'en' }, body: {} }, t.token.tenant1);
    expect(sheet.rows).toBe(listed.total);
    const rows = await sheetRows(sheet.data);
    expect(rows[0]).toEqual(['Month', 'Device', 'Product', 'Units', 'Value', 'Removals', 'Reasons']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual(
      listed.list.map((w) => [w.deviceName, w.productName, w.units]),
    );
    expect((await t.ok('fresh.wasteExport', { query: {}, body: {} }, t.token.tenant2)).rows).toBe(0);
    expect(
      (await t.call('fresh.wasteExport', { query: {}, body: { month: '2026-13' } as never }, t.token.tenant1)).body
        .content?.fields,
    ).toEqual({ month: 'validation.invalid' });
  });
});

describe('fresh.quarantineExport', () => {
  it('exports each held report in words, held first', async () => {
    expect((await report(series(minutesAgo(900), [4, 27, 4]))).body.content.held).toBe(1);
    const listed = await t.ok('fresh.quarantine', { query: { pageSize: 100 }, body: {} }, t.token.tenant1);
    const sheet = await t.ok('fresh.quarantineExport', { query: { lang: 'zh-CN' }, body: {} }, t.token.tenant1);
    expect(sheet.rows).toBe(listed.total);
    const rows = await sheetRows(sheet.data);
    expect(rows[0]![2]).toBe('上报内容');
    expect(rows[1]![1]).toBe('温度突变');
    expect(String(rows[1]![2])).toContain('27.0 °C');
    expect(rows[1]![3]).toBe('待处理');
    expect((await t.call('fresh.quarantineExport', { query: {}, body: {} }, t.token.tenant2)).body.code).toBe(CODE.ok);
  });
});
