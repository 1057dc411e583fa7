/**
 * Firmware rollouts as pushes, for the fleet's one view (the device
 * domain's `firmwarePushes` port): a rollout held by a person (awaiting
 * approval, paused, stopped itself) or running or finished, its jobs by the
 * push's steps, and those offered to a device that has said nothing of them
 * since the cut (a device stuck mid-update, or no runner advancing them).
 */
import { sql } from 'drizzle-orm';
import { deviceModels, pushSelect, type PushSource } from '../device/index.js';
import { ofRollout, pp } from './parts.js';
import { firmwarePackages as p, rollouts as r } from './schema.js';

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
    select count(*) filter (where ${pp.step} = 'waiting')::int as waiting,
      count(*) filter (where ${pp.step} = 'working')::int as working,
      count(*) filter (where ${pp.step} = 'done')::int as done,
      count(*) filter (where ${pp.step} = 'failed')::int as failed,
      count(*) filter (where ${pp.step} = 'cancelled')::int as cancelled,
      count(*) filter (where ${pp.step} = 'working' and ${pp.heardAt} < ${stallBefore.toISOString()}::timestamptz)::int
        as stalled,
      count(*)::int as seen,
      max(${pp.heardAt}) as moved_at
    from ${pp} where ${ofRollout(r.id)} and ${scope.device(pp.deviceId)}
  ) jobs
  where ${scope.where(r.tenantId)} and ${scope.devices === null ? sql`true` : sql`jobs.seen > 0`}`;
