/** The tenant domain on the upstream (spec §7 tenant service): tenant info, the tenants a caller may act for. */
import { defineServerDomain } from '../manifest.js';
import { tenantDemo } from './demo.js';
import { tenantHandlers } from './handlers.js';
import { tenants } from '../identity/schema.js';
import { tenantPorts } from './ports.js';
export { tenantDevices } from './ports.js';

export { DEMO_TENANTS, type TenantKey } from './demo.js';
export { owningTenant, tenantFilter, tenantInScope } from './owner.js';

export const tenantServer = defineServerDomain({
  name: 'tenant',
  ports: tenantPorts,
  handlers: tenantHandlers,
  demo: tenantDemo,
  // A tenant owns itself: a first-level tenant's scope includes its second-level tenants (server/scope.ts).
  owns: { tenant: { id: tenants.id, tenantId: tenants.id, labels: [tenants.name, tenants.contact] } },
});
