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
import { and, eq, inArray, sql } from 'drizzle-orm';
import { businessMinuteOfDay } from '../../shared/business-time.js';
import { inWindow, ROLLOUT_LIMITS } from '../../shared/firmware/index.js';
import type { Db, Queryable, Tx } from '../db/index.js';
import {
  failAttempt as failPart,
  offerParts,
  silentParts,
  startedSince,
  stepCounts,
  type RetryPolicy,
} from '../device/index.js';
import { RETRY } from './parts.js';
import { announce } from './rollout-actions.js';
import { rolloutJobs as j, rollouts as r } from './schema.js';

/**
 * A failed attempt of a job (its part, push-steps.ts): waiting again after a back-off (30 s, 60 s…), or failed
 * for good after ROLLOUT_LIMITS.attempts; its work starts over. Answers the job's new state.
 */
export async function failAttempt(
  db: Queryable,
  job: { partId: number; attempts: number },
  reason: string,
  now: Date,
  policy: RetryPolicy = RETRY,
) {
  const step = await failPart(db, { id: job.partId, attempts: job.attempts }, reason, now, policy);
  await db.update(j).set({ phase: null, progress: 0 }).where(eq(j.partId, job.partId));
  return step === 'waiting' ? ('queued' as const) : ('failed' as const);
}

async function advanceOne(tx: Tx, id: number, now: Date, timeoutMs: number): Promise<void> {
  const [ro] = await tx
    .select()
    .from(r)
    .where(and(eq(r.id, id), eq(r.state, 'running')))
    .for('update', { skipLocked: true });
  if (!ro) return;
  let changed = false;
  const silent = await silentParts(tx, 'firmware', id, new Date(now.getTime() - timeoutMs));
  for (const part of silent) await failAttempt(tx, { partId: part.id, attempts: part.attempts }, 'timeout', now);
  changed ||= silent.length > 0;

  const byStage = await stepCounts(tx, 'firmware', id);
  const n = (stage: number, steps: readonly string[]) =>
    byStage.filter((s) => s.stage === stage && steps.includes(s.step)).reduce((a, s) => a + s.n, 0);
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
  const current = stages.find((stage) => n(stage, ['waiting', 'working']) > 0);
  if (current === undefined) {
    await tx.update(r).set({ state: 'done', finishedAt: now }).where(eq(r.id, id));
    return announce(tx, ro.tenantId, id, 'done');
  }
  const open =
    ro.windowFrom === null || ro.windowTo === null || inWindow(businessMinuteOfDay(now), ro.windowFrom, ro.windowTo);
  if (open) {
    const busy = byStage.filter((s) => s.step === 'working').reduce((a, s) => a + s.n, 0);
    const recent = await startedSince(tx, 'firmware', id, new Date(now.getTime() - 60_000));
    const offered = await offerParts(
      tx,
      'firmware',
      id,
      current,
      Math.min(ro.concurrent - busy, ro.perMinute - recent),
      now,
    );
    if (offered.length) await tx.update(j).set({ phase: 'offered', progress: 0 }).where(inArray(j.partId, offered));
    changed ||= offered.length > 0;
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
