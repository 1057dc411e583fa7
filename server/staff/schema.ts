/** The staff domain's table beside the roles and member devices (server/identity/schema.ts): who staffs a store. */
import { pgTable, integer, index, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { points } from '../point/schema.js';

/**
 * Store staff (spec §7 store bind / unbind employee): a store is a point; a
 * member may staff several, a point have several. Kept by the staff domain,
 * which uses points, never the other way (the point screens ask the member
 * list for a store's staff). The member side's key to `users` is declared
 * in SQL, in the migration that made it.
 */
export const storeStaff = pgTable(
  'store_staff',
  {
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.userId] }), index('store_staff_user_idx').on(t.userId)],
);
