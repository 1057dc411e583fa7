/**
 * Firmware rollouts as pushes, for the fleet's one view (the device
 * domain's `firmwarePushes` port): a rollout held by a person (awaiting
 * approval, paused, stopped itself) or running or finished, its jobs by the
 * push's steps, and those offered to a device that has said nothing of them
 * since the cut (a device stuck mid-update, or no runner advancing them).
 */
import { inArray, sql } from 'drizzle-orm';
import { AT_WORK_JOB_STATES } from '../../shared/firmware/index.js';
import { deviceModels, pushSelect, type PushSource } from '../device/index.js';
import { firmwarePackages as p, rolloutJobs as j, rollouts as r } from './schema.js';

const atWork = inArray(j.state, [...AT_WORK_JOB_STATES]);

export const firmwarePushes: PushSource = (scope, stallBefore) => sql`
  select ${pushSelect({
    kind: sql`'firmware'::text`,
    id: r.id,
    tenant_id: r.tenantId,
    title: deviceModels.name,
    module: sql`${p.module}::text`,
    version: p.version,
    state: sql`case when ${r.state} = 'running' then 'running'
      when ${r.state} in ('approval', 'paused', 'stopped') then 'held' else 'finished' end`,
    waiting: sql`jobs.waiting`,
    working: sql`jobs.working`,
    done: sql`jobs.done`,
    failed: sql`jobs.failed`,
    cancelled: sql`jobs.cancelled`,
    stalled: sql`jobs.stalled`,
    created_at: r.createdAt,
    created_by: r.createdBy,
    moved_at: sql`jobs.moved_at`,
  })}
  from ${r}
  join ${p} on ${p.id} = ${r.packageId}
  join ${deviceModels} on ${deviceModels.id} = ${p.modelId}
  cross join lateral (
    select count(*) filter (where ${j.state} = 'queued')::int as waiting,
      count(*) filter (where ${atWork})::int as working,
      count(*) filter (where ${j.state} = 'done')::int as done,
      count(*) filter (where ${j.state} = 'failed')::int as failed,
      count(*) filter (where ${j.state} = 'cancelled')::int as cancelled,
      count(*) filter (where ${atWork} and ${j.updatedAt} < ${stallBefore.toISOString()}::timestamptz)::int as stalled,
      count(*)::int as seen,
      max(${j.updatedAt}) as moved_at
    from ${j} where ${j.rolloutId} = ${r.id} and ${scope.device(j.deviceId)}
  ) jobs
  where ${scope.where(r.tenantId)} and ${scope.devices === null ? sql`true` : sql`jobs.seen > 0`}`;
