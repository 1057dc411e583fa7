/**
 * Staff imports (shared/customer/imports.ts): the upload is kept in the
 * storage and a job of the one queue (kind `customer.staffImport`) reads it
 * (import-read.ts), publishing its progress in the import's row, then writes
 * in one transaction — with the import's final state, so a job taken again
 * after its instance died finds it done — every row or none, or the good
 * ones. A card the customer's staff already holds updates its holder (so a
 * file imported twice changes nothing); one another customer's staff holds
 * is a bad row. The bad rows become a report in the storage.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { catalogues } from '../../shared/domains.js';
import { IMPORT_COLUMNS, type ImportMode, type StaffImport } from '../../shared/customer/index.js';
import type { Lang } from '../../shared/i18n/define.js';
import type { Db, Queryable, Tx } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import { xlsxBytes } from '../http/xlsx.js';
import { enqueue, type JobKind } from '../jobs/index.js';
import type { Scope } from '../scope.js';
import type { FileStorage } from '../storage/index.js';
import {
  columnLabel,
  isZip,
  problemText,
  readStaffSheet,
  SheetRefused,
  type BadRow,
  type GoodRow,
} from './import-read.js';
import { customerStaff, staffImports } from './schema.js';
import { actingCustomer } from './staff.js';

export const IMPORT_JOB = 'customer.staffImport';
const BATCH = 1_000;

type Row = typeof staffImports.$inferSelect;
const toImport = (r: Row): StaffImport => ({
  id: r.id,
  customerId: r.customerId,
  fileName: r.fileName,
  mode: r.mode,
  state: r.state,
  read: r.read,
  inserted: r.inserted,
  updated: r.updated,
  unchanged: r.unchanged,
  bad: r.bad,
  code: r.code,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function queueImport(
  db: Db,
  storage: FileStorage,
  user: AuthUser,
  scope: Scope,
  input: {
    customerId?: number | undefined;
    mode: ImportMode;
    lang: Lang;
    name: string;
    data: string;
  },
): Promise<StaffImport> {
  const customer = await actingCustomer(db, user, scope, input.customerId);
  const bytes = Buffer.from(input.data, 'base64');
  // What is plainly no .xlsx is told at once; the rest when the job reads it.
  if (!isZip(bytes)) throw new BizError(CODE.importNotXlsx);
  const fileId = sha256(bytes);
  await storage.put(fileId, bytes);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffImports)
      .values({
        customerId: customer.id,
        tenantId: customer.tenantId,
        userId: user.id,
        lang: input.lang,
        mode: input.mode,
        fileName: input.name,
        fileId,
      })
      .returning();
    await enqueue(tx, IMPORT_JOB, { importId: row!.id });
    return toImport(row!);
  });
}

async function ownImport(db: Queryable, user: AuthUser, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(staffImports)
    .where(and(eq(staffImports.id, id), eq(staffImports.userId, user.id)));
  if (!row) throw new BizError(CODE.importNotFound);
  return row;
}

export const importOf = async (db: Queryable, user: AuthUser, id: number) => toImport(await ownImport(db, user, id));

export async function importReport(db: Queryable, storage: FileStorage, user: AuthUser, id: number) {
  const row = await ownImport(db, user, id);
  const bytes = row.reportId ? await storage.get(row.reportId) : null;
  if (!bytes) throw new BizError(CODE.importNotFound);
  return { name: `${catalogues[row.lang as Lang].customer.sheet.reportFile}.xlsx`, data: bytes.toString('base64') };
}

export async function staffTemplate(lang: Lang) {
  const texts = catalogues[lang].customer.sheet;
  const required = new Set(['name', 'cardId', 'phone']);
  const header = IMPORT_COLUMNS.map((c) => columnLabel(lang, c) + (required.has(c) ? texts.required : ''));
  return { name: `${texts.file}.xlsx`, data: (await xlsxBytes(texts.name, header, [])).toString('base64') };
}

interface Held {
  id: number;
  customerId: number;
  name: string;
  position: string | null;
  phone: string;
  remark: string | null;
}

/** Who already holds the good rows' cards in the tenant, a batch of cards at a time. */
async function holders(db: Queryable, tenantId: number, good: readonly GoodRow[]): Promise<Map<string, Held>> {
  const held = new Map<string, Held>();
  for (let i = 0; i < good.length; i += BATCH) {
    const cards = good.slice(i, i + BATCH).map((g) => g.input.cardId);
    const rows = await db
      .select({
        id: customerStaff.id,
        customerId: customerStaff.customerId,
        cardId: customerStaff.cardId,
        name: customerStaff.name,
        position: customerStaff.position,
        phone: customerStaff.phone,
        remark: customerStaff.remark,
      })
      .from(customerStaff)
      .where(and(eq(customerStaff.tenantId, tenantId), inArray(customerStaff.cardId, cards)));
    for (const r of rows) held.set(r.cardId, r);
  }
  return held;
}

const same = (held: Held, g: GoodRow) =>
  held.name === g.input.name &&
  (held.position ?? '') === (g.input.position ?? '') &&
  held.phone === g.input.phone &&
  (held.remark ?? '') === (g.input.remark ?? '');
const valuesOf = (g: GoodRow) => ({
  name: g.input.name,
  position: g.input.position || null,
  cardId: g.input.cardId,
  phone: g.input.phone,
  remark: g.input.remark || null,
});

async function write(tx: Tx, job: Row, fresh: readonly GoodRow[], changed: readonly { id: number; row: GoodRow }[]) {
  let inserted = 0;
  for (let i = 0; i < fresh.length; i += BATCH) {
    // A card taken meanwhile by a single add is left to its holder (counted unchanged, not a failure of the whole file).
    const rows = await tx
      .insert(customerStaff)
      .values(
        fresh.slice(i, i + BATCH).map((g) => ({ ...valuesOf(g), customerId: job.customerId, tenantId: job.tenantId })),
      )
      .onConflictDoNothing()
      .returning({ id: customerStaff.id });
    inserted += rows.length;
  }
  for (let i = 0; i < changed.length; i += BATCH) {
    const part = changed.slice(i, i + BATCH);
    const values = sql.join(
      part.map(({ id, row }) => {
        const v = valuesOf(row);
        return sql`(${id}::int, ${v.name}, ${v.position}, ${v.phone}, ${v.remark})`;
      }),
      sql`, `,
    );
    await tx.execute(sql`update ${customerStaff} s set name = v.name, position = v.position, phone = v.phone, remark = v.remark
      from (values ${values}) as v(id, name, position, phone, remark) where s.id = v.id`);
  }
  return { inserted, conflicted: fresh.length - inserted };
}

async function keepReport(storage: FileStorage, lang: Lang, bad: readonly BadRow[]): Promise<string | null> {
  if (!bad.length) return null;
  const texts = catalogues[lang].customer.sheet;
  const header = [texts.row, ...IMPORT_COLUMNS.map((c) => columnLabel(lang, c)), texts.problems];
  const rows = bad.map((b) => [b.row, ...b.cells, b.problems.map((p) => problemText(lang, p)).join('；')]);
  const bytes = await xlsxBytes(texts.reportName, header, rows);
  const id = sha256(bytes);
  await storage.put(id, bytes);
  return id;
}

export async function runImport(db: Db, storage: FileStorage, importId: number): Promise<void> {
  // Taken again after its instance went silent, a finished import has nothing left to do.
  const [job] = await db
    .update(staffImports)
    .set({ state: 'reading' })
    .where(and(eq(staffImports.id, importId), inArray(staffImports.state, ['queued', 'reading', 'writing'])))
    .returning();
  if (!job) return;
  const bytes = job.fileId ? await storage.get(job.fileId) : null;
  let sheet;
  try {
    if (!bytes) throw new SheetRefused(CODE.importNotXlsx);
    sheet = await readStaffSheet(bytes, (read) =>
      db
        .update(staffImports)
        .set({ read })
        .where(eq(staffImports.id, job.id))
        .then(() => {}),
    );
  } catch (err) {
    if (!(err instanceof SheetRefused)) throw err;
    await db
      .update(staffImports)
      .set({ state: 'failed', code: err.code, fileId: null, finishedAt: sql`now()` })
      .where(eq(staffImports.id, job.id));
    await forgetUpload(db, storage, job);
    return;
  }
  const held = await holders(db, job.tenantId, sheet.good);
  const bad = [...sheet.bad];
  const fresh: GoodRow[] = [];
  const changed: { id: number; row: GoodRow }[] = [];
  let unchanged = 0;
  for (const g of sheet.good) {
    const h = held.get(g.input.cardId);
    if (!h) fresh.push(g);
    else if (h.customerId !== job.customerId)
      bad.push({
        row: g.row,
        cells: IMPORT_COLUMNS.map((c) => g.input[c] ?? ''),
        problems: [{ key: 'customer.sheet.cardHeld', field: 'cardId' }],
      });
    else if (same(h, g)) unchanged++;
    else changed.push({ id: h.id, row: g });
  }
  bad.sort((a, b) => a.row - b.row);
  const reportId = await keepReport(storage, job.lang as Lang, bad);
  const writes = job.mode === 'good' || bad.length === 0;
  await db.update(staffImports).set({ state: 'writing', read: sheet.read }).where(eq(staffImports.id, job.id));
  await db.transaction(async (tx) => {
    const done = writes ? await write(tx, job, fresh, changed) : { inserted: 0, conflicted: 0 };
    await tx
      .update(staffImports)
      .set({
        state: 'done',
        read: sheet.read,
        inserted: done.inserted,
        updated: writes ? changed.length : 0,
        unchanged: writes ? unchanged + done.conflicted : 0,
        bad: bad.length,
        reportId,
        fileId: null,
        finishedAt: sql`now()`,
      })
      .where(eq(staffImports.id, job.id));
  });
  await forgetUpload(db, storage, job);
}

/** The upload, once read, unless another import of the same bytes still waits for it. */
async function forgetUpload(db: Db, storage: FileStorage, job: Row) {
  if (!job.fileId) return;
  const [other] = await db
    .select({ id: staffImports.id })
    .from(staffImports)
    .where(and(eq(staffImports.fileId, job.fileId), inArray(staffImports.state, ['queued', 'reading', 'writing'])));
  if (!other) await storage.remove(job.fileId);
}

export const importJob: JobKind<{ importId: number }> = {
  // A failure that is no refusal of the file (the database went away) is tried once more, then the import failed.
  retryAfter: (attempt) => (attempt < 2 ? 5_000 : null),
  run: ({ importId }, { db, storage }) => runImport(db, storage, importId),
  async failed({ importId }, _error, { db }) {
    await db
      .update(staffImports)
      .set({ state: 'failed', finishedAt: sql`now()` })
      .where(eq(staffImports.id, importId));
  },
};
