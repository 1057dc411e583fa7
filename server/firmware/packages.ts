/**
 * Firmware packages (shared/firmware/api.ts): the admin's drafts made from a
 * finished upload, released, withdrawn, deleted while drafts; tenants and
 * members with 2-1 read the released and withdrawn ones.
 */
import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import semver from 'semver';
import { CODE } from '../../shared/domains.js';
import {
  FIRMWARE_LIMITS,
  type PackageDetail,
  type PackageInput,
  type PackageItem,
  type PackageState,
  type PackageFilter,
} from '../../shared/firmware/index.js';
import type { PageQuery } from '../../shared/api/define.js';
import { users } from '../account/schema.js';
import type { Db, Queryable } from '../db/index.js';
import { deviceModels, devices, modelModules, moduleVersions } from '../device/index.js';
import { BizError, RequestValidationError, uniqueAs } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import { paged } from '../http/paged.js';
import type { Scope } from '../scope.js';
import type { FileStorage } from '../storage/index.js';
import { firmwarePackages as p } from './schema.js';
import { checkComplete, dropUpload, partsStream, uploadOf } from './uploads.js';

/** What a caller sees: the admin every package, anyone else what has been released (withdrawn ones stay on record). */
const visible = (scope: Scope): SQL | undefined => (scope.all ? undefined : ne(p.state, 'draft'));

const itemColumns = {
  id: p.id,
  modelId: p.modelId,
  modelName: deviceModels.name,
  module: p.module,
  version: p.version,
  fromVersion: p.fromVersion,
  state: p.state,
  fileName: p.fileName,
  size: p.size,
  sha256: p.fileId,
  createdAt: p.createdAt,
  releasedAt: p.releasedAt,
};
type ItemRow = { createdAt: Date; releasedAt: Date | null } & Omit<PackageItem, 'createdAt' | 'releasedAt'>;

const toItem = (r: ItemRow): PackageItem => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  releasedAt: r.releasedAt?.toISOString() ?? null,
});

export function packagePage(db: Db, scope: Scope, paging: PageQuery, query: PackageFilter) {
  const keyword = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    visible(scope),
    query.modelId === undefined ? undefined : eq(p.modelId, query.modelId),
    query.module === undefined ? undefined : eq(p.module, query.module),
    query.state === undefined ? undefined : eq(p.state, query.state),
    keyword === undefined ? undefined : or(ilike(p.version, keyword), ilike(p.fileName, keyword)),
  );
  return paged(
    paging,
    db
      .select(itemColumns)
      .from(p)
      .innerJoin(deviceModels, eq(deviceModels.id, p.modelId))
      .where(where)
      .orderBy(desc(p.createdAt), desc(p.id)),
    db.select({ total: count() }).from(p).where(where),
    toItem,
  );
}

export async function packageOf(db: Queryable, scope: Scope, id: number): Promise<PackageDetail> {
  const [row] = await db
    .select({
      ...itemColumns,
      notesZh: p.notesZh,
      notesEn: p.notesEn,
      withdrawnAt: p.withdrawnAt,
      createdBy: users.username,
      devices: sql<number>`(select count(*)::int from ${devices} where ${devices.model} = ${deviceModels.name}
        and ${scope.whereDevice(devices.tenantId, devices.id)})`,
      running: sql<number>`(select count(*)::int from ${devices} join ${moduleVersions} on ${moduleVersions.deviceId} = ${devices.id}
        where ${devices.model} = ${deviceModels.name} and ${moduleVersions.module} = ${p.module}
        and ${moduleVersions.version} = ${p.version} and ${scope.whereDevice(devices.tenantId, devices.id)})`,
    })
    .from(p)
    .innerJoin(deviceModels, eq(deviceModels.id, p.modelId))
    .leftJoin(users, eq(users.id, p.createdBy))
    .where(and(eq(p.id, id), visible(scope)));
  if (!row) throw new BizError(CODE.packageNotFound);
  return {
    ...toItem(row),
    notesZh: row.notesZh,
    notesEn: row.notesEn,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    devices: row.devices,
    running: row.running,
  };
}

/** The lowest version a package upgrades from is below its own (a field error otherwise). */
function checkFromVersion(version: string, fromVersion: string | null) {
  if (fromVersion !== null && !semver.lt(fromVersion, version))
    throw new RequestValidationError({ fromVersion: 'firmware.validation.fromVersionNotBelow' });
}

/** The model (1801) has the module (1704). */
async function modelWithModule(db: Queryable, modelId: number, module: string, lock = false) {
  const query = db.select({ id: deviceModels.id }).from(deviceModels).where(eq(deviceModels.id, modelId));
  const [model] = lock ? await query.for('update') : await query;
  if (!model) throw new BizError(CODE.deviceModelNotFound);
  const [has] = await db
    .select({ module: modelModules.module })
    .from(modelModules)
    .where(and(eq(modelModules.modelId, modelId), eq(modelModules.module, module as never)));
  if (!has) throw new BizError(CODE.moduleNotOfModel);
}

/** What a package is, before its file: enough to check it against the model and the packages there. */
type PackageFacts = Pick<PackageInput, 'modelId' | 'module' | 'version' | 'fromVersion'>;

/** The model's room (1702) and the version's (1703); read again under the model's lock before the insert. */
async function checkRoom(db: Queryable, input: PackageFacts) {
  const [held] = await db.select({ n: count() }).from(p).where(eq(p.modelId, input.modelId));
  if ((held?.n ?? 0) >= FIRMWARE_LIMITS.packagesPerModel) throw new BizError(CODE.packageLimit);
  const [taken] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.modelId, input.modelId), eq(p.module, input.module), eq(p.version, input.version)));
  if (taken) throw new BizError(CODE.packageVersionTaken);
}

/** Forgets a file's bytes unless a package names them (content-addressed: another package may hold the same bytes). */
async function dropUnusedFile(db: Queryable, storage: FileStorage, fileId: string) {
  const [used] = await db.select({ id: p.id }).from(p).where(eq(p.fileId, fileId)).limit(1);
  if (!used) await storage.remove(fileId);
}

/**
 * Everything `createPackage` checks of a package before its file (the upload
 * asks it first: a taken version was refused only after 64 MB had travelled).
 */
export async function checkPackage(db: Queryable, facts: PackageFacts) {
  checkFromVersion(facts.version, facts.fromVersion);
  await modelWithModule(db, facts.modelId, facts.module);
  await checkRoom(db, facts);
}

export async function createPackage(db: Db, storage: FileStorage, user: AuthUser, scope: Scope, input: PackageInput) {
  checkFromVersion(input.version, input.fromVersion);
  await modelWithModule(db, input.modelId, input.module);
  const upload = await uploadOf(db, user, input.uploadId);
  await checkComplete(db, upload);
  await checkRoom(db, input);
  // The bytes go to the storage as they stream out of the parts, outside any transaction: the
  // embedded database has one connection, and a 64 MB file is not held whole.
  const file = await storage.putStream(partsStream(db, upload.id));
  if (file.size !== upload.size) throw new BizError(CODE.uploadIncomplete);
  try {
    const id = await db.transaction(async (tx) => {
      // The model's row locked: two creations at once count one after the other (at most 100).
      await modelWithModule(tx, input.modelId, input.module, true);
      await checkRoom(tx, input);
      const [row] = await uniqueAs(CODE.packageVersionTaken, () =>
        tx
          .insert(p)
          .values({
            modelId: input.modelId,
            module: input.module,
            version: input.version,
            fromVersion: input.fromVersion,
            fileId: file.id,
            fileName: upload.name,
            size: file.size,
            notesZh: input.notesZh,
            notesEn: input.notesEn,
            createdBy: user.id,
          })
          .returning({ id: p.id }),
      );
      await dropUpload(tx, upload.id);
      return row!.id;
    });
    return packageOf(db, scope, id);
  } catch (err) {
    await dropUnusedFile(db, storage, file.id);
    throw err;
  }
}

/** The package (1701) in the state a change needs, moved by a guarded update: of two racing changes one wins. */
async function move(db: Db, id: number, from: PackageState, set: PgUpdateSetSource<typeof p>) {
  const moved = await db
    .update(p)
    .set(set)
    .where(and(eq(p.id, id), eq(p.state, from)))
    .returning({ id: p.id });
  if (moved.length) return;
  const [row] = await db.select({ state: p.state }).from(p).where(eq(p.id, id));
  if (!row) throw new BizError(CODE.packageNotFound);
  throw new BizError(
    row.state === 'withdrawn'
      ? CODE.packageWithdrawn
      : row.state === 'draft'
        ? CODE.packageNotReleased
        : CODE.packageNotDraft,
  );
}

export async function updatePackage(
  db: Db,
  scope: Scope,
  id: number,
  body: { notesZh: string; notesEn: string; fromVersion: string | null },
) {
  const [row] = await db
    .select({ state: p.state, version: p.version, fromVersion: p.fromVersion })
    .from(p)
    .where(eq(p.id, id));
  if (!row) throw new BizError(CODE.packageNotFound);
  if (body.fromVersion !== row.fromVersion) {
    if (row.state !== 'draft') throw new BizError(CODE.packageNotDraft);
    checkFromVersion(row.version, body.fromVersion);
  }
  const changed = await db
    .update(p)
    .set({ notesZh: body.notesZh, notesEn: body.notesEn, fromVersion: body.fromVersion })
    // Only a draft's lowest version moves, even when the package is released meanwhile.
    .where(and(eq(p.id, id), body.fromVersion === row.fromVersion ? undefined : eq(p.state, 'draft')))
    .returning({ id: p.id });
  if (!changed.length) throw new BizError(CODE.packageNotDraft);
  return packageOf(db, scope, id);
}

export async function releasePackage(db: Db, scope: Scope, id: number) {
  await move(db, id, 'draft', { state: 'released', releasedAt: sql`now()` });
  return packageOf(db, scope, id);
}

export async function withdrawPackage(db: Db, scope: Scope, id: number) {
  await move(db, id, 'released', { state: 'withdrawn', withdrawnAt: sql`now()` });
  return packageOf(db, scope, id);
}

export async function deletePackage(db: Db, storage: FileStorage, id: number) {
  const [gone] = await db
    .delete(p)
    .where(and(eq(p.id, id), eq(p.state, 'draft')))
    .returning({ fileId: p.fileId });
  if (!gone) {
    const [row] = await db.select({ id: p.id }).from(p).where(eq(p.id, id));
    throw new BizError(row ? CODE.packageNotDraft : CODE.packageNotFound);
  }
  await dropUnusedFile(db, storage, gone.fileId);
  return { deleted: true };
}

/** How many packages each model has, as the caller sees them. */
export const packageCounts = (db: Queryable, scope: Scope, modelIds: number[]) =>
  modelIds.length
    ? db
        .select({ modelId: p.modelId, n: count() })
        .from(p)
        .where(and(inArray(p.modelId, modelIds), visible(scope)))
        .groupBy(p.modelId)
    : Promise.resolve([]);
