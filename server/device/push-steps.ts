/**
 * A device's part in a push, whatever is pushed (shared/device/push.ts
 * `PUSH_STEPS`): the one state machine firmware rollouts and price changes
 * share, on the one table (`device_push_parts`, schema.ts).
 *
 *   waiting → working → done
 *      ↑         ↓
 *      └── failed attempt (after a back-off), or failed for good
 *   waiting / working → cancelled;  failed → waiting (retried)
 *
 * Each transition is one guarded update from the steps that allow it, so of
 * two racing calls one moves the part and the other finds nothing to move.
 * What is pushed keeps its own beside the part (a job's phase and progress,
 * a price part's version) and decides when a part is offered (a rollout's
 * stages, window and rate; a price change's time or service visit).
 */
import { and, asc, count, eq, gt, inArray, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PUSH_STEPS, type PushKind, type PushStep } from '../../shared/device/index.js';
import type { Queryable } from '../db/index.js';
import type { Scope } from '../scope.js';
import { pushParts as part } from './schema.js';

export { pushParts } from './schema.js';

export const OPEN_STEPS = ['waiting', 'working'] as const satisfies readonly PushStep[];
/** Of a push's parts: `pushId` a number or the push's id column (in a subquery of its kind's list). */
export const ofPush = (kind: PushKind, pushId: number | SQL | AnyColumn) =>
  and(eq(part.kind, kind), eq(part.pushId, pushId));

/**
 * A push reaches a device the caller sees: always, but for a member with
 * assigned devices, who sees the pushes reaching one of theirs, and of each
 * only those devices (its counts and parts).
 */
export const pushSeen = (kind: PushKind, pushId: AnyColumn, scope: Scope) =>
  scope.devices === null
    ? undefined
    : sql`exists (select 1 from ${part} where ${ofPush(kind, pushId)} and ${scope.device(part.deviceId)})`;

/** A push's parts that the caller sees by step, as one object (a list's column; every step, 0 when none). */
export const stepTally = (kind: PushKind, pushId: AnyColumn, scope: Scope) =>
  sql<Record<PushStep, number>>`(select json_build_object(${sql.join(
    PUSH_STEPS.map((s) => sql`${s}::text, count(*) filter (where ${part.step} = ${s})`),
    sql`, `,
  )}) from ${part} where ${ofPush(kind, pushId)} and ${scope.device(part.deviceId)})`;

/** A push's new parts, one per device in its stage; answers each device's part id. */
export async function addParts(
  db: Queryable,
  kind: PushKind,
  pushId: number,
  devices: readonly { deviceId: number; stage?: number }[],
): Promise<Map<number, number>> {
  if (!devices.length) return new Map();
  const rows = await db
    .insert(part)
    .values(devices.map((d) => ({ kind, pushId, deviceId: d.deviceId, stage: d.stage ?? 1 })))
    .returning({ id: part.id, deviceId: part.deviceId });
  return new Map(rows.map((r) => [r.deviceId, r.id]));
}

/** A push's parts by stage and step, of the devices `visible` keeps (a member's own; all without it). */
export function stepCounts(db: Queryable, kind: PushKind, pushId: number, visible?: SQL) {
  return db
    .select({ stage: part.stage, step: part.step, n: count() })
    .from(part)
    .where(and(ofPush(kind, pushId), visible))
    .groupBy(part.stage, part.step);
}

/** Up to `slots` waiting parts of a stage whose back-off has passed, put to work (offered); answers their ids. */
export async function offerParts(
  db: Queryable,
  kind: PushKind,
  pushId: number,
  stage: number,
  slots: number,
  now: Date,
) {
  if (slots <= 0) return [];
  const next = db
    .select({ id: part.id })
    .from(part)
    .where(and(ofPush(kind, pushId), eq(part.stage, stage), eq(part.step, 'waiting'), lte(part.nextTryAt, now)))
    .orderBy(asc(part.nextTryAt), asc(part.id))
    .limit(slots);
  const rows = await db
    .update(part)
    .set({ step: 'working', startedAt: now, heardAt: now })
    .where(inArray(part.id, next))
    .returning({ id: part.id });
  return rows.map((r) => r.id);
}

/**
 * A device's waiting parts of a kind for which `due` holds (a condition on
 * the part: a price change's time or service visit) put to work; answers
 * their ids and pushes.
 */
export async function offerDue(db: Queryable, kind: PushKind, deviceId: number, due: SQL, now: Date) {
  return db
    .update(part)
    .set({ step: 'working', startedAt: now, heardAt: now })
    .where(and(eq(part.deviceId, deviceId), eq(part.kind, kind), eq(part.step, 'waiting'), due))
    .returning({ id: part.id, pushId: part.pushId });
}

/** A push's parts at work and not heard of since `before` (a machine gone quiet mid-push). */
export const silentParts = (db: Queryable, kind: PushKind, pushId: number, before: Date) =>
  db
    .select({ id: part.id, attempts: part.attempts })
    .from(part)
    .where(and(ofPush(kind, pushId), eq(part.step, 'working'), lt(part.heardAt, before)));

/** Parts of a push put to work since `since` (a rate per minute). */
export async function startedSince(db: Queryable, kind: PushKind, pushId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(part)
    .where(and(ofPush(kind, pushId), gt(part.startedAt, since)));
  return row?.n ?? 0;
}

/** How a failed attempt is tried again: `attempts` in all, the first again after `retryBaseMs`, then twice as long. */
export interface RetryPolicy {
  attempts: number;
  retryBaseMs: number;
}

/** A failed attempt: waiting again after its back-off, or failed for good after the last. Answers the new step. */
export async function failAttempt(
  db: Queryable,
  p: { id: number; attempts: number },
  reason: string,
  now: Date,
  policy: RetryPolicy,
): Promise<PushStep> {
  const attempts = p.attempts + 1;
  const step: PushStep = attempts >= policy.attempts ? 'failed' : 'waiting';
  await db
    .update(part)
    .set({
      step,
      attempts,
      reason,
      heardAt: now,
      nextTryAt: new Date(now.getTime() + policy.retryBaseMs * 2 ** (attempts - 1)),
      endedAt: step === 'failed' ? now : null,
    })
    .where(eq(part.id, p.id));
  return step;
}

/** The machine said something of a part at work: heard now, and done or failed for good if it says so. */
export async function reportPart(
  db: Queryable,
  id: number,
  now: Date,
  end?: { step: 'done' | 'failed'; reason?: string },
) {
  await db
    .update(part)
    .set({ heardAt: now, ...(end ? { step: end.step, endedAt: now, reason: end.reason ?? null } : {}) })
    .where(and(eq(part.id, id), eq(part.step, 'working')));
}

/** A push's open parts (those `within` keeps, a condition on the part, if given) cancelled; answers their ids. */
export async function cancelOpen(db: Queryable, kind: PushKind, pushId: number, now: Date, within?: SQL) {
  const rows = await db
    .update(part)
    .set({ step: 'cancelled', heardAt: now, endedAt: now })
    .where(and(ofPush(kind, pushId), inArray(part.step, [...OPEN_STEPS]), within))
    .returning({ id: part.id });
  return rows.map((r) => r.id);
}

/**
 * The devices' open parts of a kind, whichever push they are of, cancelled with `reason` (a newer push of the kind
 * replacing what they had not applied); answers their ids.
 */
export async function cancelOpenOfDevices(
  db: Queryable,
  kind: PushKind,
  deviceIds: readonly number[],
  now: Date,
  reason: string,
) {
  if (!deviceIds.length) return [];
  const rows = await db
    .update(part)
    .set({ step: 'cancelled', heardAt: now, endedAt: now, reason })
    .where(and(eq(part.kind, kind), inArray(part.deviceId, [...deviceIds]), inArray(part.step, [...OPEN_STEPS])))
    .returning({ id: part.id });
  return rows.map((r) => r.id);
}

/** A push's failed parts waiting again, their attempts forgotten; answers their ids. */
export async function retryFailed(db: Queryable, kind: PushKind, pushId: number, now: Date) {
  const rows = await db
    .update(part)
    .set({ step: 'waiting', attempts: 0, reason: null, nextTryAt: now, heardAt: now, endedAt: null })
    .where(and(ofPush(kind, pushId), eq(part.step, 'failed')))
    .returning({ id: part.id });
  return rows.map((r) => r.id);
}

/** Whether a device has an open part of a kind (a firmware update under way). */
export const hasOpenPart = (kind: PushKind, deviceId: SQL | number) =>
  sql<boolean>`exists (select 1 from ${part} where ${part.kind} = ${kind} and ${part.deviceId} = ${deviceId}
    and ${inArray(part.step, [...OPEN_STEPS])})`;
