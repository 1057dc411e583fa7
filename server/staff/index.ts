/** The staff domain on the upstream (spec §7 employee calls): employees (members) and their custom roles. */
import { defineServerDomain } from '../manifest.js';
import { staffDemo } from './demo.js';
import { staffHandlers } from './handlers.js';
import { roles } from './schema.js';

export { DEMO_ROLES, type RoleKey } from './demo.js';
export { memberDevices, roles } from './schema.js';

export const staffServer = defineServerDomain({
  name: 'staff',
  handlers: staffHandlers,
  demo: staffDemo,
  owns: { role: { id: roles.id, tenantId: roles.tenantId, labels: [roles.name] } },
});
