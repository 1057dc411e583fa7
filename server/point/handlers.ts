/**
 * Points (spec §2 pointMent, §5): list, detail, create, edit, delete, and
 * binding devices. Every lookup goes through the caller's scope, so another
 * tenant's point answers exactly like a missing one (1410).
 */
import { and, asc, count, desc, eq, ilike, inArray, like } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { prefixOf } from '../../shared/regions.js';
import { devices } from '../device/schema.js';
import { points } from './schema.js';
import { owningTenant } from '../tenant/index.js';
import { containsPattern, FOREIGN_KEY_VIOLATION, pgErrorCode } from '../db/sql.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { defineHandlers } from '../http/handlers.js';
import type { Queryable } from '../db/index.js';
import type { Scope } from '../scope.js';
import { selectDevices, toDeviceItem } from '../device/index.js';
import { lockPointInScope, pointItemInScope, selectPoints, toPointItem } from './queries.js';
import { areaOf } from './regions.js';
import { paged } from '../http/paged.js';

/** The devices named in a bind/unbind request, locked; 1201 if any is unknown or out of scope. */
async function lockDevices(tx: Queryable, scope: Scope, deviceIds: readonly number[]) {
  const ids = [...new Set(deviceIds)];
  const rows = await tx
    .select({ id: devices.id, tenantId: devices.tenantId, pointId: devices.pointId })
    .from(devices)
    .where(and(inArray(devices.id, ids), scope.whereDevice(devices.tenantId, devices.id)))
    .for('update');
  if (rows.length !== ids.length) throw new BizError(CODE.deviceNotFound);
  return rows;
}

/**
 * The form with its area named. The schema checked the code's shape; a code
 * that is no district of the division data is a field error like any other
 * (the console's picker offers districts only, so only a crafted call gets it).
 */
function withArea<F extends { areaCode: string }>(form: F): F & { area: string } {
  const area = areaOf(form.areaCode);
  if (area === undefined) throw new RequestValidationError({ areaCode: 'validation.region' });
  return { ...form, area };
}

export const pointHandlers = defineHandlers({
  'point.page': async ({ query, body }, { db, scope }) => {
    const where = and(
      scope.where(points.tenantId),
      body.name ? ilike(points.name, containsPattern(body.name)) : undefined,
      // Any level: the district codes inside a province or city share its prefix (shared/point/regions.ts).
      body.areaCode ? like(points.areaCode, `${prefixOf(body.areaCode)}%`) : undefined,
    );
    return paged(
      query,
      selectPoints(db).where(where).orderBy(desc(points.createdAt), desc(points.id)),
      db.select({ total: count() }).from(points).where(where),
      toPointItem,
    );
  },

  'point.info': async ({ params }, { db, scope }) => {
    const item = await pointItemInScope(db, scope, params.id);
    const bound = await selectDevices(db)
      .where(and(eq(devices.pointId, item.id), scope.device(devices.id)))
      .orderBy(asc(devices.serial));
    return { ...item, devices: bound.map(toDeviceItem) };
  },

  'point.create': async ({ body }, { db, user, scope }) => {
    const { tenantId: requested, ...form } = body;
    const tenantId = await owningTenant(db, user, scope, requested);
    const [created] = await db
      .insert(points)
      .values({ ...withArea(form), tenantId })
      .returning({ id: points.id });
    return pointItemInScope(db, scope, created!.id);
  },

  'point.update': async ({ params, body }, { db, scope }) => {
    const [updated] = await db
      .update(points)
      .set({ ...withArea(body), updatedAt: new Date() })
      .where(and(eq(points.id, params.id), scope.where(points.tenantId)))
      .returning({ id: points.id });
    if (!updated) throw new BizError(CODE.pointNotFound);
    return pointItemInScope(db, scope, updated.id);
  },

  'point.delete': async ({ params }, { db, scope }) => {
    try {
      await db.transaction(async (tx) => {
        const point = await lockPointInScope(tx, scope, params.id);
        const [bound] = await tx.select({ n: count() }).from(devices).where(eq(devices.pointId, point.id));
        if (bound && bound.n > 0) throw new BizError(CODE.pointHasDevices);
        await tx.delete(points).where(eq(points.id, point.id));
      });
    } catch (err) {
      // A device bound in between is caught by the database's key: same answer.
      if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw new BizError(CODE.pointHasDevices);
      throw err;
    }
  },

  'point.bind': async ({ params, body }, { db, scope }) => {
    // All or nothing: every device is checked before any is bound.
    await db.transaction(async (tx) => {
      const point = await lockPointInScope(tx, scope, params.id);
      const rows = await lockDevices(tx, scope, body.deviceIds);
      if (rows.some((d) => d.tenantId !== point.tenantId)) throw new BizError(CODE.deviceOtherTenant);
      if (rows.some((d) => d.pointId !== null && d.pointId !== point.id)) throw new BizError(CODE.deviceBoundElsewhere);
      await tx
        .update(devices)
        .set({ pointId: point.id })
        .where(
          inArray(
            devices.id,
            rows.map((d) => d.id),
          ),
        );
    });
  },

  'point.unbind': async ({ params, body }, { db, scope }) => {
    await db.transaction(async (tx) => {
      const point = await lockPointInScope(tx, scope, params.id);
      const rows = await lockDevices(tx, scope, body.deviceIds);
      if (rows.some((d) => d.pointId !== point.id)) throw new BizError(CODE.deviceNotOnPoint);
      await tx
        .update(devices)
        .set({ pointId: null })
        .where(
          inArray(
            devices.id,
            rows.map((d) => d.id),
          ),
        );
    });
  },
});
