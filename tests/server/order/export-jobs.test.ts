/** The order export (spec §9, §8 977): the real-time check, and the e-mail job — queued, run once, mailed through a real SMTP server or to the outbox, downloaded by its link, taken again after a lost instance. */
import { businessDateTime } from '../../../shared/business-time.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';
import { exportJobs } from '../../../server/order/index.js';
import { dropExpiredFiles, runExportJobs } from '../../../server/order/export-jobs.js';
import { jobs as queue } from '../../../server/jobs/index.js';
import { databaseStorage } from '../../../server/storage/index.js';

const t = suiteApp(['tenant1']);
let smtp: SMTPServer;
let smtpPort: number;
const mails: string[] = [];
let outbox: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let text = '';
      stream.on('data', (c: Buffer) => {
        text += c.toString('utf8');
      });
      stream.on('end', () => {
        mails.push(text);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  outbox = await mkdtemp(join(tmpdir(), 'vend-outbox-'));
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(outbox, { recursive: true, force: true });
});

const year = { from: new Date(Date.now() - 365 * 24 * 3600_000).toISOString(), to: new Date().toISOString() };
const mailOptions = () => ({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, outbox, linkBase: 'http://vend.test' });
/** The link's key in a mail (quoted-printable may wrap it). */
const keyIn = (mail: string) =>
  /\/order\/export\/file\/([0-9a-f=\r\n]{64,})/
    .exec(mail)![1]!
    .replace(/=\r?\n/g, '')
    .slice(0, 64);

describe('order.exportCheck', () => {
  it('answers the count up to 1000 and refuses more with 977; the time range is required', async () => {
    const day = { from: new Date(Date.now() - 24 * 3600_000).toISOString(), to: new Date().toISOString() };
    expect((await t.ok('order.exportCheck', { body: day }, t.token.tenant1)).total).toBeLessThanOrEqual(1000);
    expect(await t.code('order.exportCheck', { body: year }, t.token.tenant1)).toBe(CODE.exportTooLarge);
    expect((await t.call('order.exportCheck', { body: {} as never }, t.token.tenant1)).body.content.fields).toEqual({
      from: 'order.validation.time',
      to: 'order.validation.time',
    });
  });
});

describe('order.exportMail', () => {
  it('queues a job that one run writes, mails through SMTP, and whose link downloads the .xlsx', async () => {
    const job = await t.ok(
      'order.exportMail',
      { body: { filter: year, email: 'caiwu@huadong-vend.cn', lang: 'zh-CN' } },
      t.token.tenant1,
    );
    expect(job).toMatchObject({ state: 'queued', email: 'caiwu@huadong-vend.cn', rows: null });
    // Two sweeps at once: the job is taken by one.
    const taken = await Promise.all([
      runExportJobs(t.db, databaseStorage(t.db), mailOptions()),
      runExportJobs(t.db, databaseStorage(t.db), mailOptions()),
    ]);
    expect(taken[0] + taken[1]).toBe(1);
    const [done] = await t.ok('order.exports', { body: {} }, t.token.tenant1);
    expect(done).toMatchObject({ id: job.id, state: 'done' });
    expect(done!.rows).toBeGreaterThan(1000);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('caiwu@huadong-vend.cn');
    const key = keyIn(mails[0]!);
    const res = await t.app.inject({ method: 'GET', url: `/order/export/file/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(done!.rows! + 1);
    // Times are the sheet's own dates, shown as China's wall clock; the mail gives the link's end in China time too.
    const created = book.worksheets[0]!.getRow(2).getCell(4);
    expect(created.value).toBeInstanceOf(Date);
    expect(created.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(mails[0]!.replace(/=\r?\n/g, '')).toContain(businessDateTime(Date.parse(done!.expiresAt!)).slice(0, 16));
    // Any other key, or the link after it expired: 978.
    expect(await t.code('order.exportFile', { params: { token: '0'.repeat(64) } })).toBe(CODE.exportLinkInvalid);
    await t.db
      .update(exportJobs)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(exportJobs.id, job.id));
    expect(await t.code('order.exportFile', { params: { token: key } })).toBe(CODE.exportLinkInvalid);
    // The next round forgets the expired link's file.
    const [{ fileId }] = (await t.db
      .select({ fileId: exportJobs.fileId })
      .from(exportJobs)
      .where(eq(exportJobs.id, job.id))) as [{ fileId: string }];
    expect(await databaseStorage(t.db).get(fileId)).not.toBeNull();
    expect(await runExportJobs(t.db, databaseStorage(t.db), mailOptions())).toBe(0);
    expect(await databaseStorage(t.db).get(fileId)).toBeNull();
    expect(
      (await t.db.select({ fileId: exportJobs.fileId }).from(exportJobs).where(eq(exportJobs.id, job.id)))[0]!.fileId,
    ).toBeNull();
  });

  it('requires a valid address, and refuses a filter naming ids out of scope', async () => {
    expect(
      (await t.call('order.exportMail', { body: { filter: year, email: 'not-mail', lang: 'en' } }, t.token.tenant1))
        .body.content.fields,
    ).toEqual({ email: 'order.validation.email' });
    expect(
      await t.code(
        'order.exportMail',
        { body: { filter: { ...year, tenantId: t.ids.tenant('B') }, email: 'a@b.cn', lang: 'en' } },
        t.token.tenant1,
      ),
    ).toBe(CODE.tenantNotFound);
  });

  it('takes again a job whose upstream stopped while running it, and mails to the outbox without SMTP', async () => {
    const job = await t.ok(
      'order.exportMail',
      { body: { filter: year, email: 'ops@huadong-vend.cn', lang: 'en' } },
      t.token.tenant1,
    );
    // An instance took it and died: running, its heartbeat long stale.
    await t.db.update(exportJobs).set({ state: 'running', attempts: 1 }).where(eq(exportJobs.id, job.id));
    await t.db
      .update(queue)
      .set({ state: 'running', attempts: 1, heartbeatAt: sql`now() - interval '10 minutes'` })
      .where(sql`${queue.payload}->>'exportId' = ${String(job.id)}`);
    expect(await runExportJobs(t.db, databaseStorage(t.db), { ...mailOptions(), smtpUrl: undefined })).toBe(1);
    const [row] = await t.db.select().from(exportJobs).where(eq(exportJobs.id, job.id));
    expect(row).toMatchObject({ state: 'done', attempts: 2 });
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(await readFile(join(outbox, files[0]!), 'utf8')).toContain('ops@huadong-vend.cn');
  });
});

/** Keeps `text` in the database storage under its hash, as a job keeps its sheet; answers the id. */
async function keptFile(text: string): Promise<string> {
  const bytes = Buffer.from(text);
  const id = createHash('sha256').update(bytes).digest('hex');
  await databaseStorage(t.db).put(id, bytes);
  return id;
}

describe('expired links', () => {
  it('keep a file while another job names it, and forget it once none does', async () => {
    const storage = databaseStorage(t.db);
    const fileId = await keptFile('the same sheet, kept by two jobs');
    const jobs = [];
    for (const email of ['a@huadong-vend.cn', 'b@huadong-vend.cn'])
      jobs.push(await t.ok('order.exportMail', { body: { filter: year, email, lang: 'zh-CN' } }, t.token.tenant1));
    const [first, second] = jobs.map((j) => j.id) as [number, number];
    await t.db
      .update(exportJobs)
      .set({ state: 'done', fileId, expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(exportJobs.id, first));
    await t.db
      .update(exportJobs)
      .set({ state: 'done', fileId, expiresAt: sql`now() + interval '1 day'` })
      .where(eq(exportJobs.id, second));
    // Finished by hand here: their queued jobs go too.
    await t.db.delete(queue);
    expect(await dropExpiredFiles(t.db, storage)).toBe(1);
    expect(await storage.get(fileId)).not.toBeNull();
    await t.db
      .update(exportJobs)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(exportJobs.id, second));
    expect(await dropExpiredFiles(t.db, storage)).toBe(1);
    expect(await storage.get(fileId)).toBeNull();
    expect(await dropExpiredFiles(t.db, storage)).toBe(0);
  });
});

describe('a job retried after its mail failed', () => {
  it('forgets the file its earlier attempt kept and never sent', async () => {
    const storage = databaseStorage(t.db);
    const earlierId = await keptFile('the sheet of an attempt whose mail failed');
    const job = await t.ok(
      'order.exportMail',
      { body: { filter: year, email: 'retry@huadong-vend.cn', lang: 'zh-CN' } },
      t.token.tenant1,
    );
    await t.db
      .update(exportJobs)
      .set({ state: 'queued', attempts: 1, fileId: earlierId, error: 'the mail server refused' })
      .where(eq(exportJobs.id, job.id));
    expect(await runExportJobs(t.db, storage, { ...mailOptions(), smtpUrl: undefined })).toBe(1);
    const [row] = await t.db.select().from(exportJobs).where(eq(exportJobs.id, job.id));
    expect(row).toMatchObject({ state: 'done', attempts: 2 });
    expect(row!.fileId).not.toBe(earlierId);
    expect(await storage.get(row!.fileId!)).not.toBeNull();
    expect(await storage.get(earlierId)).toBeNull();
  });
});

describe('order.exports', () => {
  it("lists only the caller's own jobs", async () => {
    expect(await t.ok('order.exports', { body: {} }, await t.signIn('tenant11'))).toEqual([]);
    expect((await t.ok('order.exports', { body: {} }, t.token.tenant1)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('order.exportFile', () => {
  it('refuses a key that is not one', async () => {
    expect((await t.call('order.exportFile', { params: { token: 'zz' } })).body.content.fields).toEqual({
      token: 'validation.invalid',
    });
  });
});
