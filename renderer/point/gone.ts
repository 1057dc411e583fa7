/**
 * Refusals the point screens answer by refreshing: "this point no longer
 * exists" (1410: another session deleted it, or it never was one of ours) and
 * "it has devices" (1411: one was bound meanwhile). The rows then show the
 * list as it is now instead of staying to be refused again.
 */
import { CODE } from '../../shared/domains.js';
import type { CallError } from '../../shared/errors/policy.js';

/** Whether `error` is the upstream's refusal with `code`. */
export function refusedWith(error: unknown, code: number): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as Partial<CallError>;
  return e.source === 'upstream' && e.code === code;
}

export const isPointGone = (error: unknown): boolean => refusedWith(error, CODE.pointNotFound);
