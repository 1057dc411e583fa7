/**
 * The bytes of files when the database is the storage (server/storage/index.ts
 * `databaseStorage`), in parts of about a megabyte: a file written as it
 * streams (an e-mail export of a million orders is 100 MB) is kept and read a
 * part at a time, never whole. A file put at once is part 0 alone.
 */
import { pgTable, text, integer, customType, primaryKey } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const fileBytes = pgTable(
  'file_bytes',
  {
    id: text('id').notNull(),
    part: integer('part').notNull().default(0),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.part] })],
);
