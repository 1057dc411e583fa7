/**
 * The e-mail export (spec §9: more than 1000 orders go by e-mail): a job of
 * the upstream's one queue (server/jobs, kind `order.export`) beside its
 * record in export_jobs (what the user's list shows), taken by one running
 * upstream, which
 * streams the orders into an .xlsx (export.ts) and straight on into the
 * upstream's file storage (server/storage: a part at a time, hashed on the
 * way; no temporary file, never the whole file in memory), and mails a link
 * that expires.
 *
 * Mail goes through SMTP_URL (nodemailer). Without it — the demo — each
 * message is written as an .eml file into OUTBOX_DIR (default
 * ./.data/outbox), where it can be opened. EXPORT_LINK_BASE is the address
 * the link starts with (default http://127.0.0.1:8090, the upstream itself).
 */
import { businessDateTime } from '../../shared/business-time.js';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { CODE } from '../../shared/domains.js';
import { EXPORT_LIMITS, orderTexts, type ExportFilter, type ExportJob } from '../../shared/order/index.js';
import type { Lang } from '../../shared/i18n/define.js';
import type { Db, Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import type { FileStorage } from '../storage/index.js';
import { findAuthUser, users } from '../account/index.js';
import { scopeOf } from '../scope.js';
import { enqueue, runDueJobs, STALE_AFTER_MS, type JobKind } from '../jobs/index.js';
import { exportOrders } from './export.js';
import { exportJobs } from './schema.js';

const DAY_MS = 24 * 3600_000;
const MAX_ATTEMPTS = 3;
export const EXPORT_JOB = 'order.export';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

type Row = typeof exportJobs.$inferSelect;
export const toJob = (r: Row): ExportJob => ({
  id: r.id,
  state: r.state,
  email: r.email,
  from: r.filter.from,
  to: r.filter.to,
  rows: r.rows,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  expiresAt: r.expiresAt?.toISOString() ?? null,
});

export async function queueExport(
  db: Db,
  userId: number,
  input: { filter: ExportFilter; email: string; lang: Lang },
): Promise<ExportJob> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exportJobs)
      .values({ userId, email: input.email, lang: input.lang, filter: input.filter })
      .returning();
    await enqueue(tx, EXPORT_JOB, { exportId: row!.id });
    return toJob(row!);
  });
}

export async function exportsOf(db: Queryable, userId: number): Promise<ExportJob[]> {
  const rows = await db
    .select()
    .from(exportJobs)
    .where(eq(exportJobs.userId, userId))
    .orderBy(desc(exportJobs.createdAt), desc(exportJobs.id))
    .limit(50);
  return rows.map(toJob);
}

export interface MailOptions {
  /** smtp://… (SMTP_URL); none: .eml files into `outbox`. */
  smtpUrl?: string | undefined;
  outbox: string;
  linkBase: string;
}

export const mailFromEnv = (env: NodeJS.ProcessEnv = process.env): MailOptions => ({
  smtpUrl: env.SMTP_URL?.trim() || undefined,
  outbox: env.OUTBOX_DIR?.trim() || './.data/outbox',
  linkBase: (env.EXPORT_LINK_BASE?.trim() || 'http://127.0.0.1:8090').replace(/\/+$/, ''),
});

async function mail(options: MailOptions, to: string, lang: Lang, rows: number, link: string, expiresAt: Date) {
  const texts = orderTexts[lang].exports;
  const message = {
    from: 'Vend Console <no-reply@vend.example>',
    to,
    subject: texts.mailSubject,
    text: texts.mailBody
      .replace('{{rows}}', String(rows))
      .replace('{{link}}', link)
      .replace('{{until}}', businessDateTime(expiresAt).slice(0, 16)),
  };
  if (options.smtpUrl) {
    await nodemailer.createTransport(options.smtpUrl).sendMail(message);
    return;
  }
  const eml = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  await mkdir(options.outbox, { recursive: true });
  await writeFile(
    join(options.outbox, `export-${Date.now()}-${randomBytes(3).toString('hex')}.eml`),
    eml.message as Buffer,
  );
}

/** The job's orders as an .xlsx into the storage: the sheet is written and kept at once, each side waiting for the other. */
async function keepSheet(db: Db, storage: FileStorage, job: Row) {
  const user = await findAuthUser(db, eq(users.id, job.userId));
  // Whoever asked may no longer: a disabled account exports nothing.
  if (!user || user.disabled) throw new Error('the account that asked is disabled or gone');
  const sheet = new PassThrough();
  // A failure on either side ends the other: the writer stops, and the storage keeps nothing.
  const stop = (err: unknown) => {
    sheet.destroy(err as Error);
    throw err;
  };
  const [rows, file] = await Promise.all([
    exportOrders(db, scopeOf(user), job.filter, job.lang as Lang, sheet).catch(stop),
    storage.putStream(sheet).catch(stop),
  ]);
  return { rows, fileId: file.id };
}

/**
 * The job kind: writes and keeps the sheet, then mails its link. A failed
 * attempt goes back to `queued` on the list and is tried again (three times
 * in all, a minute apart at most); then it is `failed`.
 */
export const exportJob = (mailOptions: MailOptions = mailFromEnv()): JobKind<{ exportId: number }> => ({
  retryAfter: (attempt) => (attempt < MAX_ATTEMPTS ? Math.min(60_000, 5000 * attempt) : null),
  async run({ exportId }, { db, storage }) {
    // A job taken again after its instance went silent may find its export finished already: nothing to do.
    const [job] = await db
      .update(exportJobs)
      .set({ state: 'running', attempts: sql`${exportJobs.attempts} + 1` })
      .where(and(eq(exportJobs.id, exportId), inArray(exportJobs.state, ['queued', 'running'])))
      .returning();
    if (!job) return;
    try {
      const { rows, fileId } = await keepSheet(db, storage, job);
      const key = randomBytes(32).toString('hex');
      const expiresAt = new Date(Date.now() + EXPORT_LIMITS.linkDays * DAY_MS);
      await db
        .update(exportJobs)
        .set({ state: 'done', rows, fileId, linkHash: hashOf(key), expiresAt, finishedAt: sql`now()`, error: null })
        .where(eq(exportJobs.id, job.id));
      // An earlier attempt kept its file, then failed to mail it: that file's link was never sent.
      if (job.fileId && job.fileId !== fileId) await forgetUnnamed(db, storage, job.fileId);
      await mail(
        mailOptions,
        job.email,
        job.lang as Lang,
        rows,
        `${mailOptions.linkBase}/order/export/file/${key}`,
        expiresAt,
      );
    } catch (err) {
      await db
        .update(exportJobs)
        .set({ state: 'queued', error: String((err as Error).message ?? err).slice(0, 500) })
        .where(eq(exportJobs.id, job.id));
      throw err;
    }
  },
  async failed({ exportId }, _error, { db }) {
    await db
      .update(exportJobs)
      .set({ state: 'failed', finishedAt: sql`now()` })
      .where(eq(exportJobs.id, exportId));
  },
});

/**
 * Forgets the files of links that expired: nobody can download them any more
 * (978), and a year's export is 100 MB. A file two jobs kept (the same bytes)
 * stays while another job still names it. Safe to race: each job's file is
 * taken once (SKIP LOCKED).
 */
export async function dropExpiredFiles(db: Db, storage: FileStorage): Promise<number> {
  const taken = await rowsOf<{ fileId: string }>(
    db,
    sql`
    update export_jobs j set file_id = null
    from (select id, file_id from export_jobs where file_id is not null and expires_at < now() for update skip locked) old
    where j.id = old.id returning old.file_id as "fileId"`,
  );
  const files = new Set(taken.map((r) => r.fileId));
  for (const fileId of files) await forgetUnnamed(db, storage, fileId);
  return files.size;
}

/** Removes a file no job names any more (another job may have kept the same bytes). */
async function forgetUnnamed(db: Db, storage: FileStorage, fileId: string) {
  const [named] = await db.select({ id: exportJobs.id }).from(exportJobs).where(eq(exportJobs.fileId, fileId)).limit(1);
  if (!named) await storage.remove(fileId);
}

/** Forgets expired links' files, then runs the due export jobs until none is left (tests and the bench); answers how many were taken. */
export async function runExportJobs(
  db: Db,
  storage: FileStorage,
  mailOptions: MailOptions = mailFromEnv(),
  staleMs = STALE_AFTER_MS,
): Promise<number> {
  await dropExpiredFiles(db, storage);
  return runDueJobs(db, storage, { [EXPORT_JOB]: exportJob(mailOptions) }, { staleMs });
}

/** The finished file a mailed link names, as it streams out of the storage, or 978. */
export async function exportFile(db: Queryable, storage: FileStorage, key: string) {
  const [job] = await db
    .select({ fileId: exportJobs.fileId, expiresAt: exportJobs.expiresAt, id: exportJobs.id })
    .from(exportJobs)
    .where(and(eq(exportJobs.linkHash, hashOf(key)), eq(exportJobs.state, 'done')));
  if (!job?.fileId || !job.expiresAt || job.expiresAt.getTime() < Date.now())
    throw new BizError(CODE.exportLinkInvalid);
  const bytes = await storage.read(job.fileId);
  if (!bytes) throw new BizError(CODE.exportLinkInvalid);
  return { id: job.id, mime: XLSX, bytes };
}
