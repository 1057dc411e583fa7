/**
 * Imports from an .xlsx, as every domain that takes rows from a sheet runs
 * them (enterprise staff, a customer group's identifiers): the file is
 * uploaded whole (at most 10 MB), read on the upstream a row at a time by a
 * job, each row checked as a single add would be, and written in one
 * transaction — every row or none (`all`), or the good ones (`good`) —
 * idempotent on the rows' identifying column, so the same file twice changes
 * nothing. The bad rows come back as a report. The upstream's part is
 * server/imports; the dialog is the kit's SheetImportDialog.
 */
import { z } from 'zod';
import { isoTime, str } from './api/define.js';

export const IMPORT_LIMITS = {
  /** The largest file: ten times what 100 000 rows of five short columns take. */
  maxBytes: 10 * 1024 * 1024,
  /** The most rows a sheet may hold: a bigger one is refused as soon as its row is reached (812), never read to the end. */
  maxRows: 100_000,
} as const;
export const IMPORT_MODES = ['all', 'good'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_STATES = ['queued', 'reading', 'writing', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** An import as its uploader follows it. */
export const sheetImport = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mode: z.enum(IMPORT_MODES),
  state: z.enum(IMPORT_STATES),
  /** Rows read so far (the progress), and all of them once read. */
  read: z.number().int(),
  /** Rows written new, rows that changed what was there, rows already so, and bad rows. */
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  bad: z.number().int(),
  /** Blank rows between the header and the last row, skipped: read + blank is every row under the header. */
  blank: z.number().int(),
  /** Why a failed import read nothing (808, 809, 811–813), or null. */
  code: z.number().int().nullable(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type SheetImport = z.infer<typeof sheetImport>;

/** A sheet the upstream answers (a template, a report): its name and its bytes in base64. */
export const sheetFile = z.object({ name: z.string(), data: z.string() });

/** The language of a template, and of the report an import writes. */
export const importLang = z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN');

const BASE64_MAX = Math.ceil(IMPORT_LIMITS.maxBytes / 3) * 4;

/** The upload's body as the bridge sends it (the upstream takes it as multipart: `upload` below). */
export const sheetUpload = z.object({
  name: str().trim().min(1, { message: 'validation.required' }).max(255, { message: 'validation.maxLength' }),
  data: z
    .string()
    .max(BASE64_MAX, { message: 'sheetImport.fileTooLarge' })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'validation.invalid' }),
});

/** The endpoint option that makes an upload multipart, with its refusals (810 too large, 808 not a file it reads). */
export const SHEET_UPLOAD = { maxBytes: IMPORT_LIMITS.maxBytes, tooLarge: 810, malformed: 808 } as const;
