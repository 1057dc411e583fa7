/**
 * A pre-import group's identifiers from an .xlsx (shared/imports.ts, the
 * machinery the staff import uses): one column, the identifier, each checked
 * against the group's kind (a phone a mainland mobile number; an employee or
 * card number letters, digits and hyphens), unique in the file; all or
 * nothing or the good rows; idempotent on the identifier — one the group
 * already has is left as it is, so the same file twice adds nothing; one a
 * member of the tenant already holds is claimed at once.
 */
import { endpoint, refParams } from '../api/define.js';
import { importLang, sheetFile, sheetImport, sheetUpload, SHEET_UPLOAD, IMPORT_MODES } from '../imports.js';
import { z } from 'zod';

/** The sheet's columns, in order. */
export const GROUP_IMPORT_COLUMNS = ['identifier'] as const;
export type GroupImportColumn = (typeof GROUP_IMPORT_COLUMNS)[number];

const access = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const groupImportApi = {
  'group.import': endpoint({
    method: 'POST',
    path: '/group/members/:id/import',
    summary:
      'Upload an .xlsx of identifiers (multipart, one part `file`, at most 10 MB: 810) for a pre-import group (3407 for a real-time one), `all` or nothing or the `good` rows; answers the import, which a job reads and writes. Not an .xlsx: 808.',
    params: refParams('group'),
    query: z.object({ mode: z.enum(IMPORT_MODES), lang: importLang }),
    body: sheetUpload,
    upload: SHEET_UPLOAD,
    content: sheetImport,
    access,
    timeoutMs: 60_000,
  }),
  'group.importStatus': endpoint({
    method: 'GET',
    path: '/group/import/:id',
    summary: "A group import the caller made: its state and counts (read is the progress). 814 for another's.",
    params: refParams('groupImport'),
    content: sheetImport,
    access,
  }),
  'group.importReport': endpoint({
    method: 'GET',
    path: '/group/import/:id/report',
    summary:
      "The bad rows of a finished group import as an .xlsx: the row's number, its value and what is wrong, in the import's language. 814 for another's or one without bad rows.",
    params: refParams('groupImport'),
    content: sheetFile,
    access,
  }),
  'group.importTemplate': endpoint({
    method: 'GET',
    path: '/group/template',
    summary: "The .xlsx to fill in with a group's identifiers: the column's name in the language asked for.",
    query: z.object({ lang: importLang }),
    content: sheetFile,
    access,
  }),
} as const;
