/**
 * Refunds through the real payment platforms (server/refund/platform.ts),
 * with the sandboxes off as in production: tenant A's payment settings name
 * WeChat Pay (API v2) and Alipay credentials, and the adapters are pointed at
 * the local doubles of the platforms (tests/server/payment/doubles), which
 * check every signature. A WeChat refund is taken, then settled by the query;
 * an Alipay refund pays out at once; a timeout is queried, never sent again;
 * a refund the platform refuses gives its reservation back; a tenant without
 * credentials keeps its refund pending, saying so; settlers racing send each
 * refund once.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { setSandboxes } from '../../../server/manifest.js';
import { openP12 } from '../../../server/payment/check.js';
import { yuanText } from '../../../server/payment/provider/alipay.js';
import { orders } from '../../../server/order/index.js';
import { askPlatforms, refundNumber, refunds } from '../../../server/refund/index.js';
import { suiteApp } from '../helpers.js';
import { p12 } from '../support/p12.js';
import { rsaKeys } from '../support/tls.js';
import { startAlipayDouble, type AlipayDouble } from '../payment/doubles/alipay.js';
import { startWechatV2Double, type WechatV2Double } from '../payment/doubles/wechatV2.js';
import { startWechatV3Double, type WechatV3Double } from '../payment/doubles/wechatV3.js';

const t = suiteApp(['tenant1', 'tenant2', 'tenant11']);
const MERCHANT = '1600000001';
const API_KEY = 'Mk2026SecretKeyForWechatPayABCDE';
const cert = p12(MERCHANT);
const app = rsaKeys();
let wechat: WechatV2Double;
let alipay: AlipayDouble;
/** Tenant A1's merchant, on API v3 (its own settings: it does not use A's). */
let wechatV3: WechatV3Double;
const V3_MERCHANT = '1600000011';
const V3_KEY = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb';
const v3Cert = p12(V3_MERCHANT);
const saved = { ...process.env };

beforeAll(async () => {
  wechat = await startWechatV2Double({
    appId: 'wx9999999999999999',
    merchantId: MERCHANT,
    apiKey: API_KEY,
    merchantCert: openP12(cert, MERCHANT).cert,
  });
  alipay = await startAlipayDouble({ appId: '2021000000000002', appPublicKey: app.publicKey });
  alipay.paid = '100000.00';
  const merchant = openP12(v3Cert, V3_MERCHANT);
  const { createPublicKey } = await import('node:crypto');
  wechatV3 = await startWechatV3Double({
    merchantId: V3_MERCHANT,
    merchantKeys: {
      [merchant.serial]: createPublicKey(merchant.key).export({ type: 'spki', format: 'pem' }) as string,
    },
    apiV3Key: V3_KEY,
  });
  const caFile = join(mkdtempSync(join(tmpdir(), 'pay-ca-')), 'ca.pem');
  writeFileSync(caFile, `${wechat.ca}\n${alipay.ca}\n${wechatV3.ca}`);
  Object.assign(process.env, {
    REFUND_SETTLE_MS: '0',
    WECHATPAY_BASE_URL: wechat.url,
    ALIPAY_GATEWAY: alipay.url,
    PAYMENT_CA_FILE: caFile,
    PAYMENT_TIMEOUT_MS: '1000',
    PAYMENT_NOTIFY_URL: 'https://console.example.com/',
  });
  await t.ok(
    'payment.save',
    {
      body: {
        wechat: {
          type: 'regular',
          merchantId: MERCHANT,
          publicAppId: 'wx8888888888888888',
          miniAppId: 'wx9999999999999999',
          merchantKey: API_KEY,
          p12: cert,
          publicSecret: 'PubSecret2026XYZW',
          miniSecret: 'MiniSecret2026QRST',
        },
        alipay: {
          lifeAppId: '2021000000000001',
          miniAppId: '2021000000000002',
          privateKey: app.privateKey,
          publicKey: alipay.alipayKeys.publicKey,
        },
      },
    },
    t.token.tenant1,
  );
  await t.ok(
    'payment.save',
    {
      body: {
        tenantId: t.ids.tenant('A1'),
        wechat: {
          type: 'regular',
          merchantId: V3_MERCHANT,
          publicAppId: 'wx8888888888888811',
          miniAppId: 'wx9999999999999911',
          merchantKey: V3_KEY,
          p12: v3Cert,
          publicSecret: 'PubSecret2026XYZW',
          miniSecret: 'MiniSecret2026QRST',
          apiVersion: 'v3',
          platformKeyId: wechatV3.platformSerial,
          platformKey: wechatV3.platformKeys.publicKey,
        },
      },
    },
    t.token.tenant1,
  );
  setSandboxes(false);
});
afterAll(async () => {
  setSandboxes(true);
  process.env = saved;
  await Promise.all([wechat.close(), alipay.close(), wechatV3.close()]);
});

const used = new Set<number>();
/** A paid, unrefunded sale of `tenant` itself paid on `platform`, not used by another test. */
async function paidOrder(platform: 'wechat' | 'alipay', tenant: 'A' | 'A1' | 'B' = 'A') {
  const rows = await t.db
    .select({ id: orders.id, received: orders.receivedAmount })
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, t.ids.tenant(tenant)),
        eq(orders.platform, platform),
        eq(orders.paymentState, 'success'),
        eq(orders.refundState, 'none'),
        eq(orders.kind, 'sale'),
        sql`${orders.receivedAmount} > 100`,
        sql`${orders.paidAt} > now() - interval '20 days'`,
      ),
    )
    .orderBy(orders.id)
    .limit(50);
  const row = rows.find((r) => !used.has(r.id))!;
  used.add(row.id);
  return row;
}
const ask = async (orderId: number, amount: number, token = t.token.tenant1) =>
  (await t.ok('refund.create', { params: { id: orderId }, body: { reason: '商品未出货', amount } }, token)).id;
const row = async (id: number) => (await t.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
/** The refund due now again (the wait before its next query passed). */
const due = (id: number) =>
  t.db
    .update(refunds)
    .set({ settleAt: sql`now()` })
    .where(eq(refunds.id, id));

describe('refunds through the platforms', () => {
  it('a WeChat refund is sent once, taken, and settled by the query when the platform has paid out', async () => {
    const o = await paidOrder('wechat');
    const id = await ask(o.id, 100);
    await askPlatforms(t.db);
    expect(await row(id)).toMatchObject({
      state: 'pending',
      platformState: 'sent',
      provider: 'wechat-v2',
      attempts: 1,
    });
    expect(wechat.asked.get(refundNumber(id))).toBe(1);
    expect((await row(id)).settleAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // Asked again before the platform has paid out: queried, still pending.
    await due(id);
    await askPlatforms(t.db);
    expect(await row(id)).toMatchObject({ state: 'pending', attempts: 2 });
    wechat.settle(refundNumber(id), 'SUCCESS');
    await due(id);
    await askPlatforms(t.db);
    expect(await row(id)).toMatchObject({ state: 'success', platformRefundId: expect.any(String) });
    expect(await orderRow(o.id)).toMatchObject({ refundAmount: 100, refundState: 'partial' });
    expect(wechat.asked.get(refundNumber(id))).toBe(1);
  });

  it("a second-level tenant's own API v3 merchant refunds, and its v3 notification settles the refund", async () => {
    const o = await paidOrder('wechat', 'A1');
    const id = await ask(o.id, 100, t.token.tenant11);
    // One WeChat Pay address serves API v2 and v3: the v3 double stands at it for this test.
    process.env.WECHATPAY_BASE_URL = wechatV3.url;
    try {
      await askPlatforms(t.db);
    } finally {
      process.env.WECHATPAY_BASE_URL = wechat.url;
    }
    expect(await row(id)).toMatchObject({ state: 'pending', platformState: 'sent', provider: 'wechat-v3' });
    expect(wechatV3.asked.get(refundNumber(id))).toBe(1);
    expect(wechat.asked.get(refundNumber(id))).toBeUndefined();
    wechatV3.settle(refundNumber(id), 'SUCCESS');
    const notice = wechatV3.notice(refundNumber(id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/notify/refund/wechat-v3/${t.ids.tenant('A1')}`,
      payload: notice.body,
      headers: { ...notice.headers, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(204);
    expect(await row(id)).toMatchObject({ state: 'success' });
  });

  it('an Alipay refund pays out at once', async () => {
    const o = await paidOrder('alipay');
    const id = await ask(o.id, o.received);
    await askPlatforms(t.db);
    expect(await row(id)).toMatchObject({ state: 'success', provider: 'alipay' });
    expect(alipay.refunds.get(refundNumber(id))).toMatchObject({ refund_amount: yuanText(o.received) });
    expect(await orderRow(o.id)).toMatchObject({ refundState: 'full' });
  });

  it('a refund whose answer timed out is queried, never sent again, and settles', async () => {
    const o = await paidOrder('wechat');
    const id = await ask(o.id, 100);
    wechat.next = { hold: 1_500 };
    await askPlatforms(t.db);
    expect(await row(id)).toMatchObject({ state: 'pending', platformState: 'sent', platformCode: 'TIMEOUT' });
    await new Promise((r) => setTimeout(r, 700));
    wechat.settle(refundNumber(id), 'SUCCESS');
    await due(id);
    await askPlatforms(t.db);
    expect(await row(id)).toMatchObject({ state: 'success' });
    expect(wechat.asked.get(refundNumber(id))).toBe(1);
  });

  it("a refund the platform refuses is failed, and the order's reservation goes back", async () => {
    const o = await paidOrder('wechat');
    const id = await ask(o.id, 100);
    wechat.next = { errCode: 'NOTENOUGH' };
    await askPlatforms(t.db);
    expect(await row(id)).toMatchObject({ state: 'failed', platformCode: 'NOTENOUGH' });
    expect(await orderRow(o.id)).toMatchObject({ refundAmount: 0, refundState: 'failed' });
  });

  it('a tenant without payment settings keeps its refund pending, saying no platform answers it', async () => {
    const o = await paidOrder('wechat', 'B');
    const id = await ask(o.id, 100, t.token.tenant2);
    await askPlatforms(t.db);
    expect(await row(id)).toMatchObject({ state: 'pending', platformState: null, platformCode: 'NO_PROVIDER' });
    // The order's refunds say why it waits.
    const [listed] = await t.ok('refund.list', { params: { id: o.id } }, t.token.tenant2);
    expect(listed).toMatchObject({ id, state: 'pending', platformCode: 'NO_PROVIDER' });
  });

  it('four settlers at once send each refund once', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await ask((await paidOrder('wechat')).id, 100));
    await Promise.all([1, 2, 3, 4].map(() => askPlatforms(t.db)));
    for (const id of ids) {
      expect(wechat.asked.get(refundNumber(id))).toBe(1);
      expect(await row(id)).toMatchObject({ platformState: 'sent', attempts: 1 });
    }
  });
});

describe('credentials stored but unusable', () => {
  it("a tenant whose stored p12 no longer opens keeps that refund waiting, saying so, and the others' go on", async () => {
    await t.ok(
      'payment.save',
      {
        body: {
          wechat: {
            type: 'regular',
            merchantId: '1600000002',
            publicAppId: 'wx8888888888888822',
            miniAppId: 'wx9999999999999922',
            merchantKey: API_KEY,
            p12: p12('1600000002'),
            publicSecret: 'PubSecret2026XYZW',
            miniSecret: 'MiniSecret2026QRST',
          },
        },
      },
      t.token.tenant2,
    );
    // Its sealed p12 altered at rest: it no longer unseals.
    await t.db.execute(
      sql`update payment_secrets set data = 'AAAA' where tenant_id = ${t.ids.tenant('B')} and field = 'p12'`,
    );
    const broken = await ask((await paidOrder('wechat', 'B')).id, 100, t.token.tenant2);
    const fine = await ask((await paidOrder('wechat')).id, 100);
    await askPlatforms(t.db);
    expect(await row(broken)).toMatchObject({ state: 'pending', platformState: null, platformCode: 'CREDENTIALS' });
    expect(await row(fine)).toMatchObject({ platformState: 'sent' });
  });
});

describe('refund notifications', () => {
  const post = (path: string, body: string, type: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': type, ...headers } });

  it('a WeChat notification settles the refund before the query; repeated, it changes nothing and is acknowledged', async () => {
    const o = await paidOrder('wechat');
    const id = await ask(o.id, 100);
    await askPlatforms(t.db);
    const path = `/notify/refund/wechat-v2/${t.ids.tenant('A')}`;
    // The refund named where the platform is to tell of its end.
    expect(wechat.refunds.get(refundNumber(id))).toMatchObject({ notify_url: `https://console.example.com${path}` });
    wechat.settle(refundNumber(id), 'SUCCESS');
    for (let i = 0; i < 2; i++) {
      const res = await post(path, wechat.notice(refundNumber(id)), 'text/xml');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<return_code><![CDATA[SUCCESS]]></return_code>');
      expect(await row(id)).toMatchObject({ state: 'success' });
      expect(await orderRow(o.id)).toMatchObject({ refundAmount: 100, refundState: 'partial' });
    }
  });

  it('a notification encrypted under another key, for a tenant without settings, or of an unknown kind is refused', async () => {
    const o = await paidOrder('wechat');
    const id = await ask(o.id, 100);
    await askPlatforms(t.db);
    wechat.settle(refundNumber(id), 'SUCCESS');
    const forged = await post(
      `/notify/refund/wechat-v2/${t.ids.tenant('A')}`,
      wechat.notice(refundNumber(id), { key: 'z'.repeat(32) }),
      'text/xml',
    );
    expect(forged.body).toContain('<return_code><![CDATA[FAIL]]></return_code>');
    const elsewhere = await post(
      `/notify/refund/wechat-v2/${t.ids.tenant('B')}`,
      wechat.notice(refundNumber(id)),
      'text/xml',
    );
    expect(elsewhere.body).toContain('FAIL');
    expect((await post(`/notify/refund/paypal/${t.ids.tenant('A')}`, '{}', 'application/json')).statusCode).toBe(404);
    expect((await post('/notify/refund/wechat-v2/99999999999', '<xml/>', 'text/xml')).body).toContain('FAIL');
    expect(await row(id)).toMatchObject({ state: 'pending' });
  });

  it("Alipay's notification, in its form fields, settles the refund it names", async () => {
    const o = await paidOrder('alipay');
    const id = await ask(o.id, 100);
    // Alipay took it (its answer lost): its notification comes before the console asked again.
    alipay.refunds.set(refundNumber(id), {
      out_trade_no: '',
      out_request_no: refundNumber(id),
      refund_amount: '1.00',
      trade_no: '2026120322001499999999',
    });
    const res = await post(
      `/notify/refund/alipay/${t.ids.tenant('A')}`,
      alipay.notice(refundNumber(id)),
      'application/x-www-form-urlencoded',
    );
    expect(res.body).toBe('success');
    expect(await row(id)).toMatchObject({ state: 'success', platformRefundId: '2026120322001499999999' });
  });
});
