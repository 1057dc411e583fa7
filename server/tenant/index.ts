/** The tenant domain on the upstream (spec §7 tenant service): tenant info, the tenants a caller may act for. */
import { defineServerDomain } from '../manifest.js';
import { tenantDemo } from './demo.js';
import { tenantHandlers } from './handlers.js';

export { DEMO_TENANTS, type TenantKey } from './demo.js';
export { tenants } from './schema.js';

export const tenantServer = defineServerDomain({ name: 'tenant', handlers: tenantHandlers, demo: tenantDemo });
