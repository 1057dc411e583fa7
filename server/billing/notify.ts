/**
 * The payment platforms' notifications of a renewal's payment: `POST /notify/pay/{adapter}` (the address a QR
 * payment names when `PAYMENT_NOTIFY_URL` is set), verified by the payee's adapter (server/payment
 * `paymentNoticeRoute`). A renewal still pending and paid for its amount then settles as the query would have
 * settled it, under its lock; a repeat, or one the query settled first, changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { paymentNoticeRoute } from '../payment/index.js';
import { PAY_NOTIFY_PATH, payeeProvider, recordAnswer } from './platform.js';
import { renewals } from './schema.js';

export function payNotifyRoutes(app: FastifyInstance, db: Db): void {
  paymentNoticeRoute(app, {
    path: `${PAY_NOTIFY_PATH}/:adapter`,
    provider: (platform) => payeeProvider(db, platform),
    async record(notice, adapter) {
      const [renewal] = await db
        .select({ id: renewals.id, provider: renewals.provider, expiresAt: renewals.expiresAt })
        .from(renewals)
        .where(eq(renewals.number, notice.number));
      // Only a payment this adapter made: another's number (or none of ours) is acknowledged and left.
      if (renewal && renewal.provider === adapter)
        await recordAnswer(db, renewal.id, notice, renewal.expiresAt.getTime() <= Date.now());
    },
  });
}
