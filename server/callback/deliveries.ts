/**
 * Deliveries: an event a tenant chose becomes a delivery row and a job
 * (server/jobs) in the transaction that published it — a rolled-back change
 * sends nothing. The job signs the stored body as a Standard Webhook
 * (standardwebhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`,
 * one signature per secret in its overlap), posts it through the SSRF guard,
 * and records each attempt on the row: status code, latency, the answer cut
 * short. A 2xx delivers it; anything else is retried with exponential
 * back-off and jitter (10 s, 30 s, 1.5 min… at most 6 h apart) until a day
 * after the event, then the delivery is failed. A delivered row is never sent
 * again by a stale job. Ordering: first attempts are taken in the order the
 * events happened, two at a time per tenant, and a retry comes later than
 * newer events — receivers order by the body's `timestamp` and de-duplicate
 * by `webhook-id`.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  CALLBACK_LIMITS,
  type CallbackEvent,
  type DeliveryItem,
  type DeliveryType,
} from '../../shared/callback/index.js';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import type { Db, Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { publish } from '../http/events.js';
import { paged } from '../http/paged.js';
import { backoff, enqueue, type JobKind } from '../jobs/index.js';
import { envInteger } from '../manifest.js';
import { orders } from '../order/schema.js';
import { jobs } from '../jobs/schema.js';
import { post, schemeProblem } from './guard.js';
import { callbackDeliveries, callbackSettings } from './schema.js';
import { webhookHeaders } from './settings.js';

export const DELIVER = 'callback.deliver';
const groupOf = (tenantId: number) => `callback:${tenantId}`;

/** Which callback event a live event is, if any (shared/api/events.ts topics). */
function typeOf(topic: string, data: Record<string, unknown>): CallbackEvent | null {
  if (topic === 'device') {
    const kind = data.kind as string;
    if (kind === 'recovered') return 'recovered';
    return (['fault', 'online', 'offline', 'lowStock'] as const).find((k) => k === kind) ?? null;
  }
  if (topic === 'order') {
    if (data.kind === 'created') return 'sale';
    if (data.kind === 'refund' && data.state !== 'pending') return 'refund';
  }
  if (topic === 'complaint' && data.kind === 'created') return 'complaint';
  if (topic === 'firmware') {
    if (data.kind === 'rollout' && typeof data.ended === 'string') return 'rollout';
    if (data.kind === 'update') return 'update';
  }
  if (topic === 'price' && data.kind === 'device' && (data.state === 'applied' || data.state === 'failed'))
    return 'price';
  return null;
}

/** What the body says of an event: the device's facts as they are, an order's number and amounts read once. */
async function dataOf(
  db: Queryable,
  type: CallbackEvent,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { notify: _notify, kind: _kind, ...rest } = data;
  if (type !== 'sale' && type !== 'refund') return rest;
  const [order] = await db
    .select({
      number: orders.number,
      amount: orders.amount,
      refundAmount: orders.refundAmount,
      deviceId: orders.deviceId,
      memberId: orders.memberId,
      programme: orders.externalProgramme,
      externalMemberId: orders.externalMemberId,
    })
    .from(orders)
    .where(eq(orders.id, Number(data.orderId)));
  if (!order) return rest;
  // The buyer, where the sale named one: our member's id, or another programme's member (which credits its own points).
  const { memberId, programme, externalMemberId, ...facts } = order;
  return {
    ...rest,
    ...facts,
    ...(memberId !== null ? { memberId } : {}),
    ...(programme !== null ? { externalMember: { programme, id: externalMemberId } } : {}),
  };
}

/** Queues a delivery of `body` to a tenant (within the caller's transaction). */
async function queueDelivery(
  db: Queryable,
  tenantId: number,
  type: DeliveryType,
  body: string,
  messageId = `msg_${randomUUID()}`,
) {
  const [row] = await db.insert(callbackDeliveries).values({ tenantId, messageId, type, body }).returning();
  const jobId = await enqueue(db, DELIVER, { deliveryId: row!.id }, { group: groupOf(tenantId) });
  await db.update(callbackDeliveries).set({ jobId }).where(eq(callbackDeliveries.id, row!.id));
  return { ...row!, jobId };
}

const bodyOf = (type: DeliveryType, tenantId: number, at: string, data: Record<string, unknown>) =>
  JSON.stringify({ type, timestamp: at, tenantId, data });

/** The live-event sink (server/http/events.ts): a chosen event of a tenant with an event URL becomes a delivery. */
export async function onEvent(db: Queryable, topic: string, tenantId: number | null, data: unknown): Promise<void> {
  if (tenantId === null || typeof data !== 'object' || data === null) return;
  const type = typeOf(topic, data as Record<string, unknown>);
  if (!type) return;
  const [settings] = await db
    .select({ eventUrl: callbackSettings.eventUrl, events: callbackSettings.events })
    .from(callbackSettings)
    .where(eq(callbackSettings.tenantId, tenantId));
  if (!settings?.eventUrl || !settings.events.includes(type)) return;
  const at = typeof (data as { at?: unknown }).at === 'string' ? (data as { at: string }).at : new Date().toISOString();
  await queueDelivery(
    db,
    tenantId,
    type,
    bodyOf(type, tenantId, at, await dataOf(db, type, data as Record<string, unknown>)),
  );
}

const retry = (env = process.env) =>
  backoff({
    baseMs: envInteger(env, 'CALLBACK_RETRY_BASE_MS', 1, 10_000),
    factor: 3,
    capMs: 6 * 3600_000,
    giveUpAfterMs: CALLBACK_LIMITS.retryHours * 3600_000,
  });

/** A receiver's time to answer (CALLBACK_TIMEOUT_MS: the tests shorten it). */
export const timeoutMs = (env = process.env) => envInteger(env, 'CALLBACK_TIMEOUT_MS', 100, CALLBACK_LIMITS.timeoutMs);

const cut = (text: string) => text.slice(0, CALLBACK_LIMITS.answer);

export const deliverJob: JobKind<{ deliveryId: number }> = {
  groupLimit: 2,
  retryAfter: (attempt, createdAt) => retry()(attempt, createdAt),
  async run({ deliveryId }, { db }) {
    const [d] = await db.select().from(callbackDeliveries).where(eq(callbackDeliveries.id, deliveryId));
    // Sent already (a stale job of an instance that went silent after the receiver took it), or gone.
    if (!d || d.state === 'delivered') return;
    const [s] = await db.select().from(callbackSettings).where(eq(callbackSettings.tenantId, d.tenantId));
    // Each attempt is recorded and announced (topic `callback`: the open delivery logs refresh).
    const record = async (patch: Partial<typeof callbackDeliveries.$inferInsert>) => {
      await db
        .update(callbackDeliveries)
        .set({ attempts: sql`${callbackDeliveries.attempts} + 1`, lastAttemptAt: new Date(), ...patch })
        .where(eq(callbackDeliveries.id, d.id));
      await publish(db, 'callback', d.tenantId, { kind: 'attempt', deliveryId: d.id });
    };
    const fail = async (error: string, patch: Partial<typeof callbackDeliveries.$inferInsert> = {}) => {
      await record({ error, ...patch });
      throw new Error(error);
    };
    if (!s?.eventUrl) return fail('no event URL is set');
    const problem = schemeProblem(s.eventUrl);
    if (problem) return fail(`address refused (${problem.replace('callback.validation.', '')})`);
    const headers = webhookHeaders(s, d.messageId, new Date(), d.body);
    if (!headers['webhook-signature']) return fail('no signing secret');
    let answer;
    try {
      // The addresses are checked on the socket, after its DNS lookup (guard.ts).
      answer = await post(s.eventUrl, headers, d.body, {
        timeoutMs: timeoutMs(),
        maxBytes: CALLBACK_LIMITS.answer * 4,
      });
    } catch (err) {
      return fail(cut(String((err as Error).message ?? err)), { statusCode: null, latencyMs: null, answer: null });
    }
    const patch = { statusCode: answer.status, latencyMs: answer.latencyMs, answer: cut(answer.body.toString('utf8')) };
    if (answer.status < 200 || answer.status >= 300) return fail(`HTTP ${answer.status}`, patch);
    await record({ ...patch, state: 'delivered', error: null, jobId: null });
  },
  async failed({ deliveryId }, _error, { db }) {
    const [row] = await db
      .update(callbackDeliveries)
      .set({ state: 'failed', jobId: null })
      .where(eq(callbackDeliveries.id, deliveryId))
      .returning({ tenantId: callbackDeliveries.tenantId });
    if (row) await publish(db, 'callback', row.tenantId, { kind: 'failed', deliveryId });
  },
};

const { body: _body, ...listed } = getTableColumns(callbackDeliveries);
/** The log's rows without their bodies, with the next try (the waiting job's run time). */
const selectItems = (db: Queryable) =>
  db
    .select({ ...listed, nextAt: jobs.runAt })
    .from(callbackDeliveries)
    .leftJoin(jobs, eq(jobs.id, callbackDeliveries.jobId));
type ItemRow = Omit<typeof callbackDeliveries.$inferSelect, 'body'> & { nextAt: Date | null };

const toItem = (r: ItemRow): DeliveryItem => ({
  id: r.id,
  messageId: r.messageId,
  type: r.type,
  state: r.state,
  attempts: r.attempts,
  statusCode: r.statusCode,
  latencyMs: r.latencyMs,
  answer: r.answer,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
  lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
  nextAt: r.state === 'pending' ? (r.nextAt?.toISOString() ?? null) : null,
});

export async function deliveryPage(
  db: Queryable,
  tenantId: number,
  query: PageQuery,
  filter: { state?: DeliveryItem['state'] | undefined; type?: DeliveryType | undefined },
) {
  const where: SQL[] = [eq(callbackDeliveries.tenantId, tenantId)];
  if (filter.state) where.push(eq(callbackDeliveries.state, filter.state));
  if (filter.type) where.push(eq(callbackDeliveries.type, filter.type));
  const rows = selectItems(db)
    .where(and(...where))
    .orderBy(desc(callbackDeliveries.id))
    .$dynamic();
  const count = db
    .select({ total: sql<number>`count(*)::int` })
    .from(callbackDeliveries)
    .where(and(...where));
  return paged(query, rows, count, toItem);
}

async function itemOf(db: Queryable, id: number): Promise<DeliveryItem> {
  const [row] = await selectItems(db).where(eq(callbackDeliveries.id, id));
  return toItem(row!);
}

async function eventUrlOf(db: Queryable, tenantId: number) {
  const [s] = await db
    .select({ eventUrl: callbackSettings.eventUrl })
    .from(callbackSettings)
    .where(eq(callbackSettings.tenantId, tenantId));
  if (!s?.eventUrl) throw new BizError(CODE.callbackNotSet);
}

/** A test event, queued now like any delivery. */
export async function sendTest(db: Db, tenantId: number): Promise<DeliveryItem> {
  await eventUrlOf(db, tenantId);
  const row = await db.transaction((tx) =>
    queueDelivery(
      tx,
      tenantId,
      'test',
      bodyOf('test', tenantId, new Date().toISOString(), { message: 'Vend Console test event' }),
    ),
  );
  return itemOf(db, row.id);
}

/** Sends a delivery again now (same webhook-id): its waiting job, if any, is replaced by one due now. */
export async function resend(db: Db, tenantIds: (id: number) => boolean, id: number): Promise<DeliveryItem> {
  return db.transaction(async (tx) => {
    const [d] = await tx.select().from(callbackDeliveries).where(eq(callbackDeliveries.id, id)).for('update');
    if (!d || !tenantIds(d.tenantId)) throw new BizError(CODE.deliveryNotFound);
    await eventUrlOf(tx, d.tenantId);
    if (d.jobId) await tx.delete(jobs).where(eq(jobs.id, d.jobId));
    const jobId = await enqueue(tx, DELIVER, { deliveryId: d.id }, { group: groupOf(d.tenantId) });
    await tx
      .update(callbackDeliveries)
      .set({ state: 'pending', error: null, jobId })
      .where(eq(callbackDeliveries.id, d.id));
    return itemOf(tx, d.id);
  });
}
