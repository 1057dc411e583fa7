/**
 * Rollouts: a released package pushed to a tenant's devices — chosen ones,
 * a point's, or a scene's (its linkage group) — in stages (a first share,
 * then the rest once it has succeeded: hawkBit's cascading groups), at a
 * rate and a concurrency cap, inside a maintenance window of the business
 * time zone, stopping itself when a stage's failures pass a threshold after
 * enough devices (AWS IoT Jobs' abort criteria); paused, resumed,
 * cancelled, the failed retried; optionally approved by another user first.
 */
import { z } from 'zod';
import { endpoint, id, isoTime, page, pageQuery, ref, refParams } from '../api/define.js';
import { deviceTarget, MODULE_KINDS, namesItsTarget, PUSH_LIMITS } from '../device/index.js';

export const ROLLOUT_STATES = ['approval', 'running', 'paused', 'stopped', 'cancelled', 'done'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
export const JOB_STATES = ['queued', 'offered', 'downloading', 'installing', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** A job a device has been offered and is working through. */
export const AT_WORK_JOB_STATES = ['offered', 'downloading', 'installing'] as const;
/** A job a device is working through (or waiting for): one at a time per device. */
export const ACTIVE_JOB_STATES = ['queued', ...AT_WORK_JOB_STATES] as const;
/** Why a device is left out of a rollout. */
export const INELIGIBLE = ['otherModel', 'offline', 'atVersion', 'newer', 'belowFrom', 'busy'] as const;
export type Ineligible = (typeof INELIGIBLE)[number];

/** Whether the business day's `minute` lies in the window [from, to), which may cross midnight (22:00–02:00). */
export const inWindow = (minute: number, from: number, to: number) =>
  from < to ? minute >= from && minute < to : minute >= from || minute < to;

export const ROLLOUT_LIMITS = {
  devices: PUSH_LIMITS.devices,
  /** A failed attempt is tried again after 30 s, 60 s…; after this many the job has failed. */
  attempts: 3,
  retryBaseMs: 30_000,
  /** A job heard nothing of for this long (a device gone quiet mid-update) counts as a failed attempt. */
  jobTimeoutMs: 15 * 60_000,
} as const;

const int = (min: number, max: number) =>
  z
    .number({ error: 'validation.invalid' })
    .int({ message: 'validation.invalid' })
    .min(min, { message: 'validation.min' })
    .max(max, { message: 'validation.max' });

/** Minutes of the day (business time zone): a window may cross midnight (from 22:00 to 06:00). */
export const maintenanceWindow = z
  .object({ from: int(0, 1439), to: int(0, 1439) })
  .refine((w) => w.from !== w.to, { message: 'firmware.validation.emptyWindow', path: ['to'] });

export const rolloutInput = namesItsTarget(
  z.object({
    ...deviceTarget,
    packageId: id,
    /** The first stage's share of the devices, in %; 100: one stage. */
    firstStage: int(1, 100),
    perMinute: int(1, 1000),
    concurrent: int(1, 1000),
    window: maintenanceWindow.nullable(),
    /** Failed devices, in % of a stage's finished ones, past which the rollout stops itself… */
    threshold: int(1, 100),
    /** …once at least this many of the stage have finished. */
    minDevices: int(1, 1000),
    approval: z.boolean(),
  }),
).meta({
  examples: [
    {
      packageId: 2,
      target: 'devices',
      deviceIds: [1],
      firstStage: 10,
      perMinute: 20,
      concurrent: 10,
      window: { from: 1320, to: 360 },
      threshold: 20,
      minDevices: 5,
      approval: false,
    },
  ],
});
export type RolloutInput = z.input<typeof rolloutInput>;

export const eligibilityInput = z.object({ ...deviceTarget, packageId: id });

export const eligibleDevice = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  serial: z.string(),
  model: z.string(),
  online: z.boolean(),
  /** The module's version the device last reported (null: never). */
  version: z.string().nullable(),
  reason: z.enum(INELIGIBLE).nullable(),
});
export type EligibleDevice = z.infer<typeof eligibleDevice>;

const counts = z.object(
  Object.fromEntries(JOB_STATES.map((s) => [s, z.number().int()])) as Record<(typeof JOB_STATES)[number], z.ZodNumber>,
);

export const rolloutItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  packageId: z.number().int(),
  modelName: z.string(),
  module: z.enum(MODULE_KINDS),
  version: z.string(),
  state: z.enum(ROLLOUT_STATES),
  devices: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  createdAt: isoTime,
  createdBy: z.string().nullable(),
});
export type RolloutItem = z.infer<typeof rolloutItem>;

export const rolloutDetail = rolloutItem.extend({
  firstStage: z.number().int(),
  perMinute: z.number().int(),
  concurrent: z.number().int(),
  window: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
  threshold: z.number().int(),
  minDevices: z.number().int(),
  approval: z.boolean(),
  approvedBy: z.string().nullable(),
  /** Made by the caller, who may therefore not approve it (1906): the page says so instead of offering it. */
  mine: z.boolean(),
  /**
   * The caller sees every device it reaches. A member with assigned devices sees a rollout through one of them,
   * but pausing, cancelling or retrying it acts on every device: only a user who sees them all may (1917).
   */
  whole: z.boolean(),
  /** Why it stopped itself (the stage whose failures passed the threshold), when it did. */
  stoppedStage: z.number().int().nullable(),
  finishedAt: isoTime.nullable(),
  /** Each stage's jobs by state. */
  stages: z.array(z.object({ stage: z.number().int(), counts })),
});
export type RolloutDetail = z.infer<typeof rolloutDetail>;

export const jobItem = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  serial: z.string(),
  stage: z.number().int(),
  state: z.enum(JOB_STATES),
  progress: z.number().int(),
  attempts: z.number().int(),
  /** The module's version when the job began (null: never reported). */
  fromVersion: z.string().nullable(),
  /** The module's version the device reports now. */
  nowVersion: z.string().nullable(),
  error: z.string().nullable(),
  updatedAt: isoTime,
});
export type JobItem = z.infer<typeof jobItem>;

const reader = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' } as const;

export const rolloutApi = {
  'firmware.eligibility': endpoint({
    method: 'POST',
    reads: true,
    path: '/firmware/rollouts/eligibility',
    summary:
      'Which of the target devices a package can go to, and why not the others: another model, offline, at that version already, newer, below the lowest version it upgrades from, in another rollout.',
    body: eligibilityInput,
    content: z.array(eligibleDevice),
    access: reader,
  }),
  'firmware.rolloutCreate': endpoint({
    method: 'POST',
    path: '/firmware/rollouts',
    summary:
      'Pushes a released package (1711, 1709) to the eligible target devices (1903 none; 1909 a device, point or scene not the tenant’s), in stages; waits for another user’s approval when asked.',
    body: rolloutInput,
    content: rolloutDetail,
    makes: 'rollout',
    access: reader,
    contended: 'a device is in one running rollout at most',
  }),
  'firmware.rolloutPage': endpoint({
    method: 'POST',
    path: '/firmware/rollouts/page',
    summary: "The caller's tenants' rollouts, newest first, by package and state.",
    query: pageQuery,
    body: z.object({
      packageId: id.optional(),
      state: z.enum(ROLLOUT_STATES).optional(),
      tenantId: ref('tenant').optional(),
    }),
    content: page(rolloutItem),
    access: reader,
  }),
  'firmware.rolloutInfo': endpoint({
    method: 'GET',
    path: '/firmware/rollouts/:id',
    summary: 'One rollout with its settings and each stage’s jobs by state (1901).',
    params: refParams('rollout'),
    content: rolloutDetail,
    access: reader,
  }),
  'firmware.rolloutJobs': endpoint({
    method: 'POST',
    path: '/firmware/rollouts/:id/jobs',
    summary: "A rollout's devices with their job's state, progress, attempts and last error, by state.",
    params: refParams('rollout'),
    query: pageQuery,
    body: z.object({ state: z.enum(JOB_STATES).optional() }),
    content: page(jobItem),
    access: reader,
  }),
  'firmware.rolloutAct': endpoint({
    method: 'POST',
    path: '/firmware/rollouts/:id/act',
    summary:
      'Approves (another user than its creator: 1906), pauses, resumes, cancels (the jobs not done) or retries the failed devices of a rollout; 1905 when its state does not allow it.',
    params: refParams('rollout'),
    body: z.object({ action: z.enum(['approve', 'pause', 'resume', 'cancel', 'retry']) }),
    content: rolloutDetail,
    access: reader,
    contended: 'a rollout moves once per state: approved, paused, resumed, cancelled once',
  }),
} as const;
export type RolloutAction = z.infer<(typeof rolloutApi)['firmware.rolloutAct']['body']>['action'];
