/**
 * Staff imports (shared/customer/imports.ts) on the one import machinery
 * (server/imports): the staff sheet's columns and checks, and how its good
 * rows meet the tenant's staff. A card the customer's staff already holds
 * updates its holder (so a file imported twice changes nothing); one another
 * customer's staff holds is a bad row.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { catalogues } from '../../shared/domains.js';
import {
  customerStaffInput,
  IMPORT_COLUMNS,
  type CustomerStaffInput,
  type ImportColumn,
  type ImportMode,
  type StaffImport,
} from '../../shared/customer/index.js';
import type { Lang } from '../../shared/i18n/define.js';
import type { Db, Queryable, Tx } from '../db/index.js';
import type { AuthUser } from '../http/principal.js';
import {
  checkBy,
  importJob,
  importReport,
  ownImport,
  queueImport,
  sheetTemplate,
  toImport,
  type BadRow,
  type GoodRow,
  type ImportRow,
  type SheetImporter,
} from '../imports/index.js';
import type { Scope } from '../scope.js';
import type { FileStorage } from '../storage/index.js';
import { customerStaff } from './schema.js';
import { actingCustomer } from './staff.js';

export const IMPORT_JOB = 'customer.staffImport';
const BATCH = 1_000;

interface Held {
  id: number;
  customerId: number;
  name: string;
  position: string | null;
  phone: string;
  remark: string | null;
}

/** Who already holds the good rows' cards in the tenant, a batch of cards at a time. */
async function holders(
  db: Queryable,
  tenantId: number,
  good: readonly GoodRow<CustomerStaffInput>[],
): Promise<Map<string, Held>> {
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

type Good = GoodRow<CustomerStaffInput>;
const same = (held: Held, g: Good) =>
  held.name === g.input.name &&
  (held.position ?? '') === (g.input.position ?? '') &&
  held.phone === g.input.phone &&
  (held.remark ?? '') === (g.input.remark ?? '');
const valuesOf = (g: Good) => ({
  name: g.input.name,
  position: g.input.position || null,
  cardId: g.input.cardId,
  phone: g.input.phone,
  remark: g.input.remark || null,
});

async function write(tx: Tx, job: ImportRow, fresh: readonly Good[], changed: readonly { id: number; row: Good }[]) {
  let inserted = 0;
  for (let i = 0; i < fresh.length; i += BATCH) {
    // A card taken meanwhile by a single add is left to its holder (counted unchanged, not a failure of the whole file).
    const rows = await tx
      .insert(customerStaff)
      .values(
        fresh.slice(i, i + BATCH).map((g) => ({ ...valuesOf(g), customerId: job.targetId, tenantId: job.tenantId })),
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
  return { inserted, updated: changed.length, unchanged: fresh.length - inserted };
}

/** The staff sheet: name, position, card id, phone, remark; a row checked like a single add. */
export const staffImporter: SheetImporter<CustomerStaffInput, ImportColumn> = {
  kind: 'customer.staff',
  job: IMPORT_JOB,
  columns: IMPORT_COLUMNS,
  label: (lang, column) => catalogues[lang].customer.staff[column],
  required: ['name', 'cardId', 'phone'],
  check: checkBy(customerStaffInput, IMPORT_COLUMNS),
  unique: { column: 'cardId', problem: 'customer.sheet.cardInFile' },
  names: (lang) => {
    const texts = catalogues[lang].customer.sheet;
    return { sheet: texts.name, template: texts.file, report: texts.reportFile };
  },
  async plan(db, job, good) {
    const held = await holders(db, job.tenantId, good);
    const bad: BadRow[] = [];
    const fresh: Good[] = [];
    const changed: { id: number; row: Good }[] = [];
    let unchanged = 0;
    for (const g of good) {
      const h = held.get(g.input.cardId);
      if (!h) fresh.push(g);
      else if (h.customerId !== job.targetId)
        bad.push({ row: g.row, cells: g.cells, problems: [{ key: 'customer.sheet.cardHeld', field: 'cardId' }] });
      else if (same(h, g)) unchanged++;
      else changed.push({ id: h.id, row: g });
    }
    return { bad, unchanged, write: (tx) => write(tx, job, fresh, changed) };
  },
};

export const importJobKind = importJob(staffImporter);

const staffImportOf = (row: ImportRow): StaffImport => ({ ...toImport(row), customerId: row.targetId });

export async function queueStaffImport(
  db: Db,
  storage: FileStorage,
  user: AuthUser,
  scope: Scope,
  input: { customerId?: number | undefined; mode: ImportMode; lang: Lang; name: string; data: string },
): Promise<StaffImport> {
  const customer = await actingCustomer(db, user, scope, input.customerId);
  const row = await queueImport(db, storage, user, staffImporter, {
    targetId: customer.id,
    tenantId: customer.tenantId,
    mode: input.mode,
    lang: input.lang,
    name: input.name,
    data: input.data,
  });
  return staffImportOf(row);
}

export const staffImportOfUser = async (db: Queryable, user: AuthUser, id: number) =>
  staffImportOf(await ownImport(db, user, staffImporter.kind, id));

export const staffImportReport = (db: Queryable, storage: FileStorage, user: AuthUser, id: number) =>
  importReport(db, storage, user, staffImporter, id);

export const staffTemplate = (lang: Lang) => sheetTemplate(staffImporter, lang);
