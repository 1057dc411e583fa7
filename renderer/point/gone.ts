/**
 * "This point no longer exists" (1410: another session deleted it, or it
 * never was one of ours): the binding screen answers it by reading the point
 * again, so the screen says it is gone instead of staying to be refused again
 * (the point's dialog hands the same code to the kit's useDialogSave). "It has devices" (1411) is the list's: its row delete
 * names both codes as stale (PointListPage.tsx).
 */
import { CODE } from '../../shared/domains.js';
import { refusedWith } from '../app/errors.js';

export const isPointGone = (error: unknown): boolean => refusedWith(error, CODE.pointNotFound);
