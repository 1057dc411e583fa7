/**
 * The modules each device model is built of, with its packages: the admin
 * sets them, and a module with packages stays (1803); beside them, whether
 * the model's board takes a remote price (shared/price).
 */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { MODULE_KINDS, type ModuleKind } from '../../shared/device/index.js';
import type { FirmwareModel } from '../../shared/firmware/index.js';
import type { Db, Queryable } from '../db/index.js';
import { deviceModels, modelModules } from '../device/index.js';
import { BizError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { firmwarePackages } from './schema.js';
import { packageCounts } from './packages.js';

export async function firmwareModels(db: Queryable, scope: Scope, only?: number): Promise<FirmwareModel[]> {
  const models = await db
    .select({ id: deviceModels.id, name: deviceModels.name, remotePrice: deviceModels.remotePrice })
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

export async function setModules(
  db: Db,
  scope: Scope,
  modelId: number,
  modules: readonly ModuleKind[],
  remotePrice?: boolean,
) {
  await db.transaction(async (tx) => {
    const [model] = await tx
      .select({ id: deviceModels.id })
      .from(deviceModels)
      .where(eq(deviceModels.id, modelId))
      .for('update');
    if (!model) throw new BizError(CODE.deviceModelNotFound);
    if (remotePrice !== undefined)
      await tx.update(deviceModels).set({ remotePrice }).where(eq(deviceModels.id, modelId));
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
