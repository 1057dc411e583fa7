/**
 * The modules a device model is built of (the admin sets them) and the
 * version of each a device last reported in its heartbeat.
 */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import semver from 'semver';
import { CODE } from '../../shared/domains.js';
import { MODULE_KINDS, type FirmwareModel, type ModuleKind } from '../../shared/firmware/index.js';
import type { Db, Queryable } from '../db/index.js';
import { deviceModels, devices } from '../device/index.js';
import { BizError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { firmwarePackages, modelModules, moduleVersions } from './schema.js';
import { packageCounts } from './packages.js';

export async function firmwareModels(db: Queryable, scope: Scope, only?: number): Promise<FirmwareModel[]> {
  const models = await db
    .select({ id: deviceModels.id, name: deviceModels.name })
    .from(deviceModels)
    .where(only === undefined ? undefined : eq(deviceModels.id, only))
    .orderBy(asc(deviceModels.name));
  const ids = models.map((m) => m.id);
  const [modules, counts] = await Promise.all([
    ids.length ? db.select().from(modelModules).where(inArray(modelModules.modelId, ids)) : Promise.resolve([]),
    packageCounts(db, scope, ids),
  ]);
  return models.map((m) => ({
    ...m,
    // In the catalogue's order, whatever order they were set in.
    modules: MODULE_KINDS.filter((k) => modules.some((r) => r.modelId === m.id && r.module === k)),
    packages: counts.find((c) => c.modelId === m.id)?.n ?? 0,
  }));
}

export async function setModules(db: Db, scope: Scope, modelId: number, modules: readonly ModuleKind[]) {
  await db.transaction(async (tx) => {
    const [model] = await tx
      .select({ id: deviceModels.id })
      .from(deviceModels)
      .where(eq(deviceModels.id, modelId))
      .for('update');
    if (!model) throw new BizError(CODE.deviceModelNotFound);
    const kept = [...new Set(modules)];
    const [used] = await tx
      .select({ module: firmwarePackages.module })
      .from(firmwarePackages)
      .where(
        and(eq(firmwarePackages.modelId, modelId), kept.length ? notInArray(firmwarePackages.module, kept) : undefined),
      )
      .limit(1);
    if (used) throw new BizError(CODE.moduleInUse);
    await tx
      .delete(modelModules)
      .where(and(eq(modelModules.modelId, modelId), kept.length ? notInArray(modelModules.module, kept) : undefined));
    if (kept.length)
      await tx
        .insert(modelModules)
        .values(kept.map((module) => ({ modelId, module })))
        .onConflictDoNothing();
  });
  const [model] = await firmwareModels(db, scope, modelId);
  return model!;
}

/** A device's modules with what it last reported (1201: not a device the caller sees). */
export async function deviceModules(db: Queryable, scope: Scope, deviceId: number) {
  const [device] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), scope.whereDevice(devices.tenantId, devices.id)));
  if (!device) throw new BizError(CODE.deviceNotFound);
  const rows = await db
    .select({ module: moduleVersions.module, version: moduleVersions.version, reportedAt: moduleVersions.reportedAt })
    .from(moduleVersions)
    .where(eq(moduleVersions.deviceId, deviceId));
  return MODULE_KINDS.flatMap((k) => rows.filter((r) => r.module === k)).map((r) => ({
    ...r,
    reportedAt: r.reportedAt.toISOString(),
  }));
}

const isModule = (m: string): m is ModuleKind => (MODULE_KINDS as readonly string[]).includes(m);

/**
 * What a heartbeat said of the device's modules: each known module with a
 * semantic version is kept (a machine's other modules, or a version no
 * package could be compared with, are not the console's to show).
 */
export async function recordModules(
  db: Queryable,
  deviceId: number,
  modules: readonly { module: string; version: string }[],
) {
  // One row per module (the last said wins): one insert may not touch a row twice.
  const latest = new Map<ModuleKind, string>();
  for (const m of modules)
    if (isModule(m.module) && semver.valid(m.version) === m.version) latest.set(m.module, m.version);
  const rows = [...latest].map(([module, version]) => ({ deviceId, module, version }));
  if (!rows.length) return;
  await db
    .insert(moduleVersions)
    .values(rows)
    .onConflictDoUpdate({
      target: [moduleVersions.deviceId, moduleVersions.module],
      set: { version: sql`excluded.version`, reportedAt: sql`now()` },
    });
}
