/**
 * Balances from the operator's old prepaid cards (shared/wallet/imports.ts) on the one import machinery
 * (server/imports): the sheet — phone, principal, bonus, old card number — and how its good rows meet the
 * tenant's members and wallets. Each member's balance is imported once, keyed `import:member:{id}`: the same
 * row again is unchanged (a file imported twice changes nothing), another amount for a member imported before
 * is a bad row; so is a phone no member of the tenant holds, or a balance the wallet cannot take within the
 * cap. The writes are the ledger's own moves (capped, under each wallet's lock, in member order so two
 * imports never wait on each other crosswise); a wallet that passed its cap between the read and the write
 * fails the import's transaction, and the job's second try reads it again and reports that row.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { catalogues } from '../../shared/domains.js';
import type { Lang } from '../../shared/i18n/define.js';
import type { ImportMode } from '../../shared/imports.js';
import {
  WALLET_IMPORT_COLUMNS,
  walletImportRow,
  type WalletImportColumn,
  type WalletImportRow,
} from '../../shared/wallet/index.js';
import type { Db, Queryable } from '../db/index.js';
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
  type SheetImporter,
} from '../imports/index.js';
import { members } from '../member/index.js';
import type { FileStorage } from '../storage/index.js';
import { moveWallet } from './ledger.js';
import { walletMoves, wallets } from './schema.js';
import { settingsOf } from './settings.js';

export const WALLET_IMPORT_JOB = 'wallet.import';
const BATCH = 1_000;

/** The key of a member's imported balance: one per member, ever. */
const importKey = (memberId: number) => `import:member:${memberId}`;

type Good = GoodRow<WalletImportRow>;
interface Found {
  memberId: number;
  held: number;
  imported: { principal: number; bonus: number } | null;
}

/** The tenant's members holding the rows' phones, what their wallets hold, and the balance imported before. */
async function found(db: Queryable, tenantId: number, good: readonly Good[]): Promise<Map<string, Found>> {
  const byPhone = new Map<string, Found>();
  for (let i = 0; i < good.length; i += BATCH) {
    const phones = good.slice(i, i + BATCH).map((g) => g.input.phone);
    const rows = await db
      .select({ phone: members.phone, memberId: members.id, principal: wallets.principal, bonus: wallets.bonus })
      .from(members)
      .leftJoin(wallets, eq(wallets.memberId, members.id))
      .where(and(eq(members.tenantId, tenantId), inArray(members.phone, phones), isNull(members.erasedAt)));
    if (!rows.length) continue;
    // Every import move counts, whatever its key (a balance carried over before this sheet's key existed).
    const imports = await db
      .select({
        memberId: walletMoves.memberId,
        principal: sql<number>`sum(${walletMoves.principal})::int`,
        bonus: sql<number>`sum(${walletMoves.bonus})::int`,
      })
      .from(walletMoves)
      .where(
        and(
          inArray(
            walletMoves.memberId,
            rows.map((r) => r.memberId),
          ),
          eq(walletMoves.kind, 'import'),
        ),
      )
      .groupBy(walletMoves.memberId);
    const imported = new Map(imports.map((m) => [m.memberId, { principal: m.principal, bonus: m.bonus }]));
    for (const r of rows)
      byPhone.set(r.phone!, {
        memberId: r.memberId,
        held: (r.principal ?? 0) + (r.bonus ?? 0),
        imported: imported.get(r.memberId) ?? null,
      });
  }
  return byPhone;
}

const label = (lang: Lang, column: WalletImportColumn) => catalogues[lang].wallet.sheet[column];
const bad = (g: Good, key: string, field: WalletImportColumn): BadRow => ({
  row: g.row,
  cells: g.cells,
  problems: [{ key, field }],
});

export const walletImporter: SheetImporter<WalletImportRow, WalletImportColumn> = {
  kind: 'wallet.balances',
  job: WALLET_IMPORT_JOB,
  columns: WALLET_IMPORT_COLUMNS,
  label,
  required: ['phone', 'principal'],
  check: checkBy(walletImportRow, WALLET_IMPORT_COLUMNS),
  unique: { column: 'phone', problem: 'wallet.sheet.inFile' },
  names: (lang) => {
    const texts = catalogues[lang].wallet.sheet;
    return { sheet: texts.name, template: texts.file, report: texts.reportFile };
  },
  async plan(db, job, good) {
    const byPhone = await found(db, job.tenantId, good);
    const cap = (await settingsOf(db, job.tenantId)).capFen;
    const problems: BadRow[] = [];
    const fresh: { memberId: number; row: Good }[] = [];
    let unchanged = 0;
    for (const g of good) {
      const f = byPhone.get(g.input.phone);
      const { principal, bonus } = g.input;
      if (!f) problems.push(bad(g, 'wallet.sheet.noMember', 'phone'));
      else if (f.imported && f.imported.principal === principal && f.imported.bonus === bonus) unchanged++;
      else if (f.imported) problems.push(bad(g, 'wallet.sheet.importedAlready', 'principal'));
      else if (f.held + principal + bonus > cap) problems.push(bad(g, 'wallet.sheet.overCap', 'principal'));
      else fresh.push({ memberId: f.memberId, row: g });
    }
    fresh.sort((a, b) => a.memberId - b.memberId);
    return {
      bad: problems,
      unchanged,
      async write(tx) {
        let inserted = 0;
        for (const { memberId, row } of fresh) {
          const { principal, bonus, card } = row.input;
          const moved = await moveWallet(
            tx,
            { memberId, kind: 'import', key: importKey(memberId), reason: card || null, operatorId: job.userId },
            { principal, bonus },
          );
          if (!moved.repeated) inserted++;
        }
        // One imported meanwhile by another file is there already: unchanged, not a failure.
        return { inserted, updated: 0, unchanged: fresh.length - inserted };
      },
    };
  },
};

export const walletImportJob = importJob(walletImporter);

export async function queueWalletImport(
  db: Db,
  storage: FileStorage,
  user: AuthUser,
  tenantId: number,
  input: { mode: ImportMode; lang: Lang; name: string; data: string },
) {
  return toImport(await queueImport(db, storage, user, walletImporter, { targetId: tenantId, tenantId, ...input }));
}

export const walletImportOf = async (db: Queryable, user: AuthUser, id: number) =>
  toImport(await ownImport(db, user, walletImporter.kind, id));

export const walletImportReport = (db: Queryable, storage: FileStorage, user: AuthUser, id: number) =>
  importReport(db, storage, user, walletImporter, id);

export const walletTemplate = (lang: Lang) => sheetTemplate(walletImporter, lang);
