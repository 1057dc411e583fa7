/** Reading points as the API shows them (`pointItem`) and finding one within the caller's scope. */
import { and, eq, sql } from 'drizzle-orm';
import type { PointItem } from '../../shared/point/index.js';
import { CODE } from '../../shared/domains.js';
import type { Queryable } from '../db/index.js';
import { devices } from '../device/schema.js';
import type { DevicePoint } from '../device/index.js';
import { points } from './schema.js';
import { BizError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { tenants } from '../identity/schema.js';
import { pointStaff } from './ports.js';

/** Built per statement: the store staff come from the staff domain, known once the domains are assembled. */
const pointColumns = () => ({
  id: points.id,
  name: points.name,
  area: points.area,
  areaCode: points.areaCode,
  address: points.address,
  deviceCount: sql<number>`(select count(*) from ${devices} where ${devices.pointId} = ${points.id})`.mapWith(Number),
  // Its store staff, as the staff domain (which builds on points) tells it.
  staff: pointStaff.use()(points.id),
  tenantId: points.tenantId,
  tenantName: tenants.name,
  createdAt: points.createdAt,
});

/** `select … from points join tenants`; add where/order/limit. */
export const selectPoints = (db: Queryable) =>
  db.select(pointColumns()).from(points).innerJoin(tenants, eq(tenants.id, points.tenantId));

type PointRow = Awaited<ReturnType<typeof selectPoints>>[number];

export const toPointItem = (row: PointRow): PointItem => ({ ...row, createdAt: row.createdAt.toISOString() });

/** The point as an item, or 1410 when it does not exist or lies outside the scope (the same answer). */
export async function pointItemInScope(db: Queryable, scope: Scope, id: number): Promise<PointItem> {
  const [row] = await selectPoints(db).where(and(eq(points.id, id), scope.where(points.tenantId)));
  if (!row) throw new BizError(CODE.pointNotFound);
  return toPointItem(row);
}

/**
 * Locks the point row for the rest of the transaction (binding, unbinding and
 * deleting the same point then happen one after another), or refuses with 1410.
 */
export async function lockPointInScope(
  tx: Queryable,
  scope: Scope,
  id: number,
): Promise<{ id: number; tenantId: number }> {
  const [row] = await tx
    .select({ id: points.id, tenantId: points.tenantId })
    .from(points)
    .where(and(eq(points.id, id), scope.where(points.tenantId)))
    .for('update');
  if (!row) throw new BizError(CODE.pointNotFound);
  return row;
}

/** A device's point as the device domain's lists show it (its `devicePoint` port). */
export const devicePoint: DevicePoint = {
  columns: (pointId) => ({
    name: sql<string | null>`(select ${points.name} from ${points} where ${points.id} = ${pointId})`,
    address: sql<string | null>`(select ${points.address} from ${points} where ${points.id} = ${pointId})`,
    areaCode: sql<string | null>`(select ${points.areaCode} from ${points} where ${points.id} = ${pointId})`,
  }),
  async check(db, scope, pointId) {
    const [point] = await db
      .select({ id: points.id })
      .from(points)
      .where(and(eq(points.id, pointId), scope.where(points.tenantId)));
    if (!point) throw new BizError(CODE.pointNotFound);
  },
};
