/**
 * The shrink report (shared/fresh/shrink.ts): the device domain's stock
 * moves summed per business month, machine and product, each cause in its
 * column, what nobody can explain valued at the product's unit cost. Every
 * move names the goods and owner it was of (migration 0099), so a channel
 * given other goods mid-month splits between the two products, and a month
 * reads the moves' time index alone.
 */
import { and, count, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { businessDay, businessInstant, nextMonth } from '../../shared/business-time.js';
import type { PageQuery } from '../../shared/api/define.js';
import {
  freshTexts,
  UNEXPLAINED_CAUSES,
  type ShrinkFilter,
  type ShrinkRow,
  type ShrinkTotal,
} from '../../shared/fresh/index.js';
import type { Lang } from '../../shared/i18n/define.js';
import { BUSINESS_ZONE } from '../db/sql.js';
import type { Queryable } from '../db/index.js';
import { devices, stockMoves as m, type StockCause } from '../device/index.js';
import { paged } from '../http/paged.js';
import { xlsxBytes, type Cell } from '../http/xlsx.js';
import { tenants } from '../identity/schema.js';
import { products } from '../product/index.js';
import type { Scope } from '../scope.js';
import { checkFilterIds } from './batches.js';

const MONTH = sql<string>`to_char(${m.at} at time zone ${BUSINESS_ZONE}, 'YYYY-MM')`;

/** Signed units of the group's moves that match. */
const sumWhere = (where: SQL) => sql<number>`coalesce(sum(${m.delta}) filter (where ${where}), 0)::int`;
const moved = (causes: readonly StockCause[]) => sumWhere(inArray(m.cause, [...causes]));
/** Stock typed by hand: higher is goods put in, lower a count by another name (shared/fresh/shrink.ts). */
const typedUp = sql`(${m.cause} = 'edit' and ${m.delta} > 0)`;
const typedDown = sql`(${m.cause} = 'edit' and ${m.delta} < 0)`;
const UNEXPLAINED = sql`(${inArray(m.cause, [...UNEXPLAINED_CAUSES])} or ${typedDown})`;
const MISSING = sql<number>`(-${sumWhere(UNEXPLAINED)})`;
const VALUE = sql<number | null>`(${MISSING} * ${products.cost})`;

/** The moves of the filter: in scope, of a product and an owner, in the month's instants (the time index). */
async function whereOf(db: Queryable, scope: Scope, filter: ShrinkFilter): Promise<SQL | undefined> {
  await checkFilterIds(db, scope, filter);
  const start = filter.month === undefined ? null : businessInstant(`${filter.month}-01 00:00`);
  const end = filter.month === undefined ? null : businessInstant(`${nextMonth(`${filter.month}-01`)} 00:00`);
  return and(
    // A channel's first stock and goods changed hands move nothing of the report's: rows of only those are noise.
    notInArray(m.cause, ['opening', 'changed']),
    sql`${m.productId} is not null`,
    sql`${m.tenantId} is not null`,
    scope.whereDevice(m.tenantId, m.deviceId),
    start ? gte(m.at, start) : undefined,
    end ? lt(m.at, end) : undefined,
    filter.deviceId !== undefined ? eq(m.deviceId, filter.deviceId) : undefined,
    filter.tenantId !== undefined ? eq(m.tenantId, filter.tenantId) : undefined,
  );
}

function groups(db: Queryable, where: SQL | undefined, filter: ShrinkFilter) {
  return db
    .select({
      month: sql<string>`${MONTH}`.as('month'),
      tenantId: sql<number>`${m.tenantId}`.as('tenant_id'),
      tenantName: tenants.name,
      deviceId: m.deviceId,
      deviceName: devices.name,
      productId: sql<number>`${m.productId}`.as('product_id'),
      productName: products.name,
      productNumber: products.number,
      refilled: sumWhere(sql`(${m.cause} = 'refill' or ${typedUp})`).as('refilled'),
      sold: sql<number>`(-${moved(['sale', 'returned'])})`.as('sold'),
      wasted: sql<number>`(-${moved(['waste'])})`.as('wasted'),
      counted: moved(['visit']).as('counted'),
      adjusted: sumWhere(sql`(${UNEXPLAINED} and ${m.cause} <> 'visit')`).as('adjusted'),
      missing: sql<number>`${MISSING}`.as('missing'),
      cost: products.cost,
      value: sql<number | null>`${VALUE}`.as('value'),
    })
    .from(m)
    .innerJoin(devices, eq(devices.id, m.deviceId))
    .innerJoin(products, eq(products.id, m.productId))
    .innerJoin(tenants, eq(tenants.id, m.tenantId))
    .where(where)
    .groupBy(MONTH, m.tenantId, tenants.name, m.deviceId, devices.name, m.productId, products.id)
    .having(filter.losses ? sql`${MISSING} <> 0` : undefined);
}

export async function shrinkPage(db: Queryable, scope: Scope, query: PageQuery, filter: ShrinkFilter) {
  const where = await whereOf(db, scope, filter);
  const rows = groups(db, where, filter).orderBy(
    sql`${MONTH} desc`,
    sql`${VALUE} desc nulls last`,
    sql`${MISSING} desc`,
    m.deviceId,
    m.productId,
  );
  const total = db.select({ total: count() }).from(groups(db, where, filter).as('groups'));
  return paged(query, rows, total, (r): ShrinkRow => r);
}

export async function shrinkTotal(db: Queryable, scope: Scope, filter: ShrinkFilter): Promise<ShrinkTotal> {
  const g = groups(db, await whereOf(db, scope, filter), filter).as('g');
  const [total] = await db
    .select({
      missing: sql<number>`coalesce(sum(greatest(${g.missing}, 0)), 0)::int`,
      found: sql<number>`coalesce(sum(greatest(-${g.missing}, 0)), 0)::int`,
      value: sql<number>`coalesce(sum(${g.value}) filter (where ${g.missing} > 0), 0)::int`,
      unvalued: sql<number>`coalesce(sum(${g.missing}) filter (where ${g.missing} > 0 and ${g.cost} is null), 0)::int`,
    })
    .from(g);
  return total!;
}

/** The rows of the filter in the list's order (the export), at most `limit`. */
export async function shrinkRows(db: Queryable, scope: Scope, filter: ShrinkFilter, limit: number) {
  const rows = await groups(db, await whereOf(db, scope, filter), filter)
    .orderBy(sql`${MONTH} desc`, sql`${VALUE} desc nulls last`, sql`${MISSING} desc`, m.deviceId, m.productId)
    .limit(limit);
  return rows as ShrinkRow[];
}

const MAX_ROWS = 10_000;

/** The shrink report of the filter as an .xlsx in the caller's language (`fresh.shrinkExport`), in the list's order. */
export async function exportShrink(db: Queryable, scope: Scope, filter: ShrinkFilter, lang: Lang) {
  const l = freshTexts[lang].shrink;
  const rows = await shrinkRows(db, scope, filter, MAX_ROWS);
  const header = [
    l.month,
    l.device,
    l.productNumber,
    l.product,
    l.refilled,
    l.sold,
    l.wasted,
    l.counted,
    l.adjusted,
    l.missing,
    l.cost,
    l.value,
  ];
  const cells: Cell[][] = rows.map((r) => [
    r.month,
    r.deviceName,
    r.productNumber,
    r.productName,
    r.refilled,
    r.sold,
    r.wasted,
    r.counted,
    r.adjusted,
    r.missing,
    r.cost === null ? l.noCost : { yuan: r.cost / 100 },
    r.value === null ? null : { yuan: r.value / 100 },
  ]);
  const bytes = await xlsxBytes(l.sheet, header, cells);
  const name = `${l.sheet}-${filter.month ?? businessDay()}.xlsx`;
  return { name, data: bytes.toString('base64'), rows: rows.length };
}

/** A device's units gone missing and their value at cost per business day between two instants (the host's sheet). */
export async function missingByDay(db: Queryable, deviceId: number, start: Date, end: Date) {
  const day = sql<string>`to_char(${m.at} at time zone ${BUSINESS_ZONE}, 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      missing: sql<number>`(-${sumWhere(UNEXPLAINED)})`,
      value: sql<number>`coalesce(-sum(${m.delta} * ${products.cost}) filter (where ${UNEXPLAINED}), 0)::int`,
    })
    .from(m)
    .innerJoin(products, eq(products.id, m.productId))
    .where(and(eq(m.deviceId, deviceId), gte(m.at, start), lt(m.at, end)))
    .groupBy(day);
}
