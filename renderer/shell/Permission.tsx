/**
 * The permission directive of spec §2 as a component and a hook: the children
 * are left out when the user holds none of the listed values. The list is
 * required; an empty one throws (a programming error, never a silent pass).
 */
import type { ReactNode } from 'react';
import type { PermissionValue } from '../../shared/roles.js';
import { hasAny } from '../../shared/routes.js';
import { useUser } from '../app/session.js';

export function usePermission(values: readonly PermissionValue[]): boolean {
  return hasAny(useUser().allValue, values);
}

export function Permission({ values, children }: { values: readonly PermissionValue[]; children: ReactNode }) {
  return usePermission(values) ? <>{children}</> : null;
}
