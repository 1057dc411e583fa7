/**
 * A firmware job is a device's part in a push (the device domain's
 * `device_push_parts`, push-steps.ts) with what is its own beside it: the
 * phase of its work, its progress and the version it started from. Its
 * state as the API says it (shared/firmware `JOB_STATES`) is the part's
 * step, with the phase for a part at work: waiting is `queued`.
 */
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ROLLOUT_LIMITS, type JobState } from '../../shared/firmware/index.js';
import { pushParts as pp, type RetryPolicy } from '../device/index.js';
import { rolloutJobs as j } from './schema.js';

export { pushParts as pp } from '../device/index.js';

/** A job joined to its part: `from(j).innerJoin(pp, jobPart)`. */
export const jobPart = eq(pp.id, j.partId);

/** Of a rollout's parts. */
export const ofRollout = (id: number | SQL | AnyColumn) => and(eq(pp.kind, 'firmware'), eq(pp.pushId, id));

/** The job's state as the API says it. */
export const jobState = sql<JobState>`(case ${pp.step} when 'waiting' then 'queued'
  when 'working' then coalesce(${j.phase}::text, 'offered') else ${pp.step}::text end)`;

/** The part's condition for a job state. */
export function inJobState(state: JobState): SQL | undefined {
  if (state === 'queued') return eq(pp.step, 'waiting');
  if (state === 'offered' || state === 'downloading' || state === 'installing')
    return and(eq(pp.step, 'working'), eq(j.phase, state));
  return eq(pp.step, state);
}

/** A failed attempt is tried again after 30 s, 60 s…, up to ROLLOUT_LIMITS.attempts in all. */
export const RETRY: RetryPolicy = { attempts: ROLLOUT_LIMITS.attempts, retryBaseMs: ROLLOUT_LIMITS.retryBaseMs };
