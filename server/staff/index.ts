/** The staff domain on the upstream (spec §7 employee calls): employees (members) and their custom roles. */
import { sql } from 'drizzle-orm';
import { defineServerDomain } from '../manifest.js';
import { provide } from '../../shared/ports.js';
import { pointStaff } from '../point/index.js';
import { users } from '../account/index.js';
import { storeStaff } from './schema.js';
import { staffDemo } from './demo.js';
import { staffHandlers } from './handlers.js';
import { roles } from '../identity/schema.js';

export { DEMO_ROLES, type RoleKey } from './demo.js';

export const staffServer = defineServerDomain({
  name: 'staff',
  handlers: staffHandlers,
  demo: staffDemo,
  owns: { role: { id: roles.id, tenantId: roles.tenantId, labels: [roles.name] } },
  provides: [
    // A point's store staff, for the point list (points are below staff).
    provide(
      pointStaff,
      (pointId) =>
        sql<
          { id: number; name: string }[]
        >`coalesce((select json_agg(json_build_object('id', ${users.id}, 'name', ${users.name}) order by ${users.name}, ${users.id})
        from ${storeStaff} join ${users} on ${users.id} = ${storeStaff.userId} where ${storeStaff.pointId} = ${pointId}), '[]'::json)`,
    ),
  ],
});
