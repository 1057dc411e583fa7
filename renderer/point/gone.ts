/**
 * "This point no longer exists" (1410: another session deleted it, or it
 * never was one of ours): the point's dialog and binding screen answer it by
 * reading the point again, so the screen says it is gone instead of staying
 * to be refused again. "It has devices" (1411) is the list's: its row delete
 * names both codes as stale (PointListPage.tsx).
 */
import { CODE } from '../../shared/domains.js';
import { refusedWith } from '../app/errors.js';

export const isPointGone = (error: unknown): boolean => refusedWith(error, CODE.pointNotFound);
