/**
 * Rollouts (shared/firmware/rollouts.ts): who of the target devices can take
 * a package and why not, the rollout made of the eligible ones (staged),
 * and what it says of itself. How it runs is advance.ts; what a device
 * does with its job, device-jobs.ts.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import semver from 'semver';
import type { PageQuery } from '../../shared/api/define.js';
import { PUSH_STEPS, type PushStep } from '../../shared/device/index.js';
import { CODE } from '../../shared/domains.js';
import {
  JOB_STATES,
  type EligibleDevice,
  type JobState,
  type RolloutDetail,
  type RolloutInput,
  type RolloutState,
} from '../../shared/firmware/index.js';
import { users } from '../account/schema.js';
import type { Db, Queryable } from '../db/index.js';
import {
  addParts,
  deviceModels,
  devices,
  hasOpenPart,
  moduleVersions,
  pushDeviceColumns,
  pushSeen,
  stepTally,
  targetDevices,
  type NamedTarget,
} from '../device/index.js';
import { BizError, uniqueAs } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import { paged } from '../http/paged.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';
import { owningTenant, tenantFilter } from '../tenant/index.js';
import { inJobState, jobPart, jobState, ofRollout, pp } from './parts.js';
import { firmwarePackages as p, rolloutJobs as j, rollouts as r } from './schema.js';

/** The package a rollout may push: released (1711 a draft, 1709 withdrawn; 1701 none). */
async function releasedPackage(db: Queryable, id: number) {
  const [pkg] = await db
    .select({
      id: p.id,
      state: p.state,
      module: p.module,
      version: p.version,
      fromVersion: p.fromVersion,
      model: deviceModels.name,
    })
    .from(p)
    .innerJoin(deviceModels, eq(deviceModels.id, p.modelId))
    .where(eq(p.id, id));
  if (!pkg) throw new BizError(CODE.packageNotFound);
  if (pkg.state === 'draft') throw new BizError(CODE.packageNotReleased);
  if (pkg.state === 'withdrawn') throw new BizError(CODE.packageWithdrawn);
  return pkg;
}

/** Each device with the module's version it reported and why it cannot take the package, if it cannot. */
async function judge(
  db: Queryable,
  pkg: Awaited<ReturnType<typeof releasedPackage>>,
  ids: readonly number[],
): Promise<EligibleDevice[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      ...pushDeviceColumns,
      version: moduleVersions.version,
      busy: hasOpenPart('firmware', sql`${devices.id}`),
    })
    .from(devices)
    .leftJoin(moduleVersions, and(eq(moduleVersions.deviceId, devices.id), eq(moduleVersions.module, pkg.module)))
    .where(inArray(devices.id, [...ids]))
    .orderBy(asc(devices.id));
  return rows.map(({ busy, ...d }) => ({
    ...d,
    reason:
      d.model !== pkg.model
        ? 'otherModel'
        : busy
          ? 'busy'
          : d.version === pkg.version
            ? 'atVersion'
            : d.version !== null && semver.valid(d.version) && semver.gt(d.version, pkg.version)
              ? 'newer'
              : pkg.fromVersion !== null &&
                  (d.version === null || !semver.valid(d.version) || semver.lt(d.version, pkg.fromVersion))
                ? 'belowFrom'
                : !d.online
                  ? 'offline'
                  : null,
  }));
}

export async function eligibility(
  db: Db,
  user: AuthUser,
  scope: Scope,
  input: NamedTarget & { tenantId?: number | undefined; packageId: number },
) {
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  const pkg = await releasedPackage(db, input.packageId);
  return judge(db, pkg, await targetDevices(db, scope, tenantId, input));
}

export async function createRollout(db: Db, user: AuthUser, scope: Scope, input: RolloutInput) {
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  const id = await db.transaction(async (tx) => {
    const pkg = await releasedPackage(tx, input.packageId);
    const judged = await judge(tx, pkg, await targetDevices(tx, scope, tenantId, input));
    const eligible = judged.filter((d) => d.reason === null);
    if (!eligible.length) throw new BizError(CODE.noEligibleDevices);
    const [row] = await tx
      .insert(r)
      .values({
        tenantId,
        packageId: pkg.id,
        state: input.approval ? 'approval' : 'running',
        firstStage: input.firstStage,
        perMinute: input.perMinute,
        concurrent: input.concurrent,
        windowFrom: input.window?.from ?? null,
        windowTo: input.window?.to ?? null,
        threshold: input.threshold,
        minDevices: input.minDevices,
        approval: input.approval,
        createdBy: user.id,
      })
      .returning({ id: r.id });
    // The first stage: its share of the devices, at least one; 100 %: one stage.
    const first =
      input.firstStage >= 100 ? eligible.length : Math.max(1, Math.ceil((eligible.length * input.firstStage) / 100));
    // A device already in another rollout's queue or work: the one-update index refuses it under a race too (1904).
    const parts = await uniqueAs(CODE.deviceInRollout, () =>
      addParts(
        tx,
        'firmware',
        row!.id,
        eligible.map((d, i) => ({ deviceId: d.deviceId, stage: i < first ? 1 : 2 })),
      ),
    );
    await tx.insert(j).values(
      eligible.map((d) => ({
        rolloutId: row!.id,
        partId: parts.get(d.deviceId)!,
        fromVersion: d.version,
      })),
    );
    return row!.id;
  });
  return rolloutOf(db, scope, id, user.id);
}

/**
 * A rollout reaches a device the caller sees: always, but for a member with assigned devices, who sees the
 * rollouts reaching one of them, and of each only those devices (its counts, stages and jobs) — as a price
 * change and the fleet's pushes show them.
 */
const seen = (scope: Scope) => pushSeen('firmware', r.id, scope);

/** The rollout's devices the caller sees, in all, done and failed, from its parts by step. */
const counted = <R extends { steps: Record<PushStep, number> }>({ steps, ...row }: R) => ({
  ...row,
  devices: PUSH_STEPS.reduce((n, s) => n + steps[s], 0),
  done: steps.done,
  failed: steps.failed,
});

const itemColumns = (scope: Scope) => ({
  id: r.id,
  tenantId: r.tenantId,
  tenantName: tenants.name,
  packageId: r.packageId,
  modelName: deviceModels.name,
  module: p.module,
  version: p.version,
  state: r.state,
  steps: stepTally('firmware', r.id, scope),
  createdAt: r.createdAt,
  createdBy: users.username,
});

function rolloutQuery(db: Queryable, scope: Scope, where: SQL | undefined) {
  return db
    .select({
      ...itemColumns(scope),
      firstStage: r.firstStage,
      perMinute: r.perMinute,
      concurrent: r.concurrent,
      windowFrom: r.windowFrom,
      windowTo: r.windowTo,
      threshold: r.threshold,
      minDevices: r.minDevices,
      approval: r.approval,
      approvedBy: sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${r.approvedBy})`,
      stoppedStage: r.stoppedStage,
      finishedAt: r.finishedAt,
      createdById: r.createdBy,
      whole:
        scope.devices === null
          ? sql<boolean>`true`
          : sql<boolean>`not exists (select 1 from ${pp} where ${ofRollout(r.id)} and not ${scope.device(pp.deviceId)})`,
    })
    .from(r)
    .innerJoin(tenants, eq(tenants.id, r.tenantId))
    .innerJoin(p, eq(p.id, r.packageId))
    .innerJoin(deviceModels, eq(deviceModels.id, p.modelId))
    .leftJoin(users, eq(users.id, r.createdBy))
    .where(where);
}

/** One rollout as `viewerId` sees it: `mine` when they made it (a creator may not approve their own: 1906). */
export async function rolloutOf(
  db: Queryable,
  scope: Scope,
  id: number,
  viewerId: number | null = null,
): Promise<RolloutDetail> {
  const [row] = await rolloutQuery(db, scope, and(eq(r.id, id), scope.where(r.tenantId), seen(scope)));
  if (!row) throw new BizError(CODE.rolloutNotFound);
  const byStage = await db
    .select({ stage: pp.stage, state: jobState, n: count() })
    .from(j)
    .innerJoin(pp, jobPart)
    .where(and(ofRollout(id), scope.device(pp.deviceId)))
    .groupBy(pp.stage, jobState);
  const stages = [...new Set(byStage.map((s) => s.stage))].sort().map((stage) => ({
    stage,
    counts: Object.fromEntries(
      JOB_STATES.map((state) => [state, byStage.find((s) => s.stage === stage && s.state === state)?.n ?? 0]),
    ) as Record<JobState, number>,
  }));
  const { windowFrom, windowTo, createdAt, finishedAt, createdById, ...rest } = counted(row);
  return {
    ...rest,
    mine: viewerId !== null && createdById === viewerId,
    window: windowFrom === null || windowTo === null ? null : { from: windowFrom, to: windowTo },
    createdAt: createdAt.toISOString(),
    finishedAt: finishedAt?.toISOString() ?? null,
    stages,
  };
}

export async function rolloutPage(
  db: Db,
  scope: Scope,
  paging: PageQuery,
  body: { packageId?: number | undefined; state?: RolloutState | undefined; tenantId?: number | undefined },
) {
  const where = and(
    scope.where(r.tenantId),
    seen(scope),
    await tenantFilter(db, scope, r.tenantId, body.tenantId),
    body.packageId === undefined ? undefined : eq(r.packageId, body.packageId),
    body.state === undefined ? undefined : eq(r.state, body.state),
  );
  return paged(
    paging,
    db
      .select(itemColumns(scope))
      .from(r)
      .innerJoin(tenants, eq(tenants.id, r.tenantId))
      .innerJoin(p, eq(p.id, r.packageId))
      .innerJoin(deviceModels, eq(deviceModels.id, p.modelId))
      .leftJoin(users, eq(users.id, r.createdBy))
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.id)),
    db.select({ total: count() }).from(r).where(where),
    (row) => ({ ...counted(row), createdAt: row.createdAt.toISOString() }),
  );
}

export async function rolloutJobsPage(
  db: Db,
  scope: Scope,
  id: number,
  paging: PageQuery,
  body: { state?: JobState | undefined },
) {
  const rollout = await rolloutOf(db, scope, id);
  const where = and(
    ofRollout(id),
    scope.device(pp.deviceId),
    body.state === undefined ? undefined : inJobState(body.state),
  );
  return paged(
    paging,
    db
      .select({
        deviceId: pp.deviceId,
        name: devices.name,
        serial: devices.serial,
        stage: pp.stage,
        state: jobState,
        progress: j.progress,
        attempts: pp.attempts,
        fromVersion: j.fromVersion,
        nowVersion: moduleVersions.version,
        error: pp.reason,
        updatedAt: pp.heardAt,
      })
      .from(j)
      .innerJoin(pp, jobPart)
      .innerJoin(devices, eq(devices.id, pp.deviceId))
      // What the device reports now, beside what it had when the job began.
      .leftJoin(
        moduleVersions,
        and(eq(moduleVersions.deviceId, pp.deviceId), eq(moduleVersions.module, rollout.module)),
      )
      .where(where)
      .orderBy(asc(pp.stage), asc(pp.deviceId)),
    db.select({ total: count() }).from(j).innerJoin(pp, jobPart).where(where),
    (row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }),
  );
}
