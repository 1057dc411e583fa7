/**
 * Enterprise staff from an .xlsx (spec §2 staffPage, bulk Excel import): the
 * file is uploaded whole (at most 10 MB), read on the upstream a row at a
 * time (exceljs's streaming reader) by a job, each row checked like a single
 * add (name and valid phone required, card ids unique in the file and within
 * the tenant's customers), and written in one transaction — every row or
 * none (`all`), or the good ones (`good`). Idempotent on the card id: a row
 * whose card the customer's staff already holds updates that person, so the
 * same file twice changes nothing. The bad rows come back as a report.
 */
import { z } from 'zod';
import { endpoint, isoTime, refParam, refParams, str } from '../api/define.js';

export const IMPORT_LIMITS = {
  /** The largest file: ten times what 100 000 rows of five short columns take. */
  maxBytes: 10 * 1024 * 1024,
  /** The most rows a sheet may hold: a bigger one is refused as soon as its row is reached (812), never read to the end. */
  maxRows: 100_000,
} as const;
export const IMPORT_MODES = ['all', 'good'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_STATES = ['queued', 'reading', 'writing', 'done', 'failed'] as const;
/** The sheet's columns, in order (the template's header, in the user's language). */
export const IMPORT_COLUMNS = ['name', 'position', 'cardId', 'phone', 'remark'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

const BASE64_MAX = Math.ceil(IMPORT_LIMITS.maxBytes / 3) * 4;
const lang = z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN');

export const staffImport = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  fileName: z.string(),
  mode: z.enum(IMPORT_MODES),
  state: z.enum(IMPORT_STATES),
  /** Rows read so far (the progress), and all of them once read. */
  read: z.number().int(),
  /** New staff written, people updated, rows already so, and bad rows. */
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  bad: z.number().int(),
  /** Why a failed import read nothing (808, 809, 811–813), or null. */
  code: z.number().int().nullable(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type StaffImport = z.infer<typeof staffImport>;

const sheetFile = z.object({ name: z.string(), data: z.string() });
const access = { auth: 'user', roles: ['admin', 'tenant', 'member', 'enterprise'], power: '8-2' } as const;

export const customerImportApi = {
  'customer.staffImport': endpoint({
    method: 'POST',
    path: '/customer/staff/import',
    summary:
      'Upload an .xlsx of staff (multipart, one part `file`, at most 10 MB: 810) for a customer (an enterprise account: itself), `all` or nothing or the `good` rows; answers the import, which a job reads and writes. Not an .xlsx: 808.',
    query: z.object({ customerId: refParam('customer').optional(), mode: z.enum(IMPORT_MODES), lang }),
    body: z.object({
      name: str().trim().min(1, { message: 'validation.required' }).max(255, { message: 'validation.maxLength' }),
      data: z
        .string()
        .max(BASE64_MAX, { message: 'customer.validation.fileTooLarge' })
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'validation.invalid' }),
    }),
    upload: { maxBytes: IMPORT_LIMITS.maxBytes, tooLarge: 810, malformed: 808 },
    content: staffImport,
    access,
    timeoutMs: 60_000,
  }),
  'customer.staffImportStatus': endpoint({
    method: 'GET',
    path: '/customer/staff/import/:id',
    summary: "An import the caller made: its state and counts (read is the progress). 814 for another's.",
    params: refParams('staffImport'),
    content: staffImport,
    access,
  }),
  'customer.staffImportReport': endpoint({
    method: 'GET',
    path: '/customer/staff/import/:id/report',
    summary:
      "The bad rows of a finished import as an .xlsx: the row's number, its values and what is wrong, in the import's language. 814 for another's or one without bad rows.",
    params: refParams('staffImport'),
    content: sheetFile,
    access,
  }),
  'customer.staffTemplate': endpoint({
    method: 'GET',
    path: '/customer/staff/template',
    summary: "The .xlsx to fill in: the columns' names in the language asked for, the required ones marked.",
    query: z.object({ lang }),
    content: sheetFile,
    access,
  }),
} as const;
