/** The point dialog's form: the shared `pointForm`, plus the tenant where the user chooses it. */
import { z } from 'zod';
import { pointForm } from '../../shared/api/point.js';
import type { SessionUser } from '../../shared/ipc.js';

export interface PointDialogValues {
  name: string;
  area: string;
  address: string;
  tenantId?: number | undefined;
}

/**
 * Who chooses the tenant of a new point: the system admin must (the server
 * refuses without, 1402), a first-level tenant may (itself or a second-level
 * tenant); everyone else creates in their own tenant.
 */
export type TenantChoice = 'required' | 'optional' | 'none';

export function tenantChoice(user: SessionUser, creating: boolean): TenantChoice {
  if (!creating) return 'none';
  if (user.roleKind === 'admin') return 'required';
  if (user.roleKind === 'tenant' && user.parentTenantId === null) return 'optional';
  return 'none';
}

const tenantId = z.number({ error: 'validation.required' }).int().positive();

export function pointDialogSchema(choice: TenantChoice): z.ZodType<PointDialogValues, PointDialogValues> {
  if (choice === 'required') return pointForm.extend({ tenantId });
  if (choice === 'optional') return pointForm.extend({ tenantId: tenantId.optional() });
  return pointForm;
}
