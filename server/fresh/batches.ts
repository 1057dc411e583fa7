/**
 * The batches screen's list (shared/fresh/api.ts `fresh.batches`): open
 * batches of the devices in scope, nearest expiry first — unknown expiry
 * first of all, since nobody knows how old those are.
 */
import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { addDays, businessDay } from '../../shared/business-time.js';
import {
  batchDaysLeft,
  batchState,
  FRESH_LIMITS,
  freshTexts,
  markdownPercent,
  type BatchFilter,
  type BatchItem,
} from '../../shared/fresh/index.js';
import type { PageQuery } from '../../shared/api/define.js';
import { users } from '../account/index.js';
import type { Queryable } from '../db/index.js';
import { searchPattern } from '../db/pinyin.js';
import { devicePoint, devices } from '../device/index.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import { xlsxBytes, type Cell } from '../http/xlsx.js';
import type { Lang } from '../../shared/i18n/define.js';
import { formatTime } from '../../shared/format.js';
import { tenants } from '../identity/schema.js';
import { products } from '../product/index.js';
import type { Scope } from '../scope.js';
import { tenantInScope } from '../tenant/index.js';
import { freshBatches as b } from './schema.js';
import { laddersOf } from './markdowns.js';

/** The filter's state as a condition on the expiry, on `today`. */
function stateWhere(state: BatchFilter['state'], today: string): SQL | undefined {
  const soon = addDays(today, FRESH_LIMITS.soonDays);
  switch (state) {
    case undefined:
      return undefined;
    case 'undated':
      return isNull(b.expiresOn);
    case 'expired':
      return sql`${b.expiresOn} < ${today}`;
    case 'today':
      return sql`${b.expiresOn} = ${today}`;
    case 'soon':
      return sql`${b.expiresOn} > ${today} and ${b.expiresOn} <= ${soon}`;
    case 'fresh':
      return sql`${b.expiresOn} > ${soon}`;
  }
}

/** A fresh food list's filter ids checked against the caller's scope: 1401 for a tenant, 1201 for a device out of it. */
export async function checkFilterIds(db: Queryable, scope: Scope, filter: { tenantId?: number; deviceId?: number }) {
  if (filter.tenantId !== undefined) await tenantInScope(db, scope, filter.tenantId);
  if (filter.deviceId !== undefined) {
    const [seen] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.id, filter.deviceId), scope.whereDevice(devices.tenantId, devices.id)));
    if (!seen) throw new BizError(CODE.deviceNotFound);
  }
}

/** The filter's ids checked, and its rows and count as queries. */
async function batchQueries(db: Queryable, scope: Scope, filter: BatchFilter, today: string) {
  await checkFilterIds(db, scope, filter);
  const pattern = filter.keyword ? searchPattern(filter.keyword) : undefined;
  const where = and(
    isNull(b.closedAt),
    scope.whereDevice(devices.tenantId, devices.id),
    filter.deviceId !== undefined ? eq(b.deviceId, filter.deviceId) : undefined,
    filter.tenantId !== undefined ? eq(b.tenantId, filter.tenantId) : undefined,
    stateWhere(filter.state, today),
    pattern ? or(ilike(products.search, pattern), ilike(products.number, pattern), ilike(b.lot, pattern)) : undefined,
  );
  const rows = db
    .select({
      id: b.id,
      tenantId: b.tenantId,
      tenantName: tenants.name,
      deviceId: b.deviceId,
      deviceName: devices.name,
      pointName: devicePoint.use().columns(devices.pointId).name,
      channel: b.channel,
      productId: b.productId,
      productName: products.name,
      lot: b.lot,
      expiresOn: b.expiresOn,
      quantity: b.quantity,
      remaining: b.remaining,
      refilledAt: b.refilledAt,
      refilledBy: users.name,
    })
    .from(b)
    .innerJoin(devices, eq(devices.id, b.deviceId))
    .innerJoin(products, eq(products.id, b.productId))
    .innerJoin(tenants, eq(tenants.id, b.tenantId))
    .leftJoin(users, eq(users.id, b.refilledBy))
    .where(where)
    .orderBy(sql`${b.expiresOn} asc nulls first`, asc(devices.name), asc(b.channel), asc(b.id));
  const total = db
    .select({ total: count() })
    .from(b)
    .innerJoin(devices, eq(devices.id, b.deviceId))
    .innerJoin(products, eq(products.id, b.productId))
    .where(where);
  type Row = Awaited<typeof rows>[number];
  /** The rows as items, each with the markdown its tenant's ladder gives it now (the ladders read once per tenant). */
  const toItems = async (found: Row[]): Promise<BatchItem[]> => {
    const now = new Date();
    const ladders = new Map<number, Awaited<ReturnType<typeof laddersOf>>>();
    for (const tenantId of new Set(found.map((r) => r.tenantId)))
      ladders.set(
        tenantId,
        await laddersOf(db, tenantId, [
          ...new Set(found.filter((r) => r.tenantId === tenantId).map((r) => r.productId)),
        ]),
      );
    return found.map((r) => ({
      ...r,
      state: batchState(r.expiresOn, today),
      daysLeft: batchDaysLeft(r.expiresOn, today),
      markdown: markdownPercent(ladders.get(r.tenantId)?.get(r.productId) ?? [], r.expiresOn, now),
      refilledAt: r.refilledAt.toISOString(),
    }));
  };
  return { rows, total, toItems };
}

export async function batchPage(db: Queryable, scope: Scope, query: PageQuery, filter: BatchFilter) {
  const { rows, total, toItems } = await batchQueries(db, scope, filter, businessDay());
  const page = await paged(query, rows, total, (r) => r);
  return { ...page, list: await toItems(page.list) };
}

const MAX_ROWS = 10_000;

/** The batches of the filter as an .xlsx in the caller's language (`fresh.export`), in the list's order. */
export async function exportBatches(db: Queryable, scope: Scope, filter: BatchFilter, lang: Lang) {
  const l = freshTexts[lang];
  const { rows, toItems } = await batchQueries(db, scope, filter, businessDay());
  const items = await toItems(await rows.limit(MAX_ROWS));
  const header = [
    l.batches.device,
    l.batches.point,
    l.batches.channel,
    l.batches.product,
    l.batches.lot,
    l.batches.expiresOn,
    l.batches.state,
    l.batches.daysLeft,
    l.batches.markdown,
    l.batches.remainingUnits,
    l.batches.quantity,
    l.batches.refilledAt,
    l.batches.refilledBy,
  ];
  const cells: Cell[][] = items.map((i) => [
    i.deviceName,
    i.pointName,
    i.channel,
    i.productName,
    i.lot,
    i.expiresOn,
    l.batches.states[i.state],
    i.daysLeft,
    i.markdown ? `-${i.markdown}%` : null,
    i.remaining,
    i.quantity,
    formatTime(i.refilledAt),
    i.refilledBy ?? l.batches.byMachine,
  ]);
  const bytes = await xlsxBytes(l.batches.sheet, header, cells);
  return { name: `${l.batches.sheet}-${businessDay()}.xlsx`, data: bytes.toString('base64'), rows: items.length };
}
