/** Who pays for a renewal or applies for an invoice: the caller's own tenant (the system admin has none: 1402). */
import { CODE } from '../../shared/domains.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';

export function payerOf(user: AuthUser): { tenantId: number; userId: number } {
  if (user.tenantId === null) throw new BizError(CODE.tenantRequired);
  return { tenantId: user.tenantId, userId: user.id };
}
