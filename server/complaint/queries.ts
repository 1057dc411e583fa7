/** Reading complaints as the console shows them, in the caller's scope. */
import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { ComplaintDetail, ComplaintItem } from '../../shared/complaint/index.js';
import { formatYuan, maskContact } from '../../shared/format.js';
import type { PageQuery } from '../../shared/api/define.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { devices } from '../device/index.js';
import { orderItems, orders } from '../order/index.js';
import { refundLines, refunds } from '../refund/index.js';
import { tenantFilter } from '../tenant/index.js';
import { complaintProgress, complaints } from './schema.js';
import { tenants } from '../identity/schema.js';

const columns = {
  id: complaints.id,
  number: complaints.number,
  orderId: complaints.orderId,
  orderNumber: orders.number,
  amount: orders.receivedAmount,
  type: complaints.type,
  status: complaints.status,
  contact: complaints.contact,
  description: complaints.description,
  deviceName: devices.name,
  tenantId: complaints.tenantId,
  tenantName: tenants.name,
  createdAt: complaints.createdAt,
  updatedAt: complaints.updatedAt,
};

const select = (db: Queryable) =>
  db
    .select(columns)
    .from(complaints)
    .innerJoin(orders, eq(orders.id, complaints.orderId))
    .innerJoin(devices, eq(devices.id, complaints.deviceId))
    .innerJoin(tenants, eq(tenants.id, complaints.tenantId));

type Row = Awaited<ReturnType<typeof select>>[number];
const toItem = (r: Row): ComplaintItem => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export interface ComplaintFilter {
  status?: ComplaintItem['status'] | undefined;
  type?: ComplaintItem['type'] | undefined;
  number?: string | undefined;
  tenantId?: number | undefined;
}

export async function complaintPage(db: Queryable, scope: Scope, query: PageQuery, f: ComplaintFilter) {
  const byTenant = await tenantFilter(db, scope, complaints.tenantId, f.tenantId);
  const prefix = f.number ? `${f.number.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where: SQL | undefined = and(
    scope.whereDevice(complaints.tenantId, complaints.deviceId),
    f.status ? eq(complaints.status, f.status) : undefined,
    f.type ? eq(complaints.type, f.type) : undefined,
    prefix ? or(ilike(complaints.number, prefix), ilike(orders.number, prefix)) : undefined,
    byTenant,
  );
  const rows = await select(db)
    .where(where)
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const [counted] = await db
    .select({ total: count() })
    .from(complaints)
    .innerJoin(orders, eq(orders.id, complaints.orderId))
    .where(where);
  // A list masks the customer's contact (shared/format.ts maskContact); the complaint's detail, where it is answered, shows it whole.
  return {
    list: rows.map((r) => toItem({ ...r, contact: maskContact(r.contact) })),
    total: counted?.total ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** A complaint with its log, or 960 when it does not exist or lies outside the scope (the same answer). */
export async function complaintDetail(db: Queryable, scope: Scope, id: number): Promise<ComplaintDetail> {
  const [row] = await select(db).where(
    and(eq(complaints.id, id), scope.whereDevice(complaints.tenantId, complaints.deviceId)),
  );
  if (!row) throw new BizError(CODE.complaintNotFound);
  const progress = await db
    .select()
    .from(complaintProgress)
    .where(eq(complaintProgress.complaintId, id))
    .orderBy(asc(complaintProgress.createdAt), asc(complaintProgress.id));
  // The order's refunds of failed vends belong to the story too, whenever they happened: read from the refunds, by the platform (negative ids: not log lines).
  const automatic = await db
    .select({
      id: refunds.id,
      amount: refunds.amount,
      at: refunds.createdAt,
      by: refunds.requestedBy,
      names: sql<string>`coalesce(string_agg(${orderItems.name}, '、'), '')`,
    })
    .from(refunds)
    .leftJoin(refundLines, eq(refundLines.refundId, refunds.id))
    .leftJoin(orderItems, eq(orderItems.id, refundLines.orderItemId))
    .where(and(eq(refunds.orderId, row.orderId), isNotNull(refunds.failure)))
    .groupBy(refunds.id);
  // Made by the upstream itself (the platform), or approved on the review list by a merchant's user.
  const entries = [
    ...progress.map((p) => ({
      id: p.id,
      role: p.role,
      action: p.action,
      actor: p.actor,
      content: p.content,
      at: p.createdAt.toISOString(),
    })),
    ...automatic.map((r) => ({
      id: -r.id,
      role: r.by ? ('merchants' as const) : ('platform' as const),
      action: 'autoRefunded' as const,
      actor: r.by,
      content: `${formatYuan(r.amount)} · ${r.names}`,
      at: r.at.toISOString(),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return { ...toItem(row), progress: entries };
}
