/** What the tenant domain needs from the domains built on it (server/ports.ts). */
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { port } from '../../shared/ports.js';

/** How many devices a tenant holds, for the distributor list (the device domain). */
export const tenantDevices = port<(tenantId: PgColumn) => SQL<number>>('tenant.tenantDevices');

export const tenantPorts = [tenantDevices] as const;
