/**
 * A push to the fleet: something a domain sends to a tenant's devices —
 * a firmware rollout, a price change, fresh food's markdown ladders — which
 * each machine takes through its heartbeat and reports on. The device
 * domain's words, which the domains that push read: what a push names
 * (chosen devices, a point's or a scene's), the steps a device goes
 * through in any push, and the fleet's one view of every push with the
 * devices that went quiet on it.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref } from '../api/define.js';
import { MODULE_KINDS } from './modules.js';

export const PUSH_TARGETS = ['devices', 'point', 'scene'] as const;
export type PushTarget = (typeof PUSH_TARGETS)[number];

export const PUSH_LIMITS = {
  /** Devices one push names at the most. */
  devices: 1000,
  /**
   * A device due to act on a push (offered it, or sent it and asked to apply
   * it now) that has said nothing of it for this long has stalled: someone
   * should look at the machine.
   */
  stallMs: 30 * 60_000,
} as const;

/** What is pushed, each by its domain. */
export const PUSH_KINDS = ['firmware', 'price', 'markdown'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * A device's step in any push: waiting its turn (a rollout's queue, a
 * price change's time or service visit), working (offered or delivered,
 * not yet reported done), then done, failed or cancelled.
 */
export const PUSH_STEPS = ['waiting', 'working', 'done', 'failed', 'cancelled'] as const;
export type PushStep = (typeof PUSH_STEPS)[number];

/** A push as a whole: held by a person (awaiting approval, paused, stopped), running, or finished. */
export const PUSH_STATES = ['held', 'running', 'finished'] as const;
export type PushState = (typeof PUSH_STATES)[number];

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

export const pushItem = z.object({
  kind: z.enum(PUSH_KINDS),
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  /** What is pushed: a firmware package's model (with its module and version), a price change's products. */
  title: z.string(),
  module: z.enum(MODULE_KINDS).nullable(),
  version: z.string().nullable(),
  state: z.enum(PUSH_STATES),
  /** Its devices (those the caller sees) by step. */
  steps: z.object(Object.fromEntries(PUSH_STEPS.map((s) => [s, z.number().int()])) as Record<PushStep, z.ZodNumber>),
  /** Devices due to act on it that have said nothing for `PUSH_LIMITS.stallMs`. */
  stalled: z.number().int(),
  createdAt: isoTime,
  createdBy: z.string().nullable(),
  /** When a device of it last moved (null: none has yet). */
  movedAt: isoTime.nullable(),
});
export type PushItem = z.infer<typeof pushItem>;

export const pushFilter = z.object({
  tenantId: ref('tenant').optional(),
  kind: z.enum(PUSH_KINDS).optional(),
  state: z.enum(PUSH_STATES).optional(),
  /** Only pushes with a stalled device. */
  stalled: z.boolean().optional(),
});
export type PushFilter = z.infer<typeof pushFilter>;

export const pushApi = {
  'device.pushes': endpoint({
    method: 'POST',
    path: '/device/pushes/page',
    summary:
      "Every push to the caller's tenants' devices — firmware rollouts and price changes — newest first, each with its devices by step and those stalled (due to act, silent for 30 minutes); by tenant, kind, state, or stalled ones only.",
    query: pageQuery,
    body: pushFilter,
    content: page(pushItem),
    access: { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' },
  }),
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
