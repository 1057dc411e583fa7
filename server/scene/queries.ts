/** Reading scenes as the API shows them, and checking what a scene may bind and what its menu may say (spec §5 scene rules). */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import {
  SCENE_LIMITS,
  type MenuNode,
  type MenuNodeInput,
  type SceneDetail,
  type SceneItem,
} from '../../shared/scene/index.js';
import type { Queryable, Tx } from '../db/index.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { devices, type PushPlaces } from '../device/index.js';
import { sceneDevices, scenes } from './schema.js';
import { tenants } from '../identity/schema.js';

/** The scene's devices that are still its tenant's (a recycled one drops out). */
const ownDevices = sql`(select d.id, d.online from scene_devices sd join ${devices} d on d.id = sd.device_id where sd.scene_id = scenes.id and d.tenant_id = scenes.tenant_id)`;

const columns = {
  id: scenes.id,
  name: scenes.name,
  description: scenes.description,
  notes: scenes.notes,
  status: scenes.status,
  tenantId: scenes.tenantId,
  tenantName: tenants.name,
  menu: scenes.menu,
  createdAt: scenes.createdAt,
  updatedAt: scenes.updatedAt,
  deviceCount: sql<number>`(select count(*)::int from ${ownDevices} x)`,
  onlineCount: sql<number>`(select count(*)::int from ${ownDevices} x where x.online)`,
};

export const selectScenes = (db: Queryable) =>
  db.select(columns).from(scenes).innerJoin(tenants, eq(tenants.id, scenes.tenantId));

type Row = Awaited<ReturnType<typeof selectScenes>>[number];

export const toSceneItem = ({ menu, ...row }: Row): SceneItem => ({
  ...row,
  nodeCount: menu.length,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** One scene with its devices and menu; 3501 when it does not exist or lies outside the scope (the same answer). */
export async function sceneInScope(db: Queryable, scope: Scope, id: number): Promise<SceneDetail> {
  const [row] = await selectScenes(db).where(and(eq(scenes.id, id), scope.where(scenes.tenantId)));
  if (!row) throw new BizError(CODE.sceneNotFound);
  const bound = await db
    .select({ id: devices.id, name: devices.name, serial: devices.serial, online: devices.online, type: devices.type })
    .from(sceneDevices)
    .innerJoin(devices, eq(devices.id, sceneDevices.deviceId))
    .where(and(eq(sceneDevices.sceneId, id), eq(devices.tenantId, row.tenantId)))
    .orderBy(asc(sceneDevices.position));
  return { ...toSceneItem(row), devices: bound, menu: row.menu };
}

/** The scene row in scope, locked for a change; 3501 otherwise. */
export async function lockScene(tx: Tx, scope: Scope, id: number) {
  const [row] = await tx
    .select({ id: scenes.id, tenantId: scenes.tenantId, status: scenes.status, menu: scenes.menu })
    .from(scenes)
    .where(and(eq(scenes.id, id), scope.where(scenes.tenantId)))
    .for('update');
  if (!row) throw new BizError(CODE.sceneNotFound);
  return row;
}

/**
 * Binds `deviceIds` to the scene, in that order: at least one (3502), each
 * once (3503), all the tenant's own within the caller's scope (1201, like a
 * missing device), none serving another scene of the tenant (3509). The
 * devices are locked, so two scenes cannot take one device at once.
 */
export async function bindDevices(
  tx: Tx,
  scope: Scope,
  sceneId: number,
  tenantId: number,
  deviceIds: readonly number[],
): Promise<void> {
  if (!deviceIds.length) throw new BizError(CODE.sceneNeedsDevices);
  if (new Set(deviceIds).size !== deviceIds.length) throw new BizError(CODE.sceneDuplicateDevice);
  const found = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        inArray(devices.id, [...deviceIds]),
        eq(devices.tenantId, tenantId),
        scope.whereDevice(devices.tenantId, devices.id),
      ),
    )
    .orderBy(devices.id)
    .for('update');
  if (found.length !== deviceIds.length) throw new BizError(CODE.deviceNotFound);
  const taken = await tx
    .select({ deviceId: sceneDevices.deviceId })
    .from(sceneDevices)
    .innerJoin(scenes, eq(scenes.id, sceneDevices.sceneId))
    .where(
      and(
        inArray(sceneDevices.deviceId, [...deviceIds]),
        eq(scenes.tenantId, tenantId),
        ne(sceneDevices.sceneId, sceneId),
      ),
    );
  if (taken.length) throw new BizError(CODE.sceneDeviceTaken);
  // Rows a device left behind in another tenant's scene (recycled, then allocated here) go.
  await tx
    .delete(sceneDevices)
    .where(and(inArray(sceneDevices.deviceId, [...deviceIds]), ne(sceneDevices.sceneId, sceneId)));
  await tx.delete(sceneDevices).where(eq(sceneDevices.sceneId, sceneId));
  await tx.insert(sceneDevices).values(deviceIds.map((deviceId, position) => ({ sceneId, deviceId, position })));
}

/**
 * A menu as saved: parents before children (else 3508), at most three levels,
 * each node with its name, image and devices (field errors), only the
 * scene's devices (3507), and every scene device somewhere (3504).
 */
export function checkMenu(nodes: readonly MenuNodeInput[], sceneDeviceIds: readonly number[]): MenuNode[] {
  const depth = new Map<string, number>();
  const fields: Record<string, string> = {};
  nodes.forEach((n, i) => {
    if (depth.has(n.key)) throw new BizError(CODE.sceneMenuInvalid, `Node key ${n.key} is used twice`);
    const level = n.parentKey === null ? 1 : (depth.get(n.parentKey) ?? 0) + 1;
    if (n.parentKey !== null && !depth.has(n.parentKey))
      throw new BizError(CODE.sceneMenuInvalid, `Node ${n.key} names no earlier parent`);
    if (level > SCENE_LIMITS.depth)
      throw new BizError(CODE.sceneMenuInvalid, `Node ${n.key} is deeper than ${SCENE_LIMITS.depth} levels`);
    depth.set(n.key, level);
    if (!n.deviceIds.length) fields[`nodes.${i}.deviceIds`] = 'scene.validation.devices';
    else if (n.match === 'single' && n.deviceIds.length > 1) fields[`nodes.${i}.deviceIds`] = 'scene.validation.single';
  });
  if (Object.keys(fields).length) throw new RequestValidationError(fields);
  const inScene = new Set(sceneDeviceIds);
  if (nodes.some((n) => n.deviceIds.some((d) => !inScene.has(d)))) throw new BizError(CODE.sceneMenuForeignDevice);
  const used = new Set(nodes.flatMap((n) => n.deviceIds));
  if (sceneDeviceIds.some((d) => !used.has(d))) throw new BizError(CODE.sceneMenuMissesDevice);
  return nodes.map((n) => ({ ...n, deviceIds: [...new Set(n.deviceIds)] }));
}

/** After the devices changed: nodes keep only devices still in the scene. */
export const pruneMenu = (menu: readonly MenuNode[], deviceIds: readonly number[]): MenuNode[] =>
  menu.map((n) => ({ ...n, deviceIds: n.deviceIds.filter((d) => deviceIds.includes(d)) }));

/** A push to a scene reaches its devices (the device domain's port: a push's target). */
export const scenePlaces: PushPlaces = {
  async devices(db, tenantId, sceneId) {
    const [scene] = await db
      .select({ id: scenes.id })
      .from(scenes)
      .where(and(eq(scenes.id, sceneId), eq(scenes.tenantId, tenantId)));
    if (!scene) return null;
    const rows = await db
      .select({ id: sceneDevices.deviceId })
      .from(sceneDevices)
      .where(eq(sceneDevices.sceneId, sceneId));
    return rows.map((d) => d.id);
  },
  list: (db, tenantId) =>
    db
      .select({ id: scenes.id, name: scenes.name })
      .from(scenes)
      .where(eq(scenes.tenantId, tenantId))
      .orderBy(asc(scenes.id)),
};
