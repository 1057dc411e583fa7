/**
 * A pre-import group's identifiers from an .xlsx, on the staff import's
 * machinery: 50 000 rows with bad ones (not a phone, twice in the file), all
 * or nothing then the good rows, an identifier a member holds claimed at
 * once, the same file twice adding nothing; a real-time group, another
 * tenant's group, a sheet that is not the template and a group deleted before
 * the job read it are refused with their codes; an import is its uploader's.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { groupMembers } from '../../../server/group/index.js';
import { xlsxBytes, type Cell } from '../../../server/http/xlsx.js';
import { multipart } from '../file/support.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant2', 'enterprise1']);
let made = 0;

const group = async (body: object = {}, token = t.token.tenant1) =>
  t.ok(
    'group.create',
    {
      body: {
        name: `导入分组${process.pid}-${++made}`,
        definition: '从表格导入的分组',
        identifier: 'phone',
        importMethod: 'preImport',
        ...body,
      } as never,
    },
    token,
  );
const upload = async (token: string, groupId: number, bytes: Buffer, mode = 'good') => {
  const { body, contentType } = multipart('file', 'group.xlsx', bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: `/group/members/${groupId}/import`,
    query: { mode, lang: 'zh-CN' },
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
  return res.json() as { code: number; content: { id: number; state: string } };
};
const imported = async (groupId: number, bytes: Buffer, mode = 'good') => {
  const queued = await upload(t.token.tenant1, groupId, bytes, mode);
  expect(queued.code, JSON.stringify(queued)).toBe(CODE.ok);
  await t.runJobs();
  return t.ok('group.importStatus', { params: { id: queued.content.id } }, t.token.tenant1);
};
const sheet = (rows: readonly (readonly Cell[])[], header = ['标识']) => xlsxBytes('分组成员', header, rows);
const membersOf = (groupId: number) => t.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));

describe('group.import', () => {
  it('imports 50 000 phones with two bad rows: none at all, then the good ones, a held phone claimed, nothing twice', async () => {
    const made = await group({ review: true });
    const rows: Cell[][] = [];
    for (let i = 1; i <= 50_000; i++) rows.push([`138${String(i).padStart(8, '0')}`]);
    rows[10] = ['12345']; // not a phone
    rows[20] = [rows[3]![0]!]; // twice in the file
    rows[30] = ['13761200301']; // 林小雨's phone: claimed at once, pending review
    const bytes = await sheet(rows);

    const none = await imported(made.id, bytes, 'all');
    expect(none).toMatchObject({ state: 'done', read: 50_000, inserted: 0, unchanged: 0, bad: 2 });
    expect(await membersOf(made.id)).toHaveLength(0);
    const report = await t.ok('group.importReport', { params: { id: none.id } }, t.token.tenant1);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(report.data, 'base64') as unknown as ArrayBuffer);
    const lines = book.worksheets[0]!.getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1));
    expect(lines.map((l) => l[0])).toEqual([12, 22]);
    expect(String(lines[0]![2])).toContain('标识');
    expect(String(lines[1]![2])).toContain('第 5 行');

    const good = await imported(made.id, bytes);
    expect(good).toMatchObject({ state: 'done', inserted: 49_998, unchanged: 0, bad: 2 });
    const [held] = await t.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, made.id), eq(groupMembers.identifier, '13761200301')));
    expect(held).toMatchObject({ state: 'pending' });
    expect(held!.memberId).not.toBeNull();
    expect(await t.ok('group.info', { params: { id: made.id } }, t.token.tenant1)).toMatchObject({
      inactive: 49_997,
      pending: 1,
    });

    const again = await imported(made.id, bytes);
    expect(again).toMatchObject({ state: 'done', inserted: 0, unchanged: 49_998, bad: 2 });
    expect(await membersOf(made.id)).toHaveLength(49_998);
  });

  it('counts the blank rows it skipped between the header and the last row, so the summary adds up to the sheet', async () => {
    const made = await group();
    const rows: Cell[][] = [['13800000201'], [''], ['13800000202'], [], [], ['12345'], [''], []];
    const done = await imported(made.id, await sheet(rows));
    // Rows 2–7 under the header: three read (two good, one bad) and three blank; the blank rows after the last are no rows.
    expect(done).toMatchObject({ state: 'done', read: 3, inserted: 2, bad: 1, blank: 3 });
  });

  it('checks employee numbers as employee numbers', async () => {
    const made = await group({ identifier: 'employeeNumber' });
    const done = await imported(made.id, await sheet([['E-1001'], ['工号一'], ['13900000000']]));
    expect(done).toMatchObject({ inserted: 2, bad: 1 });
  });

  it('refuses a real-time group (3407), another tenant’s group (3402) and a sheet that is not the template (813)', async () => {
    const bytes = await sheet([['13800000001']]);
    const live = await group({ importMethod: 'realTime' });
    expect((await upload(t.token.tenant1, live.id, bytes)).code).toBe(CODE.groupNotPreImport);
    const theirs = await group({}, t.token.tenant2);
    expect((await upload(t.token.tenant1, theirs.id, bytes)).code).toBe(CODE.groupNotFound);
    const made = await group();
    const wrong = await imported(made.id, await sheet([['13800000001']], ['姓名']));
    expect(wrong).toMatchObject({ state: 'failed', code: CODE.importHeader });
  });

  it('takes a column headed by what the dialog asks for (手机号, Phone, 手机号码) as the identifier', async () => {
    const made = await group();
    for (const [i, header] of ['手机号', 'Phone', '手机号码（必填）', '工號'].entries())
      expect(await imported(made.id, await sheet([[`1380000010${i}`]], [header]))).toMatchObject({
        state: 'done',
        inserted: 1,
      });
  });

  it('fails an import whose group was deleted before the job read it (3402), writing nothing', async () => {
    const made = await group();
    const queued = await upload(t.token.tenant1, made.id, await sheet([['13800000002']]));
    await t.ok('group.delete', { params: { id: made.id } }, t.token.tenant1);
    await t.runJobs();
    expect(await t.ok('group.importStatus', { params: { id: queued.content.id } }, t.token.tenant1)).toMatchObject({
      state: 'failed',
      code: CODE.groupNotFound,
    });
  });
});

describe('group.importStatus', () => {
  it("keeps an import its uploader's: another user and the staff import's status answer 814", async () => {
    const made = await group();
    const queued = await upload(t.token.tenant1, made.id, await sheet([['13800000003']]));
    await t.runJobs();
    expect(await t.code('group.importStatus', { params: { id: queued.content.id } }, t.token.tenant2)).toBe(
      CODE.importNotFound,
    );
    expect(await t.code('customer.staffImportStatus', { params: { id: queued.content.id } }, t.token.tenant1)).toBe(
      CODE.importNotFound,
    );
  });
});

describe('group.importReport', () => {
  it('answers 814 for an import without bad rows, and for another user', async () => {
    const made = await group();
    const clean = await imported(made.id, await sheet([['13800000004']]));
    expect(clean).toMatchObject({ state: 'done', bad: 0 });
    expect(await t.code('group.importReport', { params: { id: clean.id } }, t.token.tenant1)).toBe(CODE.importNotFound);
    const messy = await imported(made.id, await sheet([['13800000005'], ['123']]));
    expect(await t.code('group.importReport', { params: { id: messy.id } }, t.token.tenant2)).toBe(CODE.importNotFound);
    expect((await t.ok('group.importReport', { params: { id: messy.id } }, t.token.tenant1)).name).toBe(
      '分组成员导入错误报告.xlsx',
    );
  });
});

describe('group.importTemplate', () => {
  it('is one column, the identifier, marked required, in the language asked for', async () => {
    const template = await t.ok('group.importTemplate', { query: { lang: 'en' } }, t.token.tenant1);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(template.data, 'base64') as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, 'Identifier (required)']);
    expect(template.name).toBe('group-members-template.xlsx');
  });
});
