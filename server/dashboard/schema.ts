/** The dashboard's own settings per tenant (beyond the spec): how its alerts judge its devices. */
import { pgTable, integer, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenants } from '../identity/schema.js';

export const alertSettings = pgTable(
  'alert_settings',
  {
    tenantId: integer('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** A device that usually sells is quiet after this many hours without a sale; null: by its own hours of the day (server/dashboard/alerts.ts). */
    quietHours: integer('quiet_hours'),
  },
  (t) => [check('alert_settings_quiet_hours', sql`${t.quietHours} between 1 and 168`)],
);
