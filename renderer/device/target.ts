/**
 * What a push's form names as its target — devices, a point, a scene — as
 * typed and as the API takes it (pure; the rollout and price-change
 * wizards').
 */
import { z } from 'zod';
import { PUSH_TARGETS, type PushTarget } from '../../shared/device/index.js';

export interface TargetValues {
  target: PushTarget;
  deviceIds: number[];
  /** A chosen point's or scene's id as its choice holds it ('' for none). */
  pointId: string;
  sceneId: string;
}

/** A push form's fields of its tenant (the admin names it) and its target, as typed. */
export const targetFormShape = {
  tenantId: z.number().int().optional(),
  target: z.enum(PUSH_TARGETS),
  deviceIds: z.array(z.number().int()),
  pointId: z.string(),
  sceneId: z.string(),
};

/** The target's own field is filled — the devices, the point or the scene — a field error at the one missing. */
export const namesItsFormTarget = <S extends z.ZodType<TargetValues>>(schema: S) =>
  schema
    .refine((v) => v.target !== 'devices' || v.deviceIds.length > 0, {
      message: 'validation.required',
      path: ['deviceIds'],
    })
    .refine((v) => v.target !== 'point' || v.pointId !== '', { message: 'validation.required', path: ['pointId'] })
    .refine((v) => v.target !== 'scene' || v.sceneId !== '', { message: 'validation.required', path: ['sceneId'] });

/** A new push's target: the devices a list's selection named, else none yet. */
export const emptyTarget = (deviceIds: number[] = []): TargetValues => ({
  target: 'devices',
  deviceIds,
  pointId: '',
  sceneId: '',
});

/** The field a refusal of the target points at: the one the target uses. */
export const targetField = (target: PushTarget) =>
  target === 'devices' ? 'deviceIds' : target === 'point' ? 'pointId' : 'sceneId';

/** The tenant a push is for, as the API takes it: none for a tenant acting for itself. */
export const ownerOf = (v: { tenantId?: number | undefined }) =>
  v.tenantId === undefined ? {} : { tenantId: v.tenantId };

export const targetOf = (v: TargetValues) =>
  v.target === 'devices'
    ? { target: v.target, deviceIds: v.deviceIds }
    : v.target === 'point'
      ? { target: v.target, pointId: Number(v.pointId) }
      : { target: v.target, sceneId: Number(v.sceneId) };

/** Whether the target names anything yet (no read before it does). */
export const targetNamed = (v: TargetValues) =>
  v.target === 'devices' ? v.deviceIds.length > 0 : v.target === 'point' ? v.pointId !== '' : v.sceneId !== '';
