/**
 * The platforms' notifications of a member's top-up: `POST /notify/top-up/{adapter}/{tenantId}` (the address a
 * top-up's QR payment names when `PAYMENT_NOTIFY_URL` is set), verified by the adapter of the tenant that
 * collects it (server/payment `paymentNoticeRoute`). A top-up of that tenant still pending and paid for its
 * amount is credited as the query would have credited it (topups.ts `recordTopUp`), once.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { paymentNoticeRoute, providerFor } from '../payment/index.js';
import { walletTopUps as u } from './schema.js';
import { recordTopUp, TOP_UP_NOTIFY_PATH } from './topups.js';

const tenantOf = (params: Record<string, string>) => {
  const id = Number(params.tenantId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export function topUpNotifyRoutes(app: FastifyInstance, db: Db): void {
  paymentNoticeRoute(app, {
    path: `${TOP_UP_NOTIFY_PATH}/:adapter/:tenantId`,
    provider: async (platform, params) => {
      const tenantId = tenantOf(params);
      return tenantId === null ? null : providerFor(db, tenantId, platform);
    },
    async record(notice, adapter, params) {
      const [topUp] = await db
        .select({ id: u.id, provider: u.provider, tenantId: u.tenantId, expiresAt: u.expiresAt })
        .from(u)
        .where(eq(u.number, notice.number));
      // Only a payment this tenant's adapter made: another's number (or none of ours) is acknowledged and left.
      if (topUp && topUp.provider === adapter && topUp.tenantId === tenantOf(params))
        await recordTopUp(db, topUp.id, notice, topUp.expiresAt.getTime() <= Date.now());
    },
  });
}
