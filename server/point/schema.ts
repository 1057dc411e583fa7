/** Points (locations) where devices stand (spec §3 Point). */
import { pgTable, integer, text, timestamp, index, unique } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { tenants } from '../identity/schema.js';

export const points = pgTable(
  'points',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    /** The area's names from the province down (广东省 广州市 天河区), derived from `area_code`. */
    area: text('area').notNull(),
    /** The district's GB/T 2260 code (shared/point/regions.ts); "inside an area" is a prefix of it. */
    areaCode: text('area_code').notNull().default(''),
    address: text('address').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The area filter is a prefix match: text_pattern_ops lets LIKE '44%' use the index under any collation.
    index('points_tenant_area_idx').on(t.tenantId, t.areaCode.op('text_pattern_ops')),
    // Target of the devices' (point_id, tenant_id) key (server/device/schema.ts).
    unique('points_id_tenant_unique').on(t.id, t.tenantId),
  ],
);
