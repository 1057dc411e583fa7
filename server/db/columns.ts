/**
 * Column helpers every domain's tables use. Every tenant-owned row carries
 * `tenant_id`, so one scope helper (server/scope.ts) filters any table the
 * same way (ARCHITECTURE §5).
 */
import { timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
