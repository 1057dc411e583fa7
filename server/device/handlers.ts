/** Devices: the list the point screens need (bind dialog, point detail). */
import { and, asc, count, eq, ilike, isNotNull, isNull, or } from 'drizzle-orm';
import { devices } from './schema.js';
import { containsPattern } from '../db/sql.js';
import { defineHandlers } from '../http/handlers.js';
import { selectDevices, toDeviceItem } from './queries.js';

export const deviceHandlers = defineHandlers({
  'device.page': async ({ query, body }, { db, scope }) => {
    const { keyword, pointId, bound, tenantId } = body;
    const where = and(
      scope.where(devices.tenantId),
      keyword ? or(ilike(devices.name, containsPattern(keyword)), ilike(devices.serial, containsPattern(keyword))) : undefined,
      pointId !== undefined ? eq(devices.pointId, pointId) : undefined,
      bound === true ? isNotNull(devices.pointId) : bound === false ? isNull(devices.pointId) : undefined,
      // A tenant outside the scope simply matches nothing.
      tenantId !== undefined ? eq(devices.tenantId, tenantId) : undefined,
    );
    const rows = await selectDevices(db).where(where).orderBy(asc(devices.serial))
      .limit(query.pageSize).offset((query.pageNum - 1) * query.pageSize);
    const [counted] = await db.select({ total: count() }).from(devices).where(where);
    return { list: rows.map(toDeviceItem), total: counted?.total ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
  },
});
