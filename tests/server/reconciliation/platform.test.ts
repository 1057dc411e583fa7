/**
 * The day's bills downloaded from the real platforms (server/reconciliation/days.ts through the payment adapters),
 * with the sandboxes off as in production: tenant B's payment settings name WeChat Pay (API v2), pointed at the
 * local double, which answers the day's trade bill as the platform does. Queued, the day is downloaded through
 * the adapter, kept and matched: the order the bill lists matches, a sale only the bill has is a difference, and
 * a day the platform has no bill for is "no bill".
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { addDays, businessDateTime, businessDay } from '../../../shared/business-time.js';
import { setSandboxes } from '../../../server/manifest.js';
import { orders } from '../../../server/order/index.js';
import { openP12 } from '../../../server/payment/check.js';
import { queueDay } from '../../../server/reconciliation/days.js';
import { wechatBillText } from '../../../server/reconciliation/formats.js';
import { reconDays, reconDifferences } from '../../../server/reconciliation/index.js';
import { suiteApp } from '../helpers.js';
import { p12 } from '../support/p12.js';
import { startWechatV2Double, type WechatV2Double } from '../payment/doubles/wechatV2.js';

const t = suiteApp(['tenant2']);
const MERCHANT = '1600000003';
const API_KEY = 'Mk2026SecretKeyForWechatPayKLMNO';
const cert = p12(MERCHANT);
let wechat: WechatV2Double;
const saved = { ...process.env };

beforeAll(async () => {
  wechat = await startWechatV2Double({
    appId: 'wx5555555555555555',
    merchantId: MERCHANT,
    apiKey: API_KEY,
    merchantCert: openP12(cert, MERCHANT).cert,
  });
  const caFile = join(mkdtempSync(join(tmpdir(), 'pay-ca-')), 'ca.pem');
  writeFileSync(caFile, wechat.ca);
  Object.assign(process.env, { WECHATPAY_BASE_URL: wechat.url, PAYMENT_CA_FILE: caFile, PAYMENT_TIMEOUT_MS: '1000' });
  await t.ok(
    'payment.save',
    {
      body: {
        wechat: {
          type: 'regular',
          merchantId: MERCHANT,
          publicAppId: 'wx5555555555555555',
          miniAppId: 'wx5555555555555556',
          merchantKey: API_KEY,
          p12: cert,
          publicSecret: 'PubSecret2026XYZW',
          miniSecret: 'MiniSecret2026QRST',
        },
      },
    },
    t.token.tenant2,
  );
  setSandboxes(false);
});
afterAll(async () => {
  setSandboxes(true);
  process.env = saved;
  await wechat.close();
});

describe('the morning fetch from the platforms', () => {
  it("downloads tenant B's WeChat bill through its adapter, keeps it and matches it; a day without a bill is no bill", async () => {
    const [paid] = await t.db
      .select({ number: orders.number, amount: orders.receivedAmount, at: orders.paidAt })
      .from(orders)
      .where(
        and(
          eq(orders.tenantId, t.ids.tenant('B')),
          eq(orders.platform, 'wechat'),
          eq(orders.paymentState, 'success'),
          sql`${orders.receivedAmount} > 0`,
          sql`${orders.paidAt} < now() - interval '1 day'`,
        ),
      )
      .orderBy(desc(orders.paidAt))
      .limit(1);
    const day = businessDay(paid!.at!);
    wechat.bills.set(
      day,
      Buffer.from(
        wechatBillText(MERCHANT, 'wx5555555555555555', [
          {
            subject: 'payment',
            at: businessDateTime(paid!.at!),
            orderNumber: paid!.number,
            platformNumber: 'P1',
            amount: paid!.amount,
            fee: 1,
          },
          {
            subject: 'payment',
            at: `${day} 06:00:00`,
            orderNumber: `${day}OFFLINE1`,
            platformNumber: 'P2',
            amount: 250,
            fee: 2,
          },
        ]),
      ),
    );
    const empty = addDays(day, -40);
    expect(await queueDay(t.db, day)).toBeGreaterThanOrEqual(1);
    await queueDay(t.db, empty);
    await t.runJobs();
    const [got] = await t.db
      .select()
      .from(reconDays)
      .where(and(eq(reconDays.tenantId, t.ids.tenant('B')), eq(reconDays.day, day), eq(reconDays.platform, 'wechat')));
    expect(got).toMatchObject({
      source: 'wechat-v2',
      state: 'differences',
      payments: 2,
      fileName: `${MERCHANT}_${day.replaceAll('-', '')}_ALL.csv`,
    });
    expect(got!.matched).toBe(1);
    const onlyThere = await t.db
      .select({ number: reconDifferences.number })
      .from(reconDifferences)
      .where(and(eq(reconDifferences.dayId, got!.id), eq(reconDifferences.kind, 'platformOnly')));
    expect(onlyThere).toEqual([{ number: `${day}OFFLINE1` }]);
    const [none] = await t.db
      .select()
      .from(reconDays)
      .where(and(eq(reconDays.tenantId, t.ids.tenant('B')), eq(reconDays.day, empty)));
    expect(none).toMatchObject({ state: 'noBill', source: 'wechat-v2' });
  });
});
