/**
 * What a push to the fleet names (a firmware rollout, a price change; fresh
 * food's markdowns next): chosen devices, a point's or a scene's, for the
 * tenant — the device domain's word, which the domains that push read.
 */
import { z } from 'zod';
import { endpoint, ref } from '../api/define.js';

export const PUSH_TARGETS = ['devices', 'point', 'scene'] as const;
export type PushTarget = (typeof PUSH_TARGETS)[number];

export const PUSH_LIMITS = {
  /** Devices one push names at the most. */
  devices: 1000,
} as const;

/** The devices a push names — chosen ones, a point's, or a scene's — for the tenant (the admin names it): a rollout's and a price change's. */
export const deviceTarget = {
  tenantId: ref('tenant').optional(),
  target: z.enum(PUSH_TARGETS),
  deviceIds: z.array(ref('device')).min(1).max(PUSH_LIMITS.devices).optional(),
  pointId: ref('point').optional(),
  sceneId: ref('scene').optional(),
};
type Named = {
  target: PushTarget;
  deviceIds?: unknown[] | undefined;
  pointId?: unknown;
  sceneId?: unknown;
};

/** A target's own field is given: the devices, the point or the scene (a field error at the one missing). */
export const namesItsTarget = <S extends z.ZodType<Named>>(schema: S) =>
  schema
    .refine((r) => r.target !== 'devices' || (r.deviceIds?.length ?? 0) > 0, {
      message: 'validation.required',
      path: ['deviceIds'],
    })
    .refine((r) => r.target !== 'point' || r.pointId !== undefined, {
      message: 'validation.required',
      path: ['pointId'],
    })
    .refine((r) => r.target !== 'scene' || r.sceneId !== undefined, {
      message: 'validation.required',
      path: ['sceneId'],
    });

const named = z.object({ id: z.number().int(), name: z.string() });

export const pushApi = {
  'device.pushTargets': endpoint({
    method: 'POST',
    reads: true,
    path: '/device/push/targets',
    summary:
      "What a push of the tenant (a firmware rollout, a price change) may name: its devices (of the caller's view), points and scenes.",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: z.object({
      devices: z.array(named.extend({ serial: z.string(), model: z.string(), online: z.boolean() })),
      points: z.array(named),
      scenes: z.array(named),
    }),
    access: { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' },
  }),
};
