/**
 * The payment platforms' refund notifications: `POST /notify/refund/{adapter}/{tenantId}` (the address a refund
 * names when `PAYMENT_NOTIFY_URL` is set), outside the API table because each platform posts and expects its own
 * format. The adapter of the tenant's settings verifies it (and for WeChat's, decrypts it); a refund still
 * pending then settles as the query would have settled it, under its lock. A repeated notification, or one of a
 * refund the query settled first, finds it settled and changes nothing: the platform is told it was received
 * either way, so it stops repeating. A notification that does not verify is refused in the platform's form, and
 * the platform tries again later.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { ProviderError, refundProvider, type PaymentProvider } from '../payment/index.js';
import { NOTIFY_PATH, refundIdOf, settleAtPlatform } from './platform.js';
import { refunds } from './schema.js';

const ADAPTERS = ['wechat-v2', 'wechat-v3', 'alipay'] as const;
type Adapter = (typeof ADAPTERS)[number];

/** Each platform's answer, as its documents ask for it. */
function answer(reply: FastifyReply, adapter: Adapter, ok: boolean, message = 'OK') {
  if (adapter === 'wechat-v3') return ok ? reply.code(204).send() : reply.code(400).send({ code: 'FAIL', message });
  if (adapter === 'wechat-v2')
    return reply
      .code(200)
      .type('text/xml')
      .send(
        `<xml><return_code><![CDATA[${ok ? 'SUCCESS' : 'FAIL'}]]></return_code><return_msg><![CDATA[${message}]]></return_msg></xml>`,
      );
  return reply
    .code(200)
    .type('text/plain')
    .send(ok ? 'success' : 'fail');
}

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
      const adapter = ADAPTERS.find((a) => a === request.params.adapter);
      const tenantId = Number(request.params.tenantId);
      if (!adapter) return reply.code(404).send();
      if (!Number.isSafeInteger(tenantId) || tenantId <= 0 || tenantId > 2_147_483_647)
        return answer(reply, adapter, false, 'unknown tenant');
      const platform = adapter === 'alipay' ? 'alipay' : 'wechat';
      // Credentials stored but unusable (a secret that no longer unseals) are no merchant here either.
      const provider = await refundProvider(db, tenantId, platform).catch(() => null);
      if (!provider || provider.name !== adapter) return answer(reply, adapter, false, 'no such merchant here');
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
        return answer(reply, adapter, false, e.fault);
      }
      return answer(reply, adapter, true);
    },
  );
}
