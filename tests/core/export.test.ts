/**
 * The real-time export (spec §9: at most 1000 orders, start and end time
 * required) as main writes it: checked by the upstream, paged, written into
 * an .xlsx read back here row by row against the list; on the desktop into
 * the chosen file under a temporary name, in browser mode as bytes for a
 * download; progress events and a cancel that leaves nothing behind.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { memoryPrefs } from '../../electron/core/prefs.js';
import { memoryVault } from '../../electron/core/vault.js';
import { CODE } from '../../shared/domains.js';
import type { BridgeEvent } from '../../shared/ipc.js';
import { chinaTime, EXPORT_TOPIC, sheetHeader, type ExportProgress, type OrderItem } from '../../shared/order/index.js';
import { DEMO_PASSWORD, desktopCore, startUpstream, type Upstream } from './support.js';

let upstream: Upstream;
let dir: string;
let chosen: string | null = null;
let browser: Core;
let desktop: Core;
/** A month of the first-level tenant's orders: some hundreds (several pages), under 1000. */
const month = {
  from: new Date(Date.now() - 30 * 86_400_000).toISOString(),
  to: new Date(Date.now() + 3_600_000).toISOString(),
};

const signedIn = async (core: Core, username: string) => {
  expect((await core.call('session.signIn', { username, password: DEMO_PASSWORD })).ok).toBe(true);
  return core;
};

beforeAll(async () => {
  upstream = await startUpstream();
  dir = await mkdtemp(path.join(tmpdir(), 'vend-export-'));
  browser = await signedIn(
    createCore({
      upstreamUrl: upstream.url,
      vault: memoryVault(),
      prefs: memoryPrefs(),
      mode: 'browser',
      version: '1',
      events: false,
    }),
    'tenant1',
  );
  desktop = await signedIn(
    desktopCore(upstream, {
      choosePath: async () => chosen,
    }),
    'tenant1',
  );
}, 60_000);
afterAll(async () => {
  await upstream.close();
  await rm(dir, { recursive: true, force: true });
});

const job = () => `job-${Math.random().toString(36).slice(2, 10)}`;

/** Every order of the filter through the list, as the console shows them. */
async function listed(core: Core, filter: object): Promise<OrderItem[]> {
  const all: OrderItem[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await core.call('order.page', { query: { pageNum, pageSize: 200 }, body: filter });
    if (!page.ok) throw new Error(JSON.stringify(page.error));
    const { list } = page.content as { list: OrderItem[] };
    all.push(...list);
    if (list.length < 200) return all;
  }
}

async function sheetRows(file: ExcelJS.Workbook): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  file.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('export.orders', () => {
  it("writes the filter's orders as the list shows them, with progress up to the last row (browser mode: the bytes)", async () => {
    const heard: ExportProgress[] = [];
    const stop = browser.subscribe((e: BridgeEvent) => {
      if (e.topic === EXPORT_TOPIC) heard.push(e.data as ExportProgress);
    });
    const id = job();
    const result = await browser.call('export.orders', { job: id, filter: month, lang: 'zh-CN', name: 'orders.xlsx' });
    stop();
    expect(result.ok).toBe(true);
    const content = (result as { content: { native: boolean; saved: boolean; rows: number; data: string } }).content;
    const orders = await listed(browser, { ...month, to: new Date().toISOString() });
    expect(orders.length).toBeGreaterThan(200);
    expect(orders.length).toBeLessThanOrEqual(1000);
    expect(content).toMatchObject({ native: false, saved: true, rows: orders.length });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(content.data, 'base64') as unknown as ArrayBuffer);
    const rows = await sheetRows(book);
    expect(rows[0]).toEqual(sheetHeader('zh-CN'));
    const at = (name: string) => rows[0]!.indexOf(name);
    expect(rows).toHaveLength(orders.length + 1);
    orders.forEach((o, i) => {
      const row = rows[i + 1]!;
      expect(row[0]).toBe(o.number);
      // A date the spreadsheet can filter by, shown as China's wall clock.
      expect(row[3]).toBeInstanceOf(Date);
      expect((row[3] as Date).toISOString().slice(0, 19).replace('T', ' ')).toBe(chinaTime(o.createdAt));
      expect(row[5]).toBe(o.receivedAmount / 100);
      expect(row[at('所属租户')]).toBe(o.tenantName);
      // The same campaign columns as the upstream's export: the discount in yuan, the activities, the coupon.
      expect(row[at('优惠金额')]).toBe(o.discount / 100);
      expect(row[at('优惠活动')]).toBe(o.activityNames.length ? o.activityNames.join('、') : undefined);
      expect(row[at('使用优惠券')]).toBe(o.couponUsed ? '是' : '否');
    });
    expect(heard.every((p) => p.job === id && p.total === orders.length)).toBe(true);
    expect(heard.at(-1)!.done).toBe(orders.length);
    expect(heard.map((p) => p.done)).toEqual([...heard.map((p) => p.done)].sort((a, b) => a - b));
  });

  it("adds the buyer's columns to a sheet of staff orders", async () => {
    const result = await browser.call('export.orders', {
      job: job(),
      filter: { ...month, kind: 'sale', customerStaff: true },
      lang: 'zh-CN',
      name: 'staff.xlsx',
    });
    const content = (result as { content: { rows: number; data: string } }).content;
    expect(content.rows).toBeGreaterThan(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(content.data, 'base64') as unknown as ArrayBuffer);
    const rows = await sheetRows(book);
    expect(rows[0]).toEqual(sheetHeader('zh-CN', true));
    const [customer, card] = [rows[0]!.indexOf('企业客户'), rows[0]!.indexOf('员工卡号')];
    expect(
      rows.slice(1).every((r) => r[customer] === '虹桥枢纽餐饮管理有限公司' && /^3100010\d$/.test(String(r[card]))),
    ).toBe(true);
  });

  it('writes into the file chosen on the desktop, renamed from its temporary name when complete', async () => {
    chosen = path.join(dir, '订单.xlsx');
    const result = await desktop.call('export.orders', { job: job(), filter: month, lang: 'en', name: 'orders.xlsx' });
    expect(result).toMatchObject({ ok: true, content: { native: true, saved: true, cancelled: false } });
    expect((result as { content: { data?: string } }).content.data).toBeUndefined();
    expect(await readdir(dir)).toEqual(['订单.xlsx']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(chosen);
    expect((await sheetRows(book))[0]).toEqual(sheetHeader('en'));
    await rm(chosen);
  });

  it('writes nothing when the save dialog is cancelled', async () => {
    chosen = null;
    const result = await desktop.call('export.orders', { job: job(), filter: month, lang: 'en', name: 'orders.xlsx' });
    expect(result).toMatchObject({ ok: true, content: { native: true, saved: false, cancelled: true, rows: 0 } });
    expect(await readdir(dir)).toEqual([]);
  });

  it('stops at a cancel between pages and leaves no file, not even the temporary one', async () => {
    chosen = path.join(dir, 'cancelled.xlsx');
    const id = job();
    let answer: unknown;
    const stop = desktop.subscribe((e) => {
      const p = e.data as ExportProgress;
      if (e.topic === EXPORT_TOPIC && p.job === id && p.done > 0 && answer === undefined)
        answer = desktop.call('export.cancel', { job: id });
    });
    const result = await desktop.call('export.orders', { job: id, filter: month, lang: 'zh-CN', name: 'orders.xlsx' });
    stop();
    expect(await answer).toEqual({ ok: true, content: { cancelled: true } });
    expect(result).toMatchObject({ ok: true, content: { saved: false, cancelled: true } });
    expect(await readdir(dir)).toEqual([]);
    expect(await desktop.call('export.cancel', { job: id })).toEqual({ ok: true, content: { cancelled: false } });
  });

  it('writes nothing and opens no dialog when no order matches', async () => {
    chosen = path.join(dir, 'never.xlsx');
    const before = { from: '2020-01-01T00:00:00+08:00', to: '2020-01-01T23:59:59+08:00' };
    const result = await desktop.call('export.orders', { job: job(), filter: before, lang: 'en', name: 'orders.xlsx' });
    expect(result).toEqual({ ok: true, content: { native: true, saved: false, cancelled: false, rows: 0 } });
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses more than 1000 orders with 977 (e-mail instead), before any dialog', async () => {
    const admin = await signedIn(
      desktopCore(upstream, {
        choosePath: () => Promise.reject(new Error('no dialog expected')),
      }),
      'admin',
    );
    const year = { from: new Date(Date.now() - 365 * 86_400_000).toISOString(), to: new Date().toISOString() };
    const result = await admin.call('export.orders', { job: job(), filter: year, lang: 'zh-CN', name: 'orders.xlsx' });
    expect(result).toMatchObject({ ok: false, error: { source: 'upstream', code: CODE.exportTooLarge } });
  });

  it('requires the start and end time and a file name ending in .xlsx', async () => {
    const result = await browser.call('export.orders', { job: job(), filter: {}, lang: 'zh-CN', name: 'orders.csv' });
    expect(result).toMatchObject({ ok: false, error: { source: 'local', code: CODE.badRequest } });
    expect(Object.keys((result as { error: { fields: Record<string, string> } }).error.fields).sort()).toEqual([
      'filter.from',
      'filter.to',
      'name',
    ]);
  });
});
