/**
 * Firmware rollouts as pushes, for the fleet's one view (the device
 * domain's `firmwarePushes` port): held while awaiting approval, paused or
 * stopped by itself; the rollout offers its waiting parts by its stages,
 * window and rate (no due time: one offered and silent stalls).
 */
import { sql } from 'drizzle-orm';
import { deviceModels, pushSelect, type PushSource } from '../device/index.js';
import { firmwarePackages as p, rollouts as r } from './schema.js';

export const firmwarePushes: PushSource = (scope) => sql`
  select ${pushSelect({
    kind: sql`'firmware'::push_kind`,
    id: r.id,
    tenant_id: r.tenantId,
    title: deviceModels.name,
    module: sql`${p.module}::text`,
    version: p.version,
    held: sql`${r.state} in ('approval', 'paused', 'stopped')`,
    due_at: sql`null::timestamptz`,
    created_at: r.createdAt,
    created_by: r.createdBy,
  })}
  from ${r}
  join ${p} on ${p.id} = ${r.packageId}
  join ${deviceModels} on ${deviceModels.id} = ${p.modelId}
  where ${scope.where(r.tenantId)}`;
