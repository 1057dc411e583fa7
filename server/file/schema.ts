/**
 * Files (shared/file): a blob per distinct content, named by its SHA-256, and
 * the tenants that hold it. An upload by a tenant's user grants the file to
 * that tenant; saving a product with an image grants it to the product's
 * tenant (so an image the system admin uploaded for a tenant's product is
 * that tenant's to see). The bytes are in the storage (server/storage).
 */
import { pgTable, integer, text, timestamp, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { tenants } from '../identity/schema.js';

export const files = pgTable('files', {
  id: text('id').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

export const fileGrants = pgTable(
  'file_grants',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.tenantId] })],
);
