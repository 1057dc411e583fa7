/**
 * Refusals the point screens answer by refreshing: "this point no longer
 * exists" (1410: another session deleted it, or it never was one of ours) and
 * "it has devices" (1411: one was bound meanwhile). The rows then show the
 * list as it is now instead of staying to be refused again.
 */
import { CODE } from '../../shared/domains.js';
import { refusedWith } from '../app/errors.js';

export const isPointGone = (error: unknown): boolean => refusedWith(error, CODE.pointNotFound);
