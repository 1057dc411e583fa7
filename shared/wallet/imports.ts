/**
 * Balances carried over from the operator's old prepaid cards, imported from an .xlsx on the one import
 * machinery (shared/imports.ts): a row per member of the tenant, found by its phone, with the principal and
 * the bonus its old card held (yuan) and the old card's number. Each member's balance is imported once: the
 * same row again changes nothing, another amount for a member imported before is a bad row, as is a balance
 * past the tenant's cap or a phone no member of the tenant holds.
 */
import { z } from 'zod';
import { endpoint, phone, refParam, refParams, str } from '../api/define.js';
import { parseYuan } from '../format.js';
import { importLang, IMPORT_MODES, sheetFile, sheetImport, sheetUpload, SHEET_UPLOAD } from '../imports.js';
import { WALLET_LIMITS } from './rules.js';

/** The sheet's columns, in order. */
export const WALLET_IMPORT_COLUMNS = ['phone', 'principal', 'bonus', 'card'] as const;
export type WalletImportColumn = (typeof WALLET_IMPORT_COLUMNS)[number];

/** Yuan as a sheet holds it (`100`, `99.5`, `¥1,200.00`) in fen, at most the cap; blank is 0. */
const yuanCell = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const fen = v === '' ? 0 : parseYuan(v);
    if (fen === null || fen > WALLET_LIMITS.capFen) {
      ctx.addIssue({ code: 'custom', message: 'wallet.validation.importAmount' });
      return z.NEVER;
    }
    return fen;
  });

/** One row as the import takes it. */
export const walletImportRow = z
  .object({
    phone,
    principal: yuanCell,
    bonus: yuanCell,
    card: str().trim().max(40, { message: 'validation.maxLength' }),
  })
  .refine((r) => r.principal + r.bonus > 0, { path: ['principal'], message: 'wallet.validation.importEmpty' });
export type WalletImportRow = z.infer<typeof walletImportRow>;

const access = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const walletImportApi = {
  'wallet.import': endpoint({
    method: 'POST',
    path: '/wallet/import',
    summary:
      "Upload an .xlsx of balances from the operator's old prepaid cards (multipart, one part `file`, at most 10 MB: 810) into the wallets of the tenant's members, found by phone; `all` or nothing or the `good` rows; each member's balance once. Answers the import, which a job reads and writes. Not an .xlsx: 808.",
    query: z.object({ mode: z.enum(IMPORT_MODES), lang: importLang, tenantId: refParam('tenant').optional() }),
    body: sheetUpload,
    upload: SHEET_UPLOAD,
    content: sheetImport,
    access,
    timeoutMs: 60_000,
  }),
  'wallet.importStatus': endpoint({
    method: 'GET',
    path: '/wallet/import/:id',
    summary: "A balance import the caller made: its state and counts (read is the progress). 814 for another's.",
    params: refParams('walletImport'),
    content: sheetImport,
    access,
  }),
  'wallet.importReport': endpoint({
    method: 'GET',
    path: '/wallet/import/:id/report',
    summary:
      "The bad rows of a finished balance import as an .xlsx: the row's number, its cells and what is wrong, in the import's language. 814 for another's or one without bad rows.",
    params: refParams('walletImport'),
    content: sheetFile,
    access,
  }),
  'wallet.importTemplate': endpoint({
    method: 'GET',
    path: '/wallet/import-template',
    summary: 'The .xlsx to fill in with balances: the columns’ names in the language asked for.',
    query: z.object({ lang: importLang }),
    content: sheetFile,
    access,
  }),
} as const;
