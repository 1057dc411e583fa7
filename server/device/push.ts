/**
 * The devices a push to the fleet names (shared/device/push.ts): chosen
 * devices, a point's or a scene's, of one tenant and in the caller's scope.
 * Firmware rollouts and price changes resolve their targets here. A point's
 * and a scene's devices come through ports (ports.ts): both domains are
 * built on this one, so it may not read their tables.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { PushTarget } from '../../shared/device/index.js';
import type { Db, Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { owningTenant } from '../tenant/index.js';
import { pointPlaces, scenePlaces } from './ports.js';
import { devices } from './schema.js';

export interface NamedTarget {
  target: PushTarget;
  deviceIds?: number[] | undefined;
  pointId?: number | undefined;
  sceneId?: number | undefined;
}

/** A device as a push's judgement of its target lists it (who can take it and why not): who it is, whether online. */
export const pushDeviceColumns = {
  deviceId: devices.id,
  name: devices.name,
  serial: devices.serial,
  model: devices.model,
  online: devices.online,
};

// The same device as the push's form offers it, under `id`.
const { deviceId: id, ...described } = pushDeviceColumns;
const offeredColumns = { id, ...described };

const unique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** Of `ids`, the tenant's devices the caller sees, in order. */
async function seen(db: Queryable, scope: Scope, tenantId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.id, [...ids]), eq(devices.tenantId, tenantId), scope.device(devices.id)));
  return unique(rows.map((d) => d.id));
}

/**
 * The target's devices of the tenant, by id. Every device, point and scene
 * the call names must be the tenant's, whichever the target uses (1909
 * otherwise: an id the target drops is still not another tenant's to name).
 */
export async function targetDevices(
  db: Queryable,
  scope: Scope,
  tenantId: number,
  target: NamedTarget,
): Promise<number[]> {
  const wanted = unique(target.deviceIds ?? []);
  const found = await seen(db, scope, tenantId, wanted);
  const atPoint = target.pointId === undefined ? [] : await pointPlaces.use().devices(db, tenantId, target.pointId);
  const atScene = target.sceneId === undefined ? [] : await scenePlaces.use().devices(db, tenantId, target.sceneId);
  if (found.length !== wanted.length || atPoint === null || atScene === null) throw new BizError(CODE.pushRefUnknown);
  if (target.target === 'devices') return wanted;
  return seen(db, scope, tenantId, target.target === 'point' ? atPoint : atScene);
}

/** What a push of the tenant may name (its form's choices): its devices the caller sees, its points and scenes. */
export async function pushTargets(db: Db, user: AuthUser, scope: Scope, tenantId: number | undefined) {
  const owner = await owningTenant(db, user, scope, tenantId);
  return {
    devices: await db
      .select(offeredColumns)
      .from(devices)
      .where(and(eq(devices.tenantId, owner), scope.device(devices.id)))
      .orderBy(asc(devices.serial)),
    points: await pointPlaces.use().list(db, owner),
    scenes: await scenePlaces.use().list(db, owner),
  };
}
