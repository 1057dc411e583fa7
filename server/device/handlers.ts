/** Devices: the list the point screens need (bind dialog, point detail). */
import { and, asc, count, eq, ilike, isNotNull, isNull, or } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { devices } from './schema.js';
import { points } from '../point/schema.js';
import { tenants } from '../tenant/schema.js';
import { containsPattern } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import { defineHandlers } from '../http/handlers.js';
import type { Queryable } from '../db/index.js';
import type { Scope } from '../scope.js';

/**
 * A filter naming a point or tenant the caller cannot see is refused like a
 * lookup of it (1410, 1401), not answered with an empty page: an empty page
 * would tell a prober nothing less, but a refusal keeps one rule for every id
 * a request names (tests/server/reliability/isolation.test.ts).
 */
async function checkFilterIds(db: Queryable, scope: Scope, pointId: number | undefined, tenantId: number | undefined) {
  if (pointId !== undefined) {
    const [point] = await db.select({ id: points.id }).from(points).where(and(eq(points.id, pointId), scope.where(points.tenantId)));
    if (!point) throw new BizError(CODE.pointNotFound);
  }
  if (tenantId !== undefined) {
    const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
    if (!tenant || !scope.has(tenant.id)) throw new BizError(CODE.tenantNotFound);
  }
}
import { selectDevices, toDeviceItem } from './queries.js';

export const deviceHandlers = defineHandlers({
  'device.page': async ({ query, body }, { db, scope }) => {
    const { keyword, pointId, bound, tenantId } = body;
    await checkFilterIds(db, scope, pointId, tenantId);
    const where = and(
      scope.where(devices.tenantId),
      keyword ? or(ilike(devices.name, containsPattern(keyword)), ilike(devices.serial, containsPattern(keyword))) : undefined,
      pointId !== undefined ? eq(devices.pointId, pointId) : undefined,
      bound === true ? isNotNull(devices.pointId) : bound === false ? isNull(devices.pointId) : undefined,
      tenantId !== undefined ? eq(devices.tenantId, tenantId) : undefined,
    );
    const rows = await selectDevices(db).where(where).orderBy(asc(devices.serial))
      .limit(query.pageSize).offset((query.pageNum - 1) * query.pageSize);
    const [counted] = await db.select({ total: count() }).from(devices).where(where);
    return { list: rows.map(toDeviceItem), total: counted?.total ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
  },
});
