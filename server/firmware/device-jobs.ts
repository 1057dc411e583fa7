/**
 * A machine's side of a rollout: the heartbeat offers it its job (the
 * `updateOffer` provision the device domain asks), and the machine reports
 * each step (firmware.report): downloading with its progress, installing,
 * done — its module's version is then the package's — or failed with its
 * reason, tried again after a back-off. Steps go forward only (1908); a
 * job that is not under way (a cancelled rollout's) is 1907.
 */
import { and, eq } from 'drizzle-orm';
import type { UpdateOffer } from '../../shared/device/index.js';
import { CODE } from '../../shared/domains.js';
import type { JobState } from '../../shared/firmware/index.js';
import type { Db, Queryable } from '../db/index.js';
import { recordModules, reportPart } from '../device/index.js';
import { BizError } from '../http/errors.js';
import { publish } from '../http/events.js';
import { failAttempt } from './advance.js';
import { jobPart, jobState, pp } from './parts.js';
import { announce } from './rollout-actions.js';
import { firmwarePackages as p, rolloutJobs as j, rollouts as r } from './schema.js';

/** The steps a job may take from each step it is at. */
const NEXT: Readonly<Partial<Record<JobState, readonly JobState[]>>> = {
  offered: ['downloading', 'installing', 'failed'],
  downloading: ['downloading', 'installing', 'failed'],
  installing: ['done', 'failed'],
};

export async function updateOffer(db: Queryable, deviceId: number): Promise<UpdateOffer | null> {
  const [job] = await db
    .select({
      jobId: j.id,
      packageId: p.id,
      module: p.module,
      version: p.version,
      size: p.size,
      sha256: p.fileId,
      state: jobState,
    })
    .from(j)
    .innerJoin(pp, jobPart)
    .innerJoin(r, eq(r.id, j.rolloutId))
    .innerJoin(p, eq(p.id, r.packageId))
    .where(and(eq(pp.deviceId, deviceId), eq(pp.kind, 'firmware'), eq(pp.step, 'working')))
    .limit(1);
  return job ?? null;
}

export async function reportStep(
  db: Db,
  deviceId: number,
  jobId: number,
  body: {
    state: 'downloading' | 'installing' | 'done' | 'failed';
    progress?: number | undefined;
    reason?: string | undefined;
  },
) {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({
        id: j.id,
        partId: pp.id,
        step: pp.step,
        state: jobState,
        attempts: pp.attempts,
        tenantId: r.tenantId,
        rolloutId: r.id,
        module: p.module,
        version: p.version,
      })
      .from(j)
      .innerJoin(pp, jobPart)
      .innerJoin(r, eq(r.id, j.rolloutId))
      .innerJoin(p, eq(p.id, r.packageId))
      .where(and(eq(j.id, jobId), eq(pp.deviceId, deviceId)))
      .for('update', { of: pp });
    if (!job || job.step !== 'working') throw new BizError(CODE.jobNotActive);
    if (!NEXT[job.state]?.includes(body.state)) throw new BizError(CODE.jobStep);
    let state: JobState = body.state;
    const now = new Date();
    if (body.state === 'failed') state = await failAttempt(tx, job, body.reason ?? 'failed', now);
    else {
      await tx
        .update(j)
        .set({
          phase: body.state === 'done' ? null : body.state,
          progress: body.state === 'done' ? 100 : body.state === 'installing' ? 100 : (body.progress ?? 0),
        })
        .where(eq(j.id, job.id));
      await reportPart(tx, job.partId, now, body.state === 'done' ? { step: 'done' } : undefined);
    }
    // Done: the module runs the package's version now (the machine's next heartbeat says so too).
    if (body.state === 'done') await recordModules(tx, deviceId, [{ module: job.module, version: job.version }]);
    await announce(tx, job.tenantId, job.rolloutId);
    // An update's end (done, or failed for good) is the tenant's `update` callback.
    if (state === 'done' || state === 'failed')
      await publish(tx, 'firmware', job.tenantId, {
        kind: 'update',
        rolloutId: job.rolloutId,
        deviceId,
        module: job.module,
        version: job.version,
        state,
        ...(state === 'failed' ? { reason: body.reason ?? 'failed' } : {}),
      });
    return { state };
  });
}
