/**
 * Complaints through their states (spec §4 pending → in progress →
 * completed). Each step locks the complaint's row, so a reply and a close
 * racing each other take turns and nothing is written to a completed one
 * (961). A refund from a complaint and its log line commit together.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CODE, type ApiInput } from '../../shared/domains.js';
import type { ComplaintEvent, ComplaintState } from '../../shared/complaint/index.js';
import { formatYuan } from '../../shared/format.js';
import type { Db, Tx } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { publish } from '../http/events.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { devices } from '../device/index.js';
import { orders } from '../order/index.js';
import { requestRefund } from '../refund/index.js';
import { complaintProgress, complaints } from './schema.js';
import { complaintDetail } from './queries.js';

/**
 * The system admin answers as the platform, named by its role alone (the
 * platform's staff are not the tenant's to know); a tenant and its members
 * as the merchant, by name.
 */
const roleOf = (user: AuthUser) => (user.kind === 'admin' ? ('platform' as const) : ('merchants' as const));
const actorOf = (user: AuthUser) => (user.kind === 'admin' ? '' : user.name);

async function announce(tx: Tx, complaintId: number, kind: ComplaintEvent['kind'], actor?: number) {
  const [row] = await tx
    .select({
      number: complaints.number,
      tenantId: complaints.tenantId,
      deviceName: devices.name,
      notifications: devices.notifications,
    })
    .from(complaints)
    .innerJoin(devices, eq(devices.id, complaints.deviceId))
    .where(eq(complaints.id, complaintId));
  const event: ComplaintEvent = {
    kind,
    complaintId,
    number: row!.number,
    deviceName: row!.deviceName,
    notify: kind === 'created' && row!.notifications.complaint,
  };
  await publish(tx, 'complaint', row!.tenantId, event, actor);
}

/** The complaint locked for a step, or 960 / 961. */
async function lockOpen(tx: Tx, scope: Scope, id: number) {
  const [row] = await tx
    .select({ id: complaints.id, orderId: complaints.orderId, number: complaints.number, status: complaints.status })
    .from(complaints)
    .where(and(eq(complaints.id, id), scope.whereDevice(complaints.tenantId, complaints.deviceId)))
    .for('update');
  if (!row) throw new BizError(CODE.complaintNotFound);
  if (row.status === 'completed') throw new BizError(CODE.complaintCompleted);
  return row;
}

async function step(
  tx: Tx,
  id: number,
  user: AuthUser,
  action: 'replied' | 'refunded' | 'closed',
  content: string,
  status: ComplaintState,
) {
  await tx
    .insert(complaintProgress)
    .values({ complaintId: id, role: roleOf(user), action, actor: actorOf(user), content });
  await tx
    .update(complaints)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(complaints.id, id));
  await announce(tx, id, 'updated', user.id);
}

/** A complaint filed at the machine that sold the order (the device-facing API), its first log line and live event. */
export function submitComplaint(db: Db, device: { id: number }, body: ApiInput<'complaint.submit'>['body']) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, tenantId: orders.tenantId })
      .from(orders)
      .where(and(eq(orders.number, body.orderNumber), eq(orders.deviceId, device.id)));
    if (!order) throw new BizError(CODE.orderNotFound);
    const [made] = await tx
      .insert(complaints)
      .values({
        tenantId: order.tenantId,
        orderId: order.id,
        deviceId: device.id,
        type: body.type,
        contact: body.contact,
        description: body.description,
      })
      .returning({ id: complaints.id, number: complaints.number });
    await tx.insert(complaintProgress).values({
      complaintId: made!.id,
      role: 'users',
      action: 'submitted',
      actor: body.contact,
      content: body.description,
    });
    await announce(tx, made!.id, 'created');
    return { number: made!.number };
  });
}

/** A reply: pending → in progress. */
export async function replyToComplaint(db: Db, scope: Scope, user: AuthUser, id: number, content: string) {
  await db.transaction(async (tx) => {
    const c = await lockOpen(tx, scope, id);
    await step(tx, c.id, user, 'replied', content, 'inProgress');
  });
  return complaintDetail(db, scope, id);
}

/** A refund through the refund path, its log line in the same transaction. */
export function refundComplaint(
  db: Db,
  scope: Scope,
  user: AuthUser,
  id: number,
  body: ApiInput<'complaint.refund'>['body'],
) {
  return db.transaction(async (tx) => {
    const c = await lockOpen(tx, scope, id);
    const refund = await requestRefund(tx, {
      scope,
      orderId: c.orderId,
      input: body,
      requestedBy: user.kind === 'admin' ? c.number : `${user.name}（${c.number}）`,
      actor: user.id,
    });
    await step(tx, c.id, user, 'refunded', `${formatYuan(refund.amount)} · ${body.reason}`, 'inProgress');
    return refund;
  });
}

/** Closed: completed, and no step after (961). */
export async function closeComplaint(db: Db, scope: Scope, user: AuthUser, id: number, content: string) {
  await db.transaction(async (tx) => {
    const c = await lockOpen(tx, scope, id);
    await step(tx, c.id, user, 'closed', content, 'completed');
  });
  return complaintDetail(db, scope, id);
}
