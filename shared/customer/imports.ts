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
import { endpoint, refParam, refParams } from '../api/define.js';
import { importLang, sheetFile, sheetImport, sheetUpload, SHEET_UPLOAD, IMPORT_MODES } from '../imports.js';

export { IMPORT_LIMITS, IMPORT_MODES, IMPORT_STATES, type ImportMode } from '../imports.js';
/** The sheet's columns, in order (the template's header, in the user's language). */
export const IMPORT_COLUMNS = ['name', 'position', 'cardId', 'phone', 'remark'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const staffImport = sheetImport.extend({ customerId: z.number().int() });
export type StaffImport = z.infer<typeof staffImport>;

const access = { auth: 'user', roles: ['admin', 'tenant', 'member', 'enterprise'], power: '8-2' } as const;

export const customerImportApi = {
  'customer.staffImport': endpoint({
    method: 'POST',
    path: '/customer/staff/import',
    summary:
      'Upload an .xlsx of staff (multipart, one part `file`, at most 10 MB: 810) for a customer (an enterprise account: itself), `all` or nothing or the `good` rows; answers the import, which a job reads and writes. Not an .xlsx: 808.',
    query: z.object({ customerId: refParam('customer').optional(), mode: z.enum(IMPORT_MODES), lang: importLang }),
    body: sheetUpload,
    upload: SHEET_UPLOAD,
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
    query: z.object({ lang: importLang }),
    content: sheetFile,
    access,
  }),
} as const;
