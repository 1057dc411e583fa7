/**
 * A demo spend from the stored value at a machine, and its refund: 王芳 (who topped up ¥50 and got ¥3 on top,
 * server/wallet/demo.ts) paid for a drink at 虹桥站饮料机 1 号 from her wallet, the bonus first; the drink
 * stuck in the machine, so tenant A refunded it, and the refund settled back into her wallet in the parts it
 * came from. Through the machine's own sale and the console's own refund, so the order, its receipt, the
 * wallet's moves and the books are what a real day writes.
 */
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import type { DemoData } from '../manifest.js';
import { deviceChannels } from '../device/schema.js';
import { orders, recordSale } from '../order/index.js';
import { platformScope } from '../scope.js';
import { requestRefund } from './refunds.js';
import { refunds } from './schema.js';
import { settleWalletRefunds } from './settle.js';

const SERIAL = 'VM2026000101';

export const refundDemo: DemoData = {
  after: ['order', 'wallet', 'device', 'member', 'activity'],
  async load({ tx, ids }) {
    // The demo loads in one transaction: a savepoint stands for each of the sale's and the refund's own.
    const db = tx as unknown as Db;
    const tenantId = ids.get('tenant', 'A');
    const deviceId = ids.get('device', SERIAL);
    const [channel] = await tx
      .select({ number: deviceChannels.number })
      .from(deviceChannels)
      .where(
        and(
          eq(deviceChannels.deviceId, deviceId),
          gt(deviceChannels.stock, 0),
          eq(deviceChannels.enabled, true),
          isNotNull(deviceChannels.productId),
        ),
      )
      .orderBy(asc(deviceChannels.number))
      .limit(1);
    if (!channel) return;
    const sale = await recordSale(
      db,
      { id: deviceId, tenantId, serial: SERIAL },
      {
        saleId: 'seed-wallet-1',
        platform: 'wallet',
        paymentType: 'scan',
        items: [{ channel: channel.number, count: 1 }],
        memberId: ids.get('member', 'A3'),
      },
    );
    const [order] = await tx
      .select({ id: orders.id, paid: orders.receivedAmount })
      .from(orders)
      .where(eq(orders.number, sale.orderNumber));
    await requestRefund(db, {
      scope: platformScope,
      orderId: order!.id,
      input: { reason: '饮料卡在出货口，未取到', amount: order!.paid },
      requestedBy: '华东智售科技有限公司',
    });
    await tx
      .update(refunds)
      .set({ settleAt: sql`now()` })
      .where(eq(refunds.orderId, order!.id));
    await settleWalletRefunds(db);
  },
};
