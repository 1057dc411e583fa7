/**
 * Scene linkage (spec §2 /sceneadmin, §5 scene rules): scenes of a tenant's
 * devices, their menu trees, disabling ("deactivated successfully"; a
 * disabled one refused with 3505) and enabling. Every lookup goes through
 * the caller's scope: another tenant's scene answers like a missing one.
 */
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import { CODE, type ApiInput } from '../../shared/domains.js';
import type { SceneItem } from '../../shared/scene/index.js';
import type { Db } from '../db/index.js';
import type { Scope } from '../scope.js';
import { containsPattern } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import type { PageQuery } from '../../shared/api/define.js';
import { owningTenant, tenantInScope } from '../tenant/index.js';
import { unheldFiles } from '../file/index.js';
import { sceneDevices, scenes } from './schema.js';
import { devices } from '../device/index.js';
import { bindDevices, checkMenu, lockScene, pruneMenu, sceneInScope, selectScenes, toSceneItem } from './queries.js';
import { paged } from '../http/paged.js';

/** Puts a scene in `status`; one already there is refused with `already` (spec §4: disabling a disabled scene is an error). */
export async function setStatus(
  db: Db,
  scope: Scope,
  id: number,
  status: SceneItem['status'],
  already: number,
): Promise<SceneItem> {
  await db.transaction(async (tx) => {
    const scene = await lockScene(tx, scope, id);
    if (scene.status === status) throw new BizError(already);
    await tx.update(scenes).set({ status, updatedAt: new Date() }).where(eq(scenes.id, scene.id));
  });
  const { devices: _d, menu: _m, ...item } = await sceneInScope(db, scope, id);
  return item;
}

export async function scenePage(db: Db, scope: Scope, query: PageQuery, body: ApiInput<'scene.page'>['body']) {
  if (body.tenantId !== undefined) await tenantInScope(db, scope, body.tenantId);
  const where = and(
    scope.where(scenes.tenantId),
    body.keyword ? ilike(scenes.name, containsPattern(body.keyword)) : undefined,
    body.status ? eq(scenes.status, body.status) : undefined,
    body.tenantId !== undefined ? eq(scenes.tenantId, body.tenantId) : undefined,
  );
  return paged(
    query,
    selectScenes(db).where(where).orderBy(desc(scenes.createdAt), desc(scenes.id)),
    db.select({ total: count() }).from(scenes).where(where),
    toSceneItem,
  );
}

/** The devices a scene of the tenant may bind, with the scene each serves now. */
export async function sceneDeviceOptions(
  db: Db,
  user: AuthUser,
  scope: Scope,
  body: ApiInput<'scene.deviceOptions'>['body'],
) {
  const tenantId = await owningTenant(db, user, scope, body.tenantId);
  return db
    .select({
      id: devices.id,
      name: devices.name,
      serial: devices.serial,
      online: devices.online,
      type: devices.type,
      sceneId: scenes.id,
      sceneName: scenes.name,
    })
    .from(devices)
    .leftJoin(sceneDevices, eq(sceneDevices.deviceId, devices.id))
    .leftJoin(scenes, and(eq(scenes.id, sceneDevices.sceneId), eq(scenes.tenantId, devices.tenantId)))
    .where(
      and(
        eq(devices.tenantId, tenantId),
        scope.device(devices.id),
        body.keyword
          ? or(ilike(devices.name, containsPattern(body.keyword)), ilike(devices.serial, containsPattern(body.keyword)))
          : undefined,
      ),
    )
    .orderBy(asc(devices.serial))
    .limit(200);
}

export async function createScene(db: Db, user: AuthUser, scope: Scope, body: ApiInput<'scene.create'>['body']) {
  const id = await db.transaction(async (tx) => {
    const tenantId = await owningTenant(tx, user, scope, body.tenantId);
    const [row] = await tx
      .insert(scenes)
      .values({ tenantId, name: body.name, description: body.description, notes: body.notes })
      .returning({ id: scenes.id });
    await bindDevices(tx, scope, row!.id, tenantId, body.deviceIds);
    return row!.id;
  });
  return sceneInScope(db, scope, id);
}

/** Its menu keeps only nodes whose devices stay. */
export async function updateScene(db: Db, scope: Scope, id: number, body: ApiInput<'scene.update'>['body']) {
  await db.transaction(async (tx) => {
    const scene = await lockScene(tx, scope, id);
    await bindDevices(tx, scope, scene.id, scene.tenantId, body.deviceIds);
    await tx
      .update(scenes)
      .set({
        name: body.name,
        description: body.description,
        notes: body.notes,
        menu: pruneMenu(scene.menu, body.deviceIds),
        updatedAt: new Date(),
      })
      .where(eq(scenes.id, scene.id));
  });
  return sceneInScope(db, scope, id);
}

/** Replace the menu tree: checked against the scene's devices (3504, 3507) and the caller's images (2204). */
export async function saveMenu(db: Db, scope: Scope, id: number, body: ApiInput<'scene.menuSave'>['body']) {
  await db.transaction(async (tx) => {
    const scene = await lockScene(tx, scope, id);
    const current = (await sceneInScope(tx, scope, scene.id)).devices.map((d) => d.id);
    const menu = checkMenu(body.nodes, current);
    // Images the caller could not see are not theirs to show (2204).
    if (
      (
        await unheldFiles(
          tx,
          scope,
          menu.map((n) => n.image!),
        )
      ).length
    )
      throw new BizError(CODE.fileNotFound);
    await tx.update(scenes).set({ menu, updatedAt: new Date() }).where(eq(scenes.id, scene.id));
  });
  return sceneInScope(db, scope, id);
}

/** Delete a scene; its devices are free for another. */
export function deleteScene(db: Db, scope: Scope, id: number) {
  return db.transaction(async (tx) => {
    const scene = await lockScene(tx, scope, id);
    await tx.delete(scenes).where(eq(scenes.id, scene.id));
    return { id: scene.id };
  });
}
