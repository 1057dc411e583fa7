/**
 * The payment platforms' refund notifications: `POST /notify/refund/{adapter}/{tenantId}` (the address a refund
 * names when `PAYMENT_NOTIFY_URL` is set), outside the API table because each platform posts and expects its own
 * format. The adapter of the tenant's settings verifies it (and for WeChat's, decrypts it); a refund still
 * pending then settles as the query would have settled it, under its lock. A repeated notification, or one of a
 * refund the query settled first, finds it settled and changes nothing: the platform is told it was received
 * either way, so it stops repeating. A notification that does not verify is refused in the platform's form, and
 * the platform tries again later.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import {
  answerNotice,
  noticeAdapter,
  platformOfAdapter,
  ProviderError,
  providerFor,
  type PaymentProvider,
} from '../payment/index.js';
import { NOTIFY_PATH, refundIdOf, settleAtPlatform } from './platform.js';
import { refunds } from './schema.js';

/** Settles the refund a verified notification tells of, if it is the tenant's and still pending. */
async function settleNoticed(
  db: Db,
  tenantId: number,
  provider: PaymentProvider,
  headers: Record<string, string | string[] | undefined>,
  body: string,
) {
  const notice = provider.readRefundNotice(headers, body);
  const id = refundIdOf(notice.refundNumber);
  if (id === null || notice.state === 'processing') return;
  const outcome = notice.state;
  await db.transaction(async (tx) => {
    const [refund] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, id), eq(refunds.tenantId, tenantId)))
      .for('update');
    if (!refund || refund.state !== 'pending') return;
    await settleAtPlatform(tx, refund, outcome, notice);
  });
}

export function refundNotifyRoutes(app: FastifyInstance, db: Db): void {
  app.post<{ Params: { adapter: string; tenantId: string }; Body: string }>(
    `${NOTIFY_PATH}/:adapter/:tenantId`,
    { schema: { hide: true }, bodyLimit: 64 * 1024 },
    async (request, reply) => {
      const adapter = noticeAdapter(request.params.adapter);
      const tenantId = Number(request.params.tenantId);
      if (!adapter) return reply.code(404).send();
      if (!Number.isSafeInteger(tenantId) || tenantId <= 0 || tenantId > 2_147_483_647)
        return answerNotice(reply, adapter, false, 'unknown tenant');
      // Credentials stored but unusable (a secret that no longer unseals) are no merchant here either.
      const provider = await providerFor(db, tenantId, platformOfAdapter(adapter)).catch(() => null);
      if (!provider || provider.name !== adapter) return answerNotice(reply, adapter, false, 'no such merchant here');
      try {
        await settleNoticed(
          db,
          tenantId,
          provider,
          request.headers,
          typeof request.body === 'string' ? request.body : '',
        );
      } catch (e) {
        if (!(e instanceof ProviderError)) throw e;
        request.log.warn({ adapter, tenantId, fault: e.fault }, 'refund notification refused');
        return answerNotice(reply, adapter, false, e.fault);
      }
      return answerNotice(reply, adapter, true);
    },
  );
}
