/**
 * An import's life (shared/imports.ts), the same for every domain that takes
 * rows from a sheet: the upload is kept in the storage and a job of the one
 * queue (the importer's job kind) reads it (sheet.ts), publishing its
 * progress in the import's row, then writes in one transaction — with the
 * import's final state, so a job taken again after its instance died finds
 * it done — every row or none, or the good ones. What a domain adds is its
 * `SheetImporter`: its sheet, and how its good rows meet what is stored
 * (rows already so, rows now bad, the write).
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { Lang } from '../../shared/i18n/define.js';
import { catalogues } from '../../shared/domains.js';
import type { ImportMode, SheetImport } from '../../shared/imports.js';
import type { Db, Queryable, Tx } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import { xlsxBytes } from '../http/xlsx.js';
import { enqueue, type JobKind } from '../jobs/index.js';
import type { FileStorage } from '../storage/index.js';
import { isZip, problemText, readSheet, SheetRefused, type BadRow, type GoodRow, type SheetSpec } from './sheet.js';
import { sheetImports } from './schema.js';

export type ImportRow = typeof sheetImports.$inferSelect;

/** What the good rows of a sheet do to what is stored. */
export interface ImportPlan {
  /** Rows found bad against what is stored (a card another customer's staff holds). */
  bad: BadRow[];
  /** Rows that are already so. */
  unchanged: number;
  /** Writes the rest, inside the import's closing transaction. */
  write: (tx: Tx) => Promise<{ inserted: number; updated: number; unchanged: number }>;
}

export interface SheetImporter<T, C extends string = string> extends SheetSpec<T, C> {
  /** The import's kind in its row: `customer.staff`. */
  kind: string;
  /** The job kind that reads it. */
  job: string;
  /** The template's sheet and file name, and the report's file name, in `lang` (without `.xlsx`). */
  names: (lang: Lang) => { sheet: string; template: string; report: string };
  /** The sheet as one import reads it, where its check depends on the target (a group's kind of identifier); else the importer's own. */
  sheetOf?: (db: Db, job: ImportRow) => Promise<SheetSpec<T, C>>;
  /** How the good rows meet what is stored; a SheetRefused (the target gone) fails the import with its code. */
  plan: (db: Db, job: ImportRow, good: readonly GoodRow<T>[]) => Promise<ImportPlan>;
}

export const toImport = (r: ImportRow): SheetImport => ({
  id: r.id,
  fileName: r.fileName,
  mode: r.mode,
  state: r.state,
  read: r.read,
  inserted: r.inserted,
  updated: r.updated,
  unchanged: r.unchanged,
  bad: r.bad,
  blank: r.blank,
  code: r.code,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface Upload {
  targetId: number;
  tenantId: number;
  mode: ImportMode;
  lang: Lang;
  name: string;
  /** The file in base64. */
  data: string;
}

/** Keeps the upload and queues its job; the target was checked by the domain. */
export async function queueImport<T, C extends string>(
  db: Db,
  storage: FileStorage,
  user: AuthUser,
  importer: SheetImporter<T, C>,
  upload: Upload,
): Promise<ImportRow> {
  const bytes = Buffer.from(upload.data, 'base64');
  // What is plainly no .xlsx is told at once; the rest when the job reads it.
  if (!isZip(bytes)) throw new BizError(CODE.importNotXlsx);
  const fileId = sha256(bytes);
  await storage.put(fileId, bytes);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sheetImports)
      .values({
        kind: importer.kind,
        targetId: upload.targetId,
        tenantId: upload.tenantId,
        userId: user.id,
        lang: upload.lang,
        mode: upload.mode,
        fileName: upload.name,
        fileId,
      })
      .returning();
    await enqueue(tx, importer.job, { importId: row!.id });
    return row!;
  });
}

/** An import of this kind the user made (814 for another's, or another kind's). */
export async function ownImport(db: Queryable, user: AuthUser, kind: string, id: number): Promise<ImportRow> {
  const [row] = await db
    .select()
    .from(sheetImports)
    .where(and(eq(sheetImports.id, id), eq(sheetImports.userId, user.id), eq(sheetImports.kind, kind)));
  if (!row) throw new BizError(CODE.importNotFound);
  return row;
}

/** The bad rows of a finished import as an .xlsx (814 when it has none). */
export async function importReport<T, C extends string>(
  db: Queryable,
  storage: FileStorage,
  user: AuthUser,
  importer: SheetImporter<T, C>,
  id: number,
) {
  const row = await ownImport(db, user, importer.kind, id);
  const bytes = row.reportId ? await storage.get(row.reportId) : null;
  if (!bytes) throw new BizError(CODE.importNotFound);
  return { name: `${importer.names(row.lang as Lang).report}.xlsx`, data: bytes.toString('base64') };
}

/** The .xlsx to fill in: the columns' names in `lang`, the required ones marked. */
export async function sheetTemplate<T, C extends string>(importer: SheetImporter<T, C>, lang: Lang) {
  const required = catalogues[lang].sheetImport.required;
  const header = importer.columns.map((c) => importer.label(lang, c) + (importer.required.includes(c) ? required : ''));
  const names = importer.names(lang);
  return { name: `${names.template}.xlsx`, data: (await xlsxBytes(names.sheet, header, [])).toString('base64') };
}

async function keepReport<T, C extends string>(
  storage: FileStorage,
  importer: SheetImporter<T, C>,
  lang: Lang,
  bad: readonly BadRow[],
): Promise<string | null> {
  if (!bad.length) return null;
  const texts = catalogues[lang].sheetImport;
  const header = [texts.row, ...importer.columns.map((c) => importer.label(lang, c)), texts.problems];
  const rows = bad.map((b) => [
    b.row,
    ...b.cells,
    b.problems.map((p) => problemText(lang, p, importer.label)).join('；'),
  ]);
  const bytes = await xlsxBytes(texts.reportName, header, rows);
  const id = sha256(bytes);
  await storage.put(id, bytes);
  return id;
}

export async function runImport<T, C extends string>(
  db: Db,
  storage: FileStorage,
  importer: SheetImporter<T, C>,
  importId: number,
): Promise<void> {
  // Taken again after its instance went silent, a finished import has nothing left to do.
  const [job] = await db
    .update(sheetImports)
    .set({ state: 'reading' })
    .where(and(eq(sheetImports.id, importId), inArray(sheetImports.state, ['queued', 'reading', 'writing'])))
    .returning();
  if (!job) return;
  const bytes = job.fileId ? await storage.get(job.fileId) : null;
  let sheet;
  let plan;
  try {
    if (!bytes) throw new SheetRefused(CODE.importNotXlsx);
    const spec = importer.sheetOf ? await importer.sheetOf(db, job) : importer;
    sheet = await readSheet(bytes, spec, (read) =>
      db
        .update(sheetImports)
        .set({ read })
        .where(eq(sheetImports.id, job.id))
        .then(() => {}),
    );
    plan = await importer.plan(db, job, sheet.good);
  } catch (err) {
    if (!(err instanceof SheetRefused)) throw err;
    await db
      .update(sheetImports)
      .set({ state: 'failed', code: err.code, fileId: null, finishedAt: sql`now()` })
      .where(eq(sheetImports.id, job.id));
    await forgetUpload(db, storage, job);
    return;
  }
  const bad = [...sheet.bad, ...plan.bad].sort((a, b) => a.row - b.row);
  const reportId = await keepReport(storage, importer, job.lang as Lang, bad);
  const writes = job.mode === 'good' || bad.length === 0;
  await db.update(sheetImports).set({ state: 'writing', read: sheet.read }).where(eq(sheetImports.id, job.id));
  await db.transaction(async (tx) => {
    const done = writes ? await plan.write(tx) : { inserted: 0, updated: 0, unchanged: 0 };
    await tx
      .update(sheetImports)
      .set({
        state: 'done',
        read: sheet.read,
        inserted: done.inserted,
        updated: done.updated,
        unchanged: writes ? plan.unchanged + done.unchanged : 0,
        bad: bad.length,
        blank: sheet.blank,
        reportId,
        fileId: null,
        finishedAt: sql`now()`,
      })
      .where(eq(sheetImports.id, job.id));
  });
  await forgetUpload(db, storage, job);
}

/** The upload, once read, unless another import of the same bytes still waits for it. */
async function forgetUpload(db: Db, storage: FileStorage, job: ImportRow) {
  if (!job.fileId) return;
  const [other] = await db
    .select({ id: sheetImports.id })
    .from(sheetImports)
    .where(and(eq(sheetImports.fileId, job.fileId), inArray(sheetImports.state, ['queued', 'reading', 'writing'])));
  if (!other) await storage.remove(job.fileId);
}

/** The job kind that reads an importer's uploads. */
export function importJob<T, C extends string>(importer: SheetImporter<T, C>): JobKind<{ importId: number }> {
  return {
    // A failure that is no refusal of the file (the database went away) is tried once more, then the import failed.
    retryAfter: (attempt) => (attempt < 2 ? 5_000 : null),
    run: ({ importId }, { db, storage }) => runImport(db, storage, importer, importId),
    async failed({ importId }, _error, { db }) {
      await db
        .update(sheetImports)
        .set({ state: 'failed', finishedAt: sql`now()` })
        .where(eq(sheetImports.id, importId));
    },
  };
}
