/** What a distributor's page needs from the domains built on tenants (shared/ports.ts). */
import type { ComponentType } from 'react';
import type { TenantDetail } from '../../shared/tenant/index.js';
import { port } from '../../shared/ports.js';

/** A distributor's callback settings and delivery log, its tab (the callback domain). */
export const tenantCallbacks = port<ComponentType<{ tenantId: number }>>('tenant.callbacks');
/** A distributor's products, read only, its tab (the product domain). */
export const tenantProducts = port<ComponentType<{ tenantId: number }>>('tenant.products');

/** A distributor's payment settings (the payment domain): on its page with their history, or in a dialog that asks before it closes on unsaved input. */
export const tenantPaymentForm =
  port<ComponentType<{ tenantId: number; history?: boolean; onDirtyChange?: (dirty: boolean) => void }>>(
    'tenant.paymentForm',
  );

/** A distributor's devices, read only, its tab (the device domain, which hands devices over on devBind). */
export const tenantDevices = port<ComponentType<{ tenant: TenantDetail }>>('tenant.devices');

export const tenantPorts = [tenantCallbacks, tenantProducts, tenantPaymentForm, tenantDevices] as const;
