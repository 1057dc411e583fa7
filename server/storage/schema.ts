/** The bytes of files when the database is the storage (server/storage/index.ts `databaseStorage`). */
import { pgTable, text, customType } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const fileBytes = pgTable('file_bytes', {
  id: text('id').primaryKey(),
  bytes: bytea('bytes').notNull(),
});
