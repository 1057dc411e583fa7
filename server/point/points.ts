/**
 * Points (spec §2 pointMent, §5): the list, one point with its devices,
 * create, edit and delete. Every lookup goes through the caller's scope, so
 * another tenant's point answers exactly like a missing one (1410).
 */
import { and, asc, count, desc, eq, ilike, like, sql } from 'drizzle-orm';
import type { PageQuery } from '../../shared/api/define.js';
import type { PointForm } from '../../shared/point/index.js';
import { CODE } from '../../shared/domains.js';
import { prefixOf } from '../../shared/regions.js';
import { devices } from '../device/schema.js';
import { selectDevices, toDeviceItem } from '../device/index.js';
import { owningTenant } from '../tenant/index.js';
import type { Queryable } from '../db/index.js';
import { containsPattern, FOREIGN_KEY_VIOLATION, pgErrorCode } from '../db/sql.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import { pagedPrepared } from '../http/paged.js';
import { builtOnce } from '../db/prepared.js';
import type { Scope } from '../scope.js';
import { lockPointInScope, pointItemInScope, selectPoints, toPointItem } from './queries.js';
import { areaOf } from './regions.js';
import { points } from './schema.js';

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

/**
 * A page of points. Its two statements are built once per shape — the scope (all tenants or a list) and
 * which filters are set, their values placeholders — and prepared: a list asked for again and again costs
 * binding and running, not putting the SQL together each time (server/db/prepared.ts `builtOnce`).
 */
export function pointPage(
  db: Queryable,
  scope: Scope,
  query: PageQuery,
  filter: { name?: string | undefined; areaCode?: string | undefined },
) {
  const name = filter.name ? containsPattern(filter.name) : undefined;
  // Any level: the district codes inside a province or city share its prefix (shared/point/regions.ts).
  const area = filter.areaCode ? `${prefixOf(filter.areaCode)}%` : undefined;
  const shape = `${scope.placed.shape}${name ? '_name' : ''}${area ? '_area' : ''}`;
  const { rows, total } = builtOnce(db, `point.page ${shape}`, () => {
    const where = and(
      scope.wherePlaced(points.tenantId),
      name ? ilike(points.name, sql.placeholder('name')) : undefined,
      area ? like(points.areaCode, sql.placeholder('area')) : undefined,
    );
    return {
      rows: selectPoints(db)
        .where(where)
        .orderBy(desc(points.createdAt), desc(points.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`point_page_${shape}`),
      total: db.select({ total: count() }).from(points).where(where).prepare(`point_count_${shape}`),
    };
  });
  return pagedPrepared(query, rows, total, { ...scope.placed.values, name, area }, toPointItem);
}

/** One point with the devices bound to it that the caller may see. */
export async function pointInfo(db: Queryable, scope: Scope, id: number) {
  const item = await pointItemInScope(db, scope, id);
  const bound = await selectDevices(db)
    .where(and(eq(devices.pointId, item.id), scope.device(devices.id)))
    .orderBy(asc(devices.serial));
  return { ...item, devices: bound.map(toDeviceItem) };
}

export async function createPoint(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  body: PointForm & { tenantId?: number | undefined },
) {
  const { tenantId: requested, ...form } = body;
  const tenantId = await owningTenant(db, user, scope, requested);
  const [created] = await db
    .insert(points)
    .values({ ...withArea(form), tenantId })
    .returning({ id: points.id });
  return pointItemInScope(db, scope, created!.id);
}

export async function updatePoint(db: Queryable, scope: Scope, id: number, form: PointForm) {
  const [updated] = await db
    .update(points)
    .set({ ...withArea(form), updatedAt: new Date() })
    .where(and(eq(points.id, id), scope.where(points.tenantId)))
    .returning({ id: points.id });
  if (!updated) throw new BizError(CODE.pointNotFound);
  return pointItemInScope(db, scope, updated.id);
}

/** Refused with 1411 while devices are bound to it. */
export async function deletePoint(db: Queryable, scope: Scope, id: number) {
  try {
    await db.transaction(async (tx) => {
      const point = await lockPointInScope(tx, scope, id);
      const [bound] = await tx.select({ n: count() }).from(devices).where(eq(devices.pointId, point.id));
      if (bound && bound.n > 0) throw new BizError(CODE.pointHasDevices);
      await tx.delete(points).where(eq(points.id, point.id));
    });
  } catch (err) {
    // A device bound in between is caught by the database's key: same answer.
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw new BizError(CODE.pointHasDevices);
    throw err;
  }
}
