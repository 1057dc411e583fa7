/** Tenant service (spec §7): tenant info and the tenant password change. */
import { z } from 'zod';
import { endpoint, empty, ref } from '../api/define.js';
import { newPassword, password } from '../account/index.js';

export const tenantInfo = z.object({
  tenantId: z.number().int(),
  name: z.string(),
  contact: z.string(),
  parent: z.number().int().nullable(),
});
export type TenantInfo = z.infer<typeof tenantInfo>;

export const tenantApi = {
  'tenant.info': endpoint({
    method: 'POST',
    reads: true,
    path: '/tenant/info',
    summary: "A tenant's info; the caller's own tenant when no tenantId is given.",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: tenantInfo,
    access: { auth: 'user' },
  }),
  'tenant.list': endpoint({
    method: 'POST',
    reads: true,
    path: '/tenant/list',
    summary:
      "Tenants the caller may act for: all (admin), itself and its second-level tenants, or itself. A member's screens never offer a tenant to choose: it reads them only with the distribution screens' codes (7-1, 7-3).",
    body: z.object({}).optional(),
    content: z.array(tenantInfo),
    access: { auth: 'user', roles: ['admin', 'tenant', 'member'], power: ['7-1', '7-3'] },
  }),
  'tenant.password': endpoint({
    method: 'POST',
    path: '/tenant/update/password',
    summary: 'Tenant changes its password; wrong old password is 1514.',
    body: z.object({ oldPassword: password, password: newPassword, tenantId: ref('tenant') }),
    content: empty,
    access: { auth: 'user', roles: ['tenant'] },
  }),
} as const;
