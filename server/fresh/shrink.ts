/**
 * The shrink report (shared/fresh/shrink.ts): the device domain's stock
 * moves summed per business month, machine and product, each cause in its
 * column, what nobody can explain valued at the product's unit cost. Every
 * move names the goods and owner it was of (migration 0099), so a channel
 * given other goods mid-month splits between the two products, and a month
 * reads the moves' time index alone.
 */
import { and, count, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { businessDay, monthInstants } from '../../shared/business-time.js';
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

/** The moves of the filter: in scope, of a product and an owner, in the month's instants (the time index). */
async function whereOf(db: Queryable, scope: Scope, filter: ShrinkFilter): Promise<SQL | undefined> {
  await checkFilterIds(db, scope, filter);
  const { start, end } = filter.month === undefined ? { start: null, end: null } : monthInstants(filter.month);
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

/**
 * The month's moves summed per machine and product on the moves alone (their time index, nothing joined yet): the
 * month a constant where the filter names one, so no row's time is formatted. Its columns are named apart (`s_`)
 * from the tables joined to it, whose own `tenant_id`, `device_id` would make them ambiguous.
 */
function sums(db: Queryable, where: SQL | undefined, filter: ShrinkFilter) {
  const month = filter.month === undefined ? MONTH : sql<string>`${filter.month}::text`;
  const keys = [m.tenantId, m.deviceId, m.productId];
  return db
    .select({
      month: sql<string>`${month}`.as('s_month'),
      tenantId: sql<number>`${m.tenantId}`.as('s_tenant_id'),
      deviceId: sql<number>`${m.deviceId}`.as('s_device_id'),
      productId: sql<number>`${m.productId}`.as('s_product_id'),
      refilled: sumWhere(sql`(${m.cause} = 'refill' or ${typedUp})`).as('s_refilled'),
      sold: sql<number>`(-${moved(['sale', 'returned'])})`.as('s_sold'),
      wasted: sql<number>`(-${moved(['waste'])})`.as('s_wasted'),
      counted: moved(['visit']).as('s_counted'),
      adjusted: sumWhere(sql`(${UNEXPLAINED} and ${m.cause} <> 'visit')`).as('s_adjusted'),
      missing: sql<number>`${MISSING}`.as('s_missing'),
    })
    .from(m)
    .where(where)
    .groupBy(...(filter.month === undefined ? [MONTH, ...keys] : keys))
    .having(filter.losses ? sql`${MISSING} <> 0` : undefined)
    .as('g');
}

/** The sums with the names and the cost, in the list's order: newest month, most value lost, most missing. */
function named(db: Queryable, g: ReturnType<typeof sums>) {
  const value = sql<number | null>`(${g.missing} * ${products.cost})`;
  return db
    .select({
      month: g.month,
      tenantId: g.tenantId,
      tenantName: tenants.name,
      deviceId: g.deviceId,
      deviceName: devices.name,
      productId: g.productId,
      productName: products.name,
      productNumber: products.number,
      refilled: g.refilled,
      sold: g.sold,
      wasted: g.wasted,
      counted: g.counted,
      adjusted: g.adjusted,
      missing: g.missing,
      cost: products.cost,
      value: value.as('s_value'),
      // Counted in the same pass (a window over the groups): the month is aggregated once, not again for the count.
      total: sql<number>`(count(*) over ())::int`.as('s_total'),
    })
    .from(g)
    .innerJoin(devices, eq(devices.id, g.deviceId))
    .innerJoin(products, eq(products.id, g.productId))
    .innerJoin(tenants, eq(tenants.id, g.tenantId))
    .orderBy(sql`${g.month} desc`, sql`${value} desc nulls last`, sql`${g.missing} desc`, g.deviceId, g.productId);
}

const toRow = ({ total: _total, ...r }: ShrinkRow & { total: number }): ShrinkRow => r;

export async function shrinkPage(db: Queryable, scope: Scope, query: PageQuery, filter: ShrinkFilter) {
  const g = sums(db, await whereOf(db, scope, filter), filter);
  const rows = await named(db, g)
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  // A page past the last has no row to carry the count: counted apart then.
  const total = rows[0]?.total ?? (query.pageNum > 1 ? ((await db.select({ n: count() }).from(g))[0]?.n ?? 0) : 0);
  return { list: rows.map(toRow), total, pageNum: query.pageNum, pageSize: query.pageSize };
}

export async function shrinkTotal(db: Queryable, scope: Scope, filter: ShrinkFilter): Promise<ShrinkTotal> {
  const g = sums(db, await whereOf(db, scope, filter), filter);
  const lost = sql`${g.missing} > 0`;
  const [total] = await db
    .select({
      missing: sql<number>`coalesce(sum(greatest(${g.missing}, 0)), 0)::int`,
      found: sql<number>`coalesce(sum(greatest(-${g.missing}, 0)), 0)::int`,
      value: sql<number>`coalesce(sum(${g.missing} * ${products.cost}) filter (where ${lost}), 0)::int`,
      unvalued: sql<number>`coalesce(sum(${g.missing}) filter (where ${lost} and ${products.cost} is null), 0)::int`,
    })
    .from(g)
    .innerJoin(products, eq(products.id, g.productId));
  return total!;
}

/** The rows of the filter in the list's order (the export), at most `limit`. */
export async function shrinkRows(db: Queryable, scope: Scope, filter: ShrinkFilter, limit: number) {
  const rows = await named(db, sums(db, await whereOf(db, scope, filter), filter)).limit(limit);
  return rows.map(toRow);
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
