/**
 * How a running rollout moves (every upstream instance, every few seconds;
 * the rollout's row locked with SKIP LOCKED, so one instance moves it at a
 * time and an instance that stops leaves nothing half done — everything a
 * rollout is lives in PostgreSQL):
 *
 * 1. a job heard nothing of for `jobTimeoutMs` (a machine gone quiet mid
 *    update) is a failed attempt;
 * 2. a stage whose finished devices number at least `minDevices` and whose
 *    failures pass `threshold` % of them stops the rollout (it offers no
 *    more; "retry" re-queues the failed and runs it again);
 * 3. with no job left to do, it is done;
 * 4. otherwise the current stage (the first with work left: a stage starts
 *    when the one before has finished below the threshold) offers queued
 *    devices whose back-off has passed, inside the maintenance window, at
 *    most `perMinute` a minute and `concurrent` at work at once.
 */
import { and, asc, count, eq, gt, inArray, lte, lt, sql } from 'drizzle-orm';
import { businessMinuteOfDay } from '../../shared/business-time.js';
import {
  ACTIVE_JOB_STATES,
  AT_WORK_JOB_STATES,
  inWindow,
  ROLLOUT_LIMITS,
  type JobState,
} from '../../shared/firmware/index.js';
import type { Db, Queryable, Tx } from '../db/index.js';
import { announce } from './rollout-actions.js';
import { rolloutJobs as j, rollouts as r } from './schema.js';

/**
 * A failed attempt of a job: queued again after a back-off (30 s, 60 s…),
 * or failed for good after ROLLOUT_LIMITS.attempts. Answers its new state.
 */
export async function failAttempt(db: Queryable, job: { id: number; attempts: number }, reason: string, now: Date) {
  const attempts = job.attempts + 1;
  const final = attempts >= ROLLOUT_LIMITS.attempts;
  const state: JobState = final ? 'failed' : 'queued';
  await db
    .update(j)
    .set({
      state,
      attempts,
      progress: 0,
      error: reason,
      nextTryAt: new Date(now.getTime() + ROLLOUT_LIMITS.retryBaseMs * 2 ** (attempts - 1)),
      updatedAt: now,
    })
    .where(eq(j.id, job.id));
  return state;
}

async function advanceOne(tx: Tx, id: number, now: Date, timeoutMs: number): Promise<void> {
  const [ro] = await tx
    .select()
    .from(r)
    .where(and(eq(r.id, id), eq(r.state, 'running')))
    .for('update', { skipLocked: true });
  if (!ro) return;
  let changed = false;
  const silent = await tx
    .select({ id: j.id, attempts: j.attempts })
    .from(j)
    .where(
      and(
        eq(j.rolloutId, id),
        inArray(j.state, [...AT_WORK_JOB_STATES]),
        lt(j.updatedAt, new Date(now.getTime() - timeoutMs)),
      ),
    );
  for (const job of silent) await failAttempt(tx, job, 'timeout', now);
  changed ||= silent.length > 0;

  const byStage = await tx
    .select({ stage: j.stage, state: j.state, n: count() })
    .from(j)
    .where(eq(j.rolloutId, id))
    .groupBy(j.stage, j.state);
  const n = (stage: number, states: readonly JobState[]) =>
    byStage.filter((s) => s.stage === stage && states.includes(s.state)).reduce((a, s) => a + s.n, 0);
  const stages = [...new Set(byStage.map((s) => s.stage))].sort((a, b) => a - b);
  const over = stages.find((stage) => {
    const failed = n(stage, ['failed']);
    const finished = failed + n(stage, ['done']);
    return finished >= ro.minDevices && failed * 100 > ro.threshold * finished;
  });
  if (over !== undefined) {
    await tx.update(r).set({ state: 'stopped', stoppedStage: over }).where(eq(r.id, id));
    return announce(tx, ro.tenantId, id, 'stopped');
  }
  const current = stages.find((stage) => n(stage, ACTIVE_JOB_STATES) > 0);
  if (current === undefined) {
    await tx.update(r).set({ state: 'done', finishedAt: now }).where(eq(r.id, id));
    return announce(tx, ro.tenantId, id, 'done');
  }
  const open =
    ro.windowFrom === null || ro.windowTo === null || inWindow(businessMinuteOfDay(now), ro.windowFrom, ro.windowTo);
  if (open) {
    const [busy] = await tx
      .select({ n: count() })
      .from(j)
      .where(and(eq(j.rolloutId, id), inArray(j.state, [...AT_WORK_JOB_STATES])));
    const [recent] = await tx
      .select({ n: count() })
      .from(j)
      .where(and(eq(j.rolloutId, id), gt(j.offeredAt, new Date(now.getTime() - 60_000))));
    const slots = Math.min(ro.concurrent - (busy?.n ?? 0), ro.perMinute - (recent?.n ?? 0));
    if (slots > 0) {
      const next = tx
        .select({ id: j.id })
        .from(j)
        .where(and(eq(j.rolloutId, id), eq(j.stage, current), eq(j.state, 'queued'), lte(j.nextTryAt, now)))
        .orderBy(asc(j.nextTryAt), asc(j.id))
        .limit(slots);
      const offered = await tx
        .update(j)
        .set({ state: 'offered', offeredAt: now, updatedAt: now, progress: 0 })
        .where(inArray(j.id, next))
        .returning({ id: j.id });
      changed ||= offered.length > 0;
    }
  }
  if (changed) await announce(tx, ro.tenantId, id);
}

/** Moves every running rollout one step (see the file's comment). */
export async function advanceRollouts(
  db: Db,
  now: Date = new Date(),
  timeoutMs: number = ROLLOUT_LIMITS.jobTimeoutMs,
): Promise<void> {
  const running = await db.select({ id: r.id }).from(r).where(eq(r.state, 'running'));
  for (const { id } of running) await db.transaction((tx) => advanceOne(tx, id, now, timeoutMs));
}

/** How many running rollouts there are (a test's and the bench's wait). */
export const runningRollouts = async (db: Queryable) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(r)
      .where(eq(r.state, 'running'))
  )[0]?.n ?? 0;
