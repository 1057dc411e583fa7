/**
 * The sandbox's daily bills: what a platform would list for a tenant's day,
 * written from the console's own payments and refunds of that day (China
 * time) in the platform's format (formats.ts), with the fee a platform
 * charges (0.6 %). The demo hands it an `alter` to give its days the
 * differences a real day has: a sale the console never recorded, one it
 * recorded that the platform never took, an amount that differs.
 */
import { and, eq, gt, gte, inArray, isNull, lt } from 'drizzle-orm';
import { businessDateTime } from '../../shared/business-time.js';
import type { Queryable } from '../db/index.js';
import type { BillFile } from '../payment/index.js';
import { orders } from '../order/index.js';
import { refundNumber, refunds } from '../refund/index.js';
import { giveBackRefundNumber, walletGiveBackRefunds, walletTopUps } from '../wallet/index.js';
import { alipayBillZip, wechatBillText, type SourceRow } from './formats.js';
import { dayBounds } from './match.js';

/** The merchant the sandbox's bills are of: a bill naming another is refused as another merchant's. */
export const SANDBOX_MERCHANT = { wechat: '1900000001', alipay: '2088000000000001' } as const;
const SANDBOX_APP = 'wx0000000000000001';

/** The rows of a day the demo changes before the file is written. */
export type Alter = (rows: SourceRow[]) => SourceRow[];

/** What a platform charges on a payment (0.6 %, rounded to the fen), and gives back on a refund. */
const feeOf = (amount: number) => Math.round((amount * 6) / 1000);

export async function sandboxBill(
  db: Queryable,
  at: { platform: 'wechat' | 'alipay'; day: string; tenantIds: readonly number[] },
  alter: Alter = (rows) => rows,
): Promise<BillFile | null> {
  const { from, to } = dayBounds(at.day);
  const paid = await db
    .select({
      id: orders.id,
      number: orders.number,
      third: orders.thirdPartyNumber,
      amount: orders.receivedAmount,
      at: orders.paidAt,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.tenantId, [...at.tenantIds]),
        eq(orders.platform, at.platform),
        eq(orders.paymentState, 'success'),
        gt(orders.receivedAmount, 0),
        gte(orders.paidAt, from),
        lt(orders.paidAt, to),
      ),
    );
  const back = await db
    .select({
      id: refunds.id,
      amount: refunds.amount,
      at: refunds.settledAt,
      platformRefundId: refunds.platformRefundId,
      orderNumber: orders.number,
      third: orders.thirdPartyNumber,
      orderId: orders.id,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        inArray(refunds.tenantId, [...at.tenantIds]),
        eq(refunds.state, 'success'),
        eq(orders.platform, at.platform),
        gte(refunds.settledAt, from),
        lt(refunds.settledAt, to),
      ),
    );
  // The members' top-ups the sandbox paid, and the give-backs it refunded to them (server/wallet).
  const topUps = await db
    .select({ id: walletTopUps.id, number: walletTopUps.number, amount: walletTopUps.amount, at: walletTopUps.paidAt })
    .from(walletTopUps)
    .where(
      and(
        inArray(walletTopUps.tenantId, [...at.tenantIds]),
        eq(walletTopUps.platform, at.platform),
        eq(walletTopUps.state, 'paid'),
        isNull(walletTopUps.provider),
        gte(walletTopUps.paidAt, from),
        lt(walletTopUps.paidAt, to),
      ),
    );
  const givenBack = await db
    .select({
      id: walletGiveBackRefunds.id,
      amount: walletGiveBackRefunds.amount,
      at: walletGiveBackRefunds.settledAt,
      topUpId: walletTopUps.id,
      topUpNumber: walletTopUps.number,
    })
    .from(walletGiveBackRefunds)
    .innerJoin(walletTopUps, eq(walletTopUps.id, walletGiveBackRefunds.topUpId))
    .where(
      and(
        inArray(walletGiveBackRefunds.tenantId, [...at.tenantIds]),
        eq(walletGiveBackRefunds.state, 'paid'),
        isNull(walletGiveBackRefunds.provider),
        eq(walletTopUps.platform, at.platform),
        gte(walletGiveBackRefunds.settledAt, from),
        lt(walletGiveBackRefunds.settledAt, to),
      ),
    );
  const platformNumber = (id: number, third: string | null) => third ?? `4200${String(id).padStart(24, '0')}`;
  const topUpPlatformNumber = (id: number) => `4210${String(id).padStart(24, '0')}`;
  const rows = alter([
    ...paid.map((o): SourceRow => ({
      subject: 'payment',
      at: businessDateTime(o.at!),
      orderNumber: o.number,
      platformNumber: platformNumber(o.id, o.third),
      amount: o.amount,
      fee: feeOf(o.amount),
    })),
    ...back.map((r): SourceRow => ({
      subject: 'refund',
      at: businessDateTime(r.at!),
      orderNumber: r.orderNumber,
      platformNumber: platformNumber(r.orderId, r.third),
      refundNumber: refundNumber(r.id),
      platformRefundId: r.platformRefundId ?? `5030${String(r.id).padStart(24, '0')}`,
      amount: r.amount,
      fee: feeOf(r.amount),
    })),
    ...topUps.map((w): SourceRow => ({
      subject: 'payment',
      at: businessDateTime(w.at!),
      orderNumber: w.number,
      platformNumber: topUpPlatformNumber(w.id),
      amount: w.amount,
      fee: feeOf(w.amount),
    })),
    ...givenBack.map((g): SourceRow => ({
      subject: 'refund',
      at: businessDateTime(g.at!),
      orderNumber: g.topUpNumber,
      platformNumber: topUpPlatformNumber(g.topUpId),
      refundNumber: giveBackRefundNumber(g.id),
      platformRefundId: `5031${String(g.id).padStart(24, '0')}`,
      amount: g.amount,
      fee: feeOf(g.amount),
    })),
  ]);
  if (rows.length === 0) return null;
  const compact = at.day.replaceAll('-', '');
  return at.platform === 'wechat'
    ? {
        name: `${SANDBOX_MERCHANT.wechat}_${compact}_ALL.csv`,
        bytes: Buffer.from(wechatBillText(SANDBOX_MERCHANT.wechat, SANDBOX_APP, rows), 'utf8'),
        merchantId: SANDBOX_MERCHANT.wechat,
      }
    : {
        name: `${SANDBOX_MERCHANT.alipay}_${compact}.csv.zip`,
        bytes: await alipayBillZip(SANDBOX_MERCHANT.alipay, at.day, rows),
        merchantId: SANDBOX_MERCHANT.alipay,
      };
}
