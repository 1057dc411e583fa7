/**
 * Groups that find themselves (beyond the spec; docs/departures.md): a group
 * defined by what its members did — bought at these devices or points,
 * spent at least so much, bought one of these products, each over the last
 * N days, or stopped buying for N days — computed from the orders on a
 * schedule and on every edit, by the one job runner, with its time shown. All
 * the conditions hold for a member it counts; a member the operator disables
 * stays out whatever the next computation finds.
 */
import { z } from 'zod';
import { endpoint, id, isoTime, ref, refParams } from '../api/define.js';

export const BEHAVIOUR_KINDS = ['boughtAt', 'spent', 'boughtProduct', 'lapsed'] as const;
export type BehaviourKind = (typeof BEHAVIOUR_KINDS)[number];
export const BEHAVIOUR_LIMITS = {
  /** The longest window: a year. */
  days: 365,
  conditions: 4,
  /** Devices, points or products one condition names. */
  refs: 50,
  /** The largest amount "spent at least" takes: ¥1 000 000, in fen. */
  spentFen: 100_000_000,
} as const;
/** How often a behaviour group is computed again, besides on every edit and on request. */
export const RECOMPUTE_EVERY_MS = 60 * 60 * 1000;

const ids = z.array(id).max(BEHAVIOUR_LIMITS.refs, { message: 'group.validation.refs' });

export const behaviourCondition = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('boughtAt'), deviceIds: ids.default([]), pointIds: ids.default([]) })
    .refine((c) => c.deviceIds.length + c.pointIds.length > 0, {
      message: 'group.validation.where',
      path: ['deviceIds'],
    }),
  z.object({
    kind: z.literal('spent'),
    minFen: z
      .number({ error: 'group.validation.spent' })
      .int({ message: 'group.validation.spent' })
      .min(1, { message: 'group.validation.spent' })
      .max(BEHAVIOUR_LIMITS.spentFen, { message: 'group.validation.spent' }),
  }),
  z.object({
    kind: z.literal('boughtProduct'),
    productIds: ids.min(1, { message: 'group.validation.products' }),
  }),
  z.object({ kind: z.literal('lapsed') }),
]);
export type BehaviourCondition = z.infer<typeof behaviourCondition>;

export const behaviourRule = z
  .object({
    /** The window every condition looks at: the last `days` days (for `lapsed`, the days without a purchase). */
    days: z
      .number({ error: 'group.validation.days' })
      .int({ message: 'group.validation.days' })
      .min(1, { message: 'group.validation.days' })
      .max(BEHAVIOUR_LIMITS.days, { message: 'group.validation.days' }),
    conditions: z
      .array(behaviourCondition)
      .min(1, { message: 'group.validation.conditions' })
      .max(BEHAVIOUR_LIMITS.conditions, { message: 'group.validation.conditions' }),
  })
  .meta({ examples: [{ days: 30, conditions: [{ kind: 'spent', minFen: 5_000 }] }] });
export type BehaviourRule = z.infer<typeof behaviourRule>;

/** What a behaviour condition may name: the tenant's devices, points and products. */
const choice = z.object({ id: z.number().int(), name: z.string() });
export const behaviourChoices = z.object({
  devices: z.array(choice.extend({ serial: z.string() })),
  points: z.array(choice),
  /** With its code and suggested retail price (fen), which tell namesakes apart. */
  products: z.array(choice.extend({ number: z.string(), price: z.number().int() })),
});
export type BehaviourChoices = z.infer<typeof behaviourChoices>;

const access = { auth: 'user', roles: ['admin', 'tenant'] } as const;
const tenantBody = { tenantId: ref('tenant').optional() };

export const groupBehaviourApi = {
  'group.preview': endpoint({
    method: 'POST',
    reads: true,
    path: '/group/preview',
    summary:
      "How many of the tenant's members a behaviour rule finds now (the form's live size): 3408 for a device, point or product not the tenant's.",
    body: z.object({ ...tenantBody, behaviour: behaviourRule }),
    content: z.object({ size: z.number().int(), computedAt: isoTime }),
    access,
  }),
  'group.recompute': endpoint({
    method: 'POST',
    path: '/group/recompute/:id',
    summary: 'Asks for a behaviour group to be computed again now (3409 for a group defined by identifiers).',
    params: refParams('group'),
    content: z.object({ requested: z.boolean() }),
    access,
  }),
  'group.behaviourChoices': endpoint({
    method: 'POST',
    reads: true,
    path: '/group/behaviour/choices',
    summary: "The tenant's devices, points and products a behaviour condition may name, by name (at most 500 each).",
    body: z.object(tenantBody),
    content: behaviourChoices,
    access,
  }),
} as const;
