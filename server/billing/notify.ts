/**
 * The payment platforms' notifications of a renewal's payment: `POST /notify/pay/{adapter}` (the address a QR
 * payment names when `PAYMENT_NOTIFY_URL` is set), outside the API table because each platform posts and expects
 * its own format. The payee's adapter verifies it (and for WeChat's API v3, decrypts it); a renewal still pending
 * and paid for its amount then settles as the query would have settled it, under its lock. A repeat, or one the
 * query settled first, changes nothing and is acknowledged, so that the platform stops repeating; one that does not
 * verify is refused in the platform's form, and the platform tries again later.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { answerNotice, noticeAdapter, platformOfAdapter, ProviderError } from '../payment/index.js';
import { PAY_NOTIFY_PATH, payeeProvider, recordAnswer } from './platform.js';
import { renewals } from './schema.js';

export function payNotifyRoutes(app: FastifyInstance, db: Db): void {
  app.post<{ Params: { adapter: string }; Body: string }>(
    `${PAY_NOTIFY_PATH}/:adapter`,
    { schema: { hide: true }, bodyLimit: 64 * 1024 },
    async (request, reply) => {
      const adapter = noticeAdapter(request.params.adapter);
      if (!adapter) return reply.code(404).send();
      const provider = await payeeProvider(db, platformOfAdapter(adapter));
      if (!provider || provider.name !== adapter) return answerNotice(reply, adapter, false, 'no such merchant here');
      try {
        const notice = provider.readPaymentNotice(
          request.headers,
          typeof request.body === 'string' ? request.body : '',
        );
        const [renewal] = await db
          .select({ id: renewals.id, provider: renewals.provider, expiresAt: renewals.expiresAt })
          .from(renewals)
          .where(eq(renewals.number, notice.number));
        // Only a payment this adapter made: another's number (or none of ours) is acknowledged and left.
        if (renewal && renewal.provider === adapter)
          await recordAnswer(db, renewal.id, notice, renewal.expiresAt.getTime() <= Date.now());
      } catch (e) {
        if (!(e instanceof ProviderError)) throw e;
        request.log.warn({ adapter, fault: e.fault }, 'payment notification refused');
        return answerNotice(reply, adapter, false, e.fault);
      }
      return answerNotice(reply, adapter, true);
    },
  );
}
