/** What a distributor's page needs from the domains built on tenants (shared/ports.ts). */
import type { ComponentType } from 'react';
import { port } from '../../shared/ports.js';

/** A distributor's callback settings and delivery log, its tab (the callback domain). */
export const tenantCallbacks = port<ComponentType<{ tenantId: number }>>('tenant.callbacks');
/** A distributor's products, read only, its tab (the product domain). */
export const tenantProducts = port<ComponentType<{ tenantId: number }>>('tenant.products');

export const tenantPorts = [tenantCallbacks, tenantProducts] as const;
