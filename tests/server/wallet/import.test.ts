/**
 * Balances from the operator's old prepaid cards (server/wallet/import.ts) on the one import machinery: members
 * found by phone, each member's balance once (the same file twice credits nothing more, the same file at once
 * twice neither), another amount, an unknown phone, a balance past the cap and a bad cell reported; an import
 * is its uploader's.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { reconcile } from '../../../server/books/index.js';
import { xlsxBytes, type Cell } from '../../../server/http/xlsx.js';
import { members } from '../../../server/member/index.js';
import { moveWallet, wallets } from '../../../server/wallet/index.js';
import { multipart } from '../file/support.js';
import { suiteApp } from '../helpers.js';
import { memberSession } from '../member/support.js';
import { sheetRows } from '../sheets.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const A = () => t.ids.tenant('A');
let phones = 0;

/** A new member of tenant A with a phone of its own. */
async function memberWithPhone() {
  const { member } = await memberSession(t, A());
  const phone = `139${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(5, '0')}`;
  await t.db.update(members).set({ phone }).where(eq(members.id, member.id));
  return { id: member.id, phone };
}

const held = async (memberId: number) =>
  (
    await t.db
      .select({ principal: wallets.principal, bonus: wallets.bonus })
      .from(wallets)
      .where(eq(wallets.memberId, memberId))
  )[0] ?? { principal: 0, bonus: 0 };

const sheet = (rows: readonly (readonly Cell[])[]) =>
  xlsxBytes('储值余额', ['手机号', '本金（元）', '赠送金（元）', '原卡号'], rows);

const upload = async (bytes: Buffer, mode = 'good', token = t.token.tenant1, tenantId?: number) => {
  const { body, contentType } = multipart('file', 'balances.xlsx', bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: '/wallet/import',
    query: { mode, lang: 'zh-CN', ...(tenantId ? { tenantId: String(tenantId) } : {}) },
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
  return res.json() as { code: number; content: { id: number } };
};
const imported = async (bytes: Buffer, mode = 'good') => {
  const queued = await upload(bytes, mode);
  expect(queued.code, JSON.stringify(queued)).toBe(CODE.ok);
  await t.runJobs();
  return t.ok('wallet.importStatus', { params: { id: queued.content.id } }, t.token.tenant1);
};

describe('wallet.import', () => {
  it('credits each member found by phone once, reports the rest, and changes nothing the second time', async () => {
    const [lin, wang, full] = [await memberWithPhone(), await memberWithPhone(), await memberWithPhone()];
    await t.db.transaction((tx) =>
      moveWallet(
        tx,
        { memberId: full.id, kind: 'topUp', key: `test:topUp:${full.id}` },
        { principal: 490_000, bonus: 0 },
      ),
    );
    const rows: Cell[][] = [
      [lin.phone, '100', '10.5', 'VIP-0001'],
      [wang.phone, '¥1,200.00', '', ''],
      ['13900000000', '20', '0', ''], // no member of the tenant
      [full.phone, '200', '0', ''], // past the cap
      ['13912', '20', '0', ''], // not a phone
      [lin.phone, '5', '0', ''], // twice in the file
    ];
    const all = await imported(await sheet(rows), 'all');
    expect(all).toMatchObject({ state: 'done', read: 6, inserted: 0, bad: 4 });
    expect(await held(lin.id)).toEqual({ principal: 0, bonus: 0 });

    const good = await imported(await sheet(rows));
    expect(good).toMatchObject({ state: 'done', inserted: 2, unchanged: 0, bad: 4 });
    expect(await held(lin.id)).toEqual({ principal: 10_000, bonus: 1_050 });
    expect(await held(wang.id)).toEqual({ principal: 120_000, bonus: 0 });
    const report = await sheetRows(
      (await t.ok('wallet.importReport', { params: { id: good.id } }, t.token.tenant1)).data,
    );
    expect(report.slice(1).map((r) => [r[0], String(r.at(-1))])).toEqual([
      [4, expect.stringContaining('本租户没有使用该手机号的会员')],
      [5, expect.stringContaining('超过上限')],
      [6, expect.stringContaining('手机号')],
      [7, expect.stringContaining('与第 2 行的手机号重复')],
    ]);
    const info = await t.ok('wallet.info', { params: { id: lin.id }, query: {} }, t.token.tenant1);
    expect(info.moves.list[0]).toMatchObject({ kind: 'import', reason: 'VIP-0001', operatorName: expect.any(String) });

    // The same file again credits nothing; another amount for a member imported before is a bad row.
    expect(await imported(await sheet(rows.slice(0, 2)))).toMatchObject({ inserted: 0, unchanged: 2, bad: 0 });
    expect(await imported(await sheet([[lin.phone, '300', '0', '']]))).toMatchObject({ inserted: 0, bad: 1 });
    expect(await held(lin.id)).toEqual({ principal: 10_000, bonus: 1_050 });
    const books = await reconcile(t.db, [A()]);
    for (const key of ['wallet.balances', 'wallet.liability'])
      expect(books.find((c) => c.key === key)!.differences).toEqual([]);
  });

  it('credits a member once when the same file is imported twice at once', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => memberWithPhone()));
    const bytes = await sheet(members.map((m) => [m.phone, '50', '5', '']));
    const queued = [await upload(bytes), await upload(bytes)];
    await t.runJobs(2);
    const done = await Promise.all(
      queued.map((q) => t.ok('wallet.importStatus', { params: { id: q.content.id } }, t.token.tenant1)),
    );
    expect(done.reduce((s, d) => s + d.inserted, 0)).toBe(5);
    expect(done.reduce((s, d) => s + d.unchanged, 0)).toBe(5);
    for (const m of members) expect(await held(m.id)).toEqual({ principal: 5_000, bonus: 500 });
  });

  it("takes the admin's tenant as named, and refuses a tenant outside the caller's (1401)", async () => {
    const m = await memberWithPhone();
    const queued = await upload(await sheet([[m.phone, '8', '0', '']]), 'good', t.token.admin, A());
    expect(queued.code, JSON.stringify(queued)).toBe(CODE.ok);
    await t.runJobs();
    expect(await held(m.id)).toEqual({ principal: 800, bonus: 0 });
    expect((await upload(await sheet([[m.phone, '8', '0', '']]), 'good', t.token.tenant2, A())).code).toBe(
      CODE.tenantNotFound,
    );
  });
});

describe('wallet.importStatus', () => {
  it("keeps an import its uploader's: another user and the group import's status answer 814", async () => {
    const m = await memberWithPhone();
    const queued = await upload(await sheet([[m.phone, '1', '0', '']]));
    await t.runJobs();
    expect(await t.code('wallet.importStatus', { params: { id: queued.content.id } }, t.token.tenant2)).toBe(
      CODE.importNotFound,
    );
    expect(await t.code('group.importStatus', { params: { id: queued.content.id } }, t.token.tenant1)).toBe(
      CODE.importNotFound,
    );
  });
});

describe('wallet.importReport', () => {
  it('answers 814 for an import without bad rows, and for another user', async () => {
    const m = await memberWithPhone();
    const clean = await imported(await sheet([[m.phone, '1', '0', '']]));
    expect(await t.code('wallet.importReport', { params: { id: clean.id } }, t.token.tenant1)).toBe(
      CODE.importNotFound,
    );
    const messy = await imported(await sheet([['1391', '1', '0', '']]));
    expect(await t.code('wallet.importReport', { params: { id: messy.id } }, t.token.tenant2)).toBe(
      CODE.importNotFound,
    );
    expect((await t.ok('wallet.importReport', { params: { id: messy.id } }, t.token.tenant1)).name).toBe(
      '储值余额导入错误报告.xlsx',
    );
  });
});

describe('wallet.importTemplate', () => {
  it('is phone, principal, bonus and old card, the first two required, in the language asked for', async () => {
    const template = await t.ok('wallet.importTemplate', { query: { lang: 'en' } }, t.token.tenant1);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(template.data, 'base64') as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      'Phone (required)',
      'Principal (¥) (required)',
      'Bonus (¥)',
      'Old card number',
    ]);
    expect(template.name).toBe('Stored value import template.xlsx');
  });
});
