/**
 * Staff imports: an .xlsx uploaded, read by the job a row at a time, bad
 * rows reported (required fields, phone, card ids twice in the file or held
 * by another customer's staff), all or nothing or the good rows, and the
 * same file twice changing nothing. Files that are no staff sheet — not an
 * .xlsx, empty, too large, with a formula, past the row limit, a million
 * rows — are refused with their codes, never a 5xx nor read to the end.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { IMPORT_LIMITS } from '../../../shared/customer/index.js';
import { customers, customerStaff } from '../../../server/customer/index.js';
import { xlsxBytes, type Cell } from '../../../server/http/xlsx.js';
import { staffImporter } from '../../../server/customer/import.js';
import { readSheet, type SheetRefused } from '../../../server/imports/index.js';
import { multipart } from '../file/support.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant2', 'enterprise1']);
const HEADER = ['姓名', '职位', '员工卡号', '手机号', '备注'];

const upload = async (token: string, bytes: Buffer, query: Record<string, string | number> = {}) => {
  const { body, contentType } = multipart('file', 'staff.xlsx', bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: '/customer/staff/import',
    query: Object.fromEntries(
      Object.entries({ mode: 'good', lang: 'zh-CN', ...query }).map(([k, v]) => [k, String(v)]),
    ),
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
  return res.json() as { code: number; content: { id: number; state: string } };
};
/** Uploads and lets the job finish; answers the import as its uploader reads it. */
const imported = async (token: string, bytes: Buffer, query: Record<string, string | number> = {}) => {
  const queued = await upload(token, bytes, query);
  expect(queued.code, JSON.stringify(queued)).toBe(CODE.ok);
  await t.runJobs();
  return t.ok('customer.staffImportStatus', { params: { id: queued.content.id } }, token);
};
const sheet = (rows: readonly (readonly Cell[])[], header: readonly string[] = HEADER) =>
  xlsxBytes('员工', header, rows);
const person = (i: number, card = `5${String(i).padStart(7, '0')}`): Cell[] => [
  `员工${i}`,
  '店员',
  card,
  `139${String(i).padStart(8, '0')}`,
  '',
];
const staffOf = async (name: string) => {
  const [c] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.name, name));
  return t.db.select().from(customerStaff).where(eq(customerStaff.customerId, c!.id));
};

describe('customer.staffImport', () => {
  it('reads 10 000 rows with bad ones mixed in: the good rows in, the bad reported, nothing twice on a second import', async () => {
    // Another customer of tenant A, whose staff holds a card.
    const other = await t.ok(
      'customer.create',
      {
        body: { name: '上海城投物业管理有限公司', username: 'chengtouwy', password: 'Ct@2026property', buyNow: false },
      },
      t.token.tenant1,
    );
    await t.ok(
      'customer.staffCreate',
      { body: { customerId: other.id, name: '钱伟', cardId: '59990000', phone: '13962100100' } },
      t.token.tenant1,
    );
    const rows: Cell[][] = [];
    for (let i = 1; i <= 10_000; i++) rows.push(person(i));
    rows[10] = ['', '店员', '59999901', '13900000000', '']; // no name
    rows[20] = ['错号码', '店员', '59999902', '12345', '']; // a bad phone
    rows[30] = ['重复卡', '店员', rows[5]![2]!, '13900000001', '']; // a card twice in the file
    rows[40] = ['别家卡', '店员', '59990000', '13900000002', '']; // held by the other customer's staff
    rows[50] = ['李静', '领班', '31000103', '13916200103', '']; // its own 李静, promoted: updated
    const bytes = await sheet(rows);
    const before = (await staffOf('虹桥枢纽餐饮管理有限公司')).length;
    const first = await imported(t.token.enterprise1, bytes);
    expect(first).toMatchObject({
      state: 'done',
      read: 10_000,
      inserted: 9_995,
      updated: 1,
      unchanged: 0,
      bad: 4,
      code: null,
    });
    expect((await staffOf('虹桥枢纽餐饮管理有限公司')).length).toBe(before + 9_995);
    const report = await t.ok('customer.staffImportReport', { params: { id: first.id } }, t.token.enterprise1);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(report.data, 'base64') as unknown as ArrayBuffer);
    const lines = book.worksheets[0]!.getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1));
    // Sheet rows: the header is row 1.
    expect(lines.map((l) => l[0])).toEqual([12, 22, 32, 42]);
    expect(String(lines[1]![6])).toContain('手机号');
    expect(String(lines[2]![6])).toContain('第 7 行');
    expect(String(lines[3]![6])).toContain('其他企业客户');
    const again = await imported(t.token.enterprise1, bytes);
    expect(again).toMatchObject({ state: 'done', inserted: 0, updated: 0, unchanged: 9_996, bad: 4 });
    expect((await staffOf('虹桥枢纽餐饮管理有限公司')).length).toBe(before + 9_995);
  }, 120_000);

  it('writes nothing when all-or-nothing meets a bad row, and everything once the file is right; a changed person is updated', async () => {
    const rows = [person(20_001), person(20_002), ['', '', '', '', '备注']];
    const refused = await imported(t.token.tenant1, await sheet(rows), {
      mode: 'all',
      customerId: (await t.ok('customer.list', { body: { keyword: '虹桥' } }, t.token.tenant1))[0]!.id,
    });
    expect(refused).toMatchObject({ state: 'done', inserted: 0, bad: 1 });
    expect(
      (
        await t.ok(
          'customer.staffPage',
          { query: { pageNum: 1, pageSize: 5 }, body: { keyword: '员工20001' } },
          t.token.enterprise1,
        )
      ).total,
    ).toBe(0);
    const good = await imported(t.token.enterprise1, await sheet(rows.slice(0, 2)), { mode: 'all' });
    expect(good).toMatchObject({ inserted: 2, bad: 0 });
    const changed = person(20_001);
    changed[1] = '店长';
    expect(await imported(t.token.enterprise1, await sheet([changed, person(20_002)]), { mode: 'all' })).toMatchObject({
      inserted: 0,
      updated: 1,
      unchanged: 1,
    });
  });

  it("takes a sheet as a spreadsheet program writes it (shared strings, numbers for cards and phones) and the English template's header", async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Staff');
    ws.addRow(['Name (required)', 'Position', 'Card id (required)', 'Phone (required)', 'Remark']);
    ws.addRow(['Lily Zhou', 'Chef', 58000001, 13962100009, 'Night shift']);
    const res = await imported(t.token.enterprise1, Buffer.from(await book.xlsx.writeBuffer()));
    expect(res).toMatchObject({ inserted: 1, bad: 0 });
    expect(
      (
        await t.ok(
          'customer.staffPage',
          { query: { pageNum: 1, pageSize: 5 }, body: { keyword: '58000001' } },
          t.token.enterprise1,
        )
      ).list[0],
    ).toMatchObject({ phone: '13962100009', remark: 'Night shift' });
  });

  it('refuses what is no staff sheet with its code', async () => {
    // Not a zip at all: at once.
    expect((await upload(t.token.enterprise1, Buffer.from('name,card\n张三,1\n'))).code).toBe(CODE.importNotXlsx);
    // A zip that is no workbook, a header that is not the template's, a sheet without rows, a formula: when read.
    const failed = async (bytes: Buffer, code: number) =>
      expect(await imported(t.token.enterprise1, bytes)).toMatchObject({ state: 'failed', code });
    const { ZipFile } = await import('yazl');
    const zip = new ZipFile();
    zip.addBuffer(Buffer.from('hello'), 'readme.txt');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    await failed(Buffer.concat(chunks), CODE.importNotXlsx);
    await failed(await sheet([person(1)], ['a', 'b', 'c', 'd', 'e']), CODE.importHeader);
    await failed(await sheet([]), CODE.importEmpty);
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('员工');
    ws.addRow(HEADER);
    ws.addRow(['张三', '店员', '57000001', '13962100001', '']);
    ws.getCell('E2').value = { formula: 'A2&B2', result: '张三店员' };
    await failed(Buffer.from(await book.xlsx.writeBuffer()), CODE.importFormula);
    // Too large: refused while it is uploaded.
    expect(
      (
        await upload(
          t.token.enterprise1,
          Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(IMPORT_LIMITS.maxBytes)]),
        )
      ).code,
    ).toBe(CODE.importTooLarge);
  });

  it('stops at the row past the limit, even in a sheet of a million rows', async () => {
    const million: Cell[][] = [];
    for (let i = 1; i <= 1_000_000; i++) million.push([1]);
    const bytes = await sheet(million);
    expect(bytes.length).toBeLessThan(IMPORT_LIMITS.maxBytes);
    const started = Date.now();
    expect(await imported(t.token.enterprise1, bytes)).toMatchObject({ state: 'failed', code: CODE.importTooManyRows });
    // Read to its 100 001st row, not to its millionth.
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 180_000);

  it("imports for the customer the tenant names, not another tenant's (801)", async () => {
    const id = (await t.ok('customer.list', { body: { keyword: '虹桥' } }, t.token.tenant1))[0]!.id;
    expect((await upload(t.token.tenant2, await sheet([person(30_001)]), { customerId: id })).code).toBe(
      CODE.customerNotFound,
    );
    expect((await upload(t.token.tenant1, await sheet([person(30_001)]))).code).toBe(CODE.badRequest);
  });
});

describe('customer.staffImportStatus', () => {
  it('is read by its uploader alone (814)', async () => {
    const queued = await upload(t.token.enterprise1, await sheet([person(40_001)]));
    expect(await t.code('customer.staffImportStatus', { params: { id: queued.content.id } }, t.token.tenant1)).toBe(
      CODE.importNotFound,
    );
    expect(
      await t.ok('customer.staffImportStatus', { params: { id: queued.content.id } }, t.token.enterprise1),
    ).toMatchObject({ state: 'queued' });
    await t.runJobs();
  });
});

describe('customer.staffImportReport', () => {
  it('is there only for an import with bad rows (814 otherwise)', async () => {
    const res = await imported(t.token.enterprise1, await sheet([person(50_001)]));
    expect(await t.code('customer.staffImportReport', { params: { id: res.id } }, t.token.enterprise1)).toBe(
      CODE.importNotFound,
    );
  });
});

describe('customer.staffTemplate', () => {
  it('answers the template in the language asked for, which imports as it is once filled', async () => {
    const template = await t.ok('customer.staffTemplate', { query: { lang: 'en' } }, t.token.enterprise1);
    expect(template.name).toBe('staff-import-template.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(template.data, 'base64') as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Name (required)',
      'Position',
      'Card id (required)',
      'Phone (required)',
      'Remark',
    ]);
    ws.addRow(['Ada Wu', '', '56000001', '13962100005', '']);
    expect(await imported(t.token.enterprise1, Buffer.from(await book.xlsx.writeBuffer()))).toMatchObject({
      inserted: 1,
    });
  });
});

describe('readSheet', () => {
  it('reads a book exceljs wrote the same way every time (its streaming pass lost the workbook part one read in three hundred)', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Staff');
    ws.addRow(['Name (required)', 'Position', 'Card id (required)', 'Phone (required)', 'Remark']);
    ws.addRow(['Lily Zhou', 'Chef', 58000001, 13962100009, 'Night shift']);
    // A second tab after it: the first tab is the one read.
    book.addWorksheet('Notes').addRow(['not staff']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const outcome = await readSheet(bytes, staffImporter).then(
        (r) => `${r.read} ${r.good[0]?.input.name}`,
        (err: unknown) => `refused ${(err as SheetRefused).code}`,
      );
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(Object.fromEntries(outcomes)).toEqual({ '1 Lily Zhou': 1000 });
  });
});
