/**
 * Imports from an .xlsx (shared/imports.ts), whichever domain takes the rows:
 * one table for all of them, each row naming its kind (`customer.staff`,
 * `group.members`) and its target (the enterprise customer, the group). The
 * file is kept in the storage until the job has read it; the row holds the
 * progress the console shows, the counts and the report of the bad rows (in
 * the storage too). Only its uploader reads it.
 */
import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { IMPORT_MODES, IMPORT_STATES } from '../../shared/imports.js';
import { createdAt } from '../db/columns.js';
import { tenants } from '../identity/schema.js';

export const sheetImportState = pgEnum('sheet_import_state', IMPORT_STATES);
export const sheetImportMode = pgEnum('sheet_import_mode', IMPORT_MODES);

export const sheetImports = pgTable(
  'sheet_imports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Whose rows these are: the importer (server/imports/run.ts `SheetImporter.kind`). */
    kind: text('kind').notNull(),
    /** What the rows go into (a customer, a group); the importer checks it again before writing. */
    targetId: integer('target_id').notNull(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /**
     * Who uploaded it: the only one who reads its state and report. No foreign
     * key: the users are the account domain's, and this mechanism table sits
     * below every domain (an import of a deleted user is read by no one).
     */
    userId: integer('user_id').notNull(),
    lang: text('lang').notNull(),
    mode: sheetImportMode('mode').notNull(),
    fileName: text('file_name').notNull(),
    /** The upload in the storage; null once read. */
    fileId: text('file_id'),
    state: sheetImportState('state').notNull().default('queued'),
    read: integer('read').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    bad: integer('bad').notNull().default(0),
    /** Blank rows between the header and the last row read, skipped: with the others they add up to the sheet's rows. */
    blank: integer('blank').notNull().default(0),
    code: integer('code'),
    /** The report of the bad rows (an .xlsx in the storage). */
    reportId: text('report_id'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('sheet_imports_user_idx').on(t.userId, t.createdAt)],
);
