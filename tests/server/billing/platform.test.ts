/**
 * Renewals paid at the real payment platforms (server/billing/platform.ts,
 * notify.ts), with the sandboxes off as in production: the admin names tenant
 * B as the payee, whose payment settings hold WeChat Pay (API v2) and Alipay
 * credentials, and the adapters are pointed at the local doubles of the
 * platforms, which check every signature. Ordering asks the platform for a
 * QR payment; the notification or the query confirms it, once; an unpaid one
 * is closed at the platform and expires; a refusal fails it with its code;
 * without a payee nothing can be ordered (984); settlers racing move a
 * device's service once. API v3 is the payee's when its settings say so.
 */
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { renewals } from '../../../server/billing/index.js';
import { askPlatforms } from '../../../server/billing/platform.js';
import { devices } from '../../../server/device/index.js';
import { setSandboxes } from '../../../server/manifest.js';
import { openP12 } from '../../../server/payment/check.js';
import { suiteApp } from '../helpers.js';
import { p12 } from '../support/p12.js';
import { rsaKeys } from '../support/tls.js';
import { startAlipayDouble, type AlipayDouble } from '../payment/doubles/alipay.js';
import { startWechatV2Double, type WechatV2Double } from '../payment/doubles/wechatV2.js';
import { startWechatV3Double, type WechatV3Double } from '../payment/doubles/wechatV3.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const MERCHANT = '1600000002';
const API_KEY = 'Mk2026SecretKeyForWechatPayFGHIJ';
const cert = p12(MERCHANT);
const app = rsaKeys();
const V3_MERCHANT = '1600000012';
const V3_KEY = 'b8def2ZJB1kG2e7VfTs3jQzaWizur8Gc';
const v3Cert = p12(V3_MERCHANT);
let wechat: WechatV2Double;
let alipay: AlipayDouble;
let wechatV3: WechatV3Double;
const saved = { ...process.env };

beforeAll(async () => {
  wechat = await startWechatV2Double({
    appId: 'wx7777777777777777',
    merchantId: MERCHANT,
    apiKey: API_KEY,
    merchantCert: openP12(cert, MERCHANT).cert,
  });
  alipay = await startAlipayDouble({ appId: '2021000000000022', appPublicKey: app.publicKey });
  const merchant = openP12(v3Cert, V3_MERCHANT);
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
          publicAppId: 'wx7777777777777777',
          miniAppId: 'wx6666666666666612',
          merchantKey: API_KEY,
          p12: cert,
          publicSecret: 'PubSecret2026XYZW',
          miniSecret: 'MiniSecret2026QRST',
        },
        alipay: {
          lifeAppId: '2021000000000021',
          miniAppId: '2021000000000022',
          privateKey: app.privateKey,
          publicKey: alipay.alipayKeys.publicKey,
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
  await Promise.all([wechat.close(), alipay.close(), wechatV3.close()]);
});

const renew = (serials: string[], platform: 'wechat' | 'alipay' = 'wechat') =>
  t.call(
    'billing.renew',
    { body: { deviceIds: serials.map((s) => t.ids.device(s)), months: 12, platform, agreed: true } },
    t.token.tenant1,
  );
const renewal = async (id: number) => (await t.db.select().from(renewals).where(eq(renewals.id, id)))[0]!;
const expiryOf = async (serial: string) =>
  (
    await t.db
      .select({ e: devices.serviceExpiry })
      .from(devices)
      .where(eq(devices.id, t.ids.device(serial)))
  )[0]!.e;
/** Brings the renewal's next look (and, told so, its end) to now, as time passing would. */
const due = (id: number, expired = false) =>
  t.db
    .update(renewals)
    .set({ settleAt: sql`now()`, ...(expired ? { expiresAt: sql`now() - interval '1 second'` } : {}) })
    .where(eq(renewals.id, id));
const post = (path: string, body: string, type: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': type, ...headers } });

describe('billing.setPayee', () => {
  it('without one, nothing can be ordered where the sandboxes are off (984); the admin names it, a tenant cannot', async () => {
    expect((await renew(['VM2026000101'])).body.code).toBe(CODE.paymentNotOpen);
    expect(await t.code('billing.setPayee', { body: { tenantId: 99_999_999 } }, t.token.admin)).toBe(
      CODE.tenantNotFound,
    );
    expect(await t.code('billing.setPayee', { body: { tenantId: t.ids.tenant('B') } }, t.token.tenant1)).toBe(403);
    const fee = await t.ok('billing.setPayee', { body: { tenantId: t.ids.tenant('B') } }, t.token.admin);
    expect(fee).toMatchObject({ payee: { tenantId: t.ids.tenant('B') }, simulated: false });
    expect((await t.ok('billing.fee', {}, t.token.tenant1)).payee?.tenantId).toBe(t.ids.tenant('B'));
  });
});

describe('renewals at the platforms', () => {
  beforeAll(async () => {
    await t.ok('billing.setPayee', { body: { tenantId: t.ids.tenant('B') } }, t.token.admin);
  });

  it("WeChat (API v2): a QR code of the payee's merchant; its notification pays it once, a repeat changes nothing", async () => {
    const before = await expiryOf('VM2026000101');
    const made = (await renew(['VM2026000101'])).body.content;
    expect(made).toMatchObject({ state: 'pending', simulated: false, payUrl: expect.stringMatching(/^weixin:\/\//) });
    expect(wechat.payments.get(made.number)!.asked).toMatchObject({
      mch_id: MERCHANT,
      total_fee: String(made.amount),
      notify_url: 'https://console.example.com/notify/pay/wechat-v2',
    });
    // Asked before the payer pays: still pending.
    await due(made.id);
    await askPlatforms(t.db);
    expect((await renewal(made.id)).state).toBe('pending');

    wechat.pay(made.number);
    const notice = wechat.paymentNotice(made.number);
    for (let i = 0; i < 2; i++) {
      const res = await post('/notify/pay/wechat-v2', notice, 'text/xml');
      expect(res.body).toContain('SUCCESS');
    }
    expect(await renewal(made.id)).toMatchObject({ state: 'paid', platformNumber: expect.any(String) });
    const after = await expiryOf('VM2026000101');
    expect(after!.getTime()).toBeGreaterThan((before ?? new Date()).getTime());
    // The query after finds it settled and moves nothing again.
    await due(made.id);
    await askPlatforms(t.db);
    expect(await expiryOf('VM2026000101')).toEqual(after);
  });

  it('Alipay: scanned and paid, the query confirms it without any notification', async () => {
    const made = (await renew(['VM2026000102'], 'alipay')).body.content;
    expect(made.payUrl).toMatch(/^https:\/\/qr\.alipay\.com\//);
    alipay.pay(made.number);
    await due(made.id);
    expect(await askPlatforms(t.db)).toBeGreaterThanOrEqual(1);
    expect((await renewal(made.id)).state).toBe('paid');
  });

  it('unpaid at its end, it is closed at the platform first, then expires; a payment a moment before stays paid', async () => {
    const unpaid = (await renew(['VM2026000104'])).body.content;
    const lastMinute = (await renew(['VM2026000105'])).body.content;
    wechat.pay(lastMinute.number);
    await due(unpaid.id, true);
    await due(lastMinute.id, true);
    await askPlatforms(t.db);
    expect(wechat.payments.get(unpaid.number)!.trade_state).toBe('CLOSED');
    expect((await renewal(unpaid.id)).state).toBe('expired');
    expect((await renewal(lastMinute.id)).state).toBe('paid');
  });

  it("the platform's refusal fails the renewal with its code; a forged notification is refused and pays nothing", async () => {
    wechat.next = { errCode: 'NOAUTH' };
    const refused = (await renew(['VM2026000106'])).body.content;
    expect(refused).toMatchObject({ state: 'failed', platformCode: 'NOAUTH', payUrl: '' });

    const made = (await renew(['VM2026000106'])).body.content;
    wechat.pay(made.number);
    const forged = wechat.paymentNotice(made.number, { key: 'f'.repeat(32) });
    expect((await post('/notify/pay/wechat-v2', forged, 'text/xml')).body).toContain('FAIL');
    expect((await renewal(made.id)).state).toBe('pending');
    expect((await post('/notify/pay/paypal', '{}', 'application/json')).statusCode).toBe(404);
  });

  it('settlers racing ask and settle each paid renewal once: its devices move by one plan', async () => {
    const made = (await renew(['VM2026000107'])).body.content;
    const before = await expiryOf('VM2026000107');
    wechat.pay(made.number);
    await due(made.id);
    await Promise.all([askPlatforms(t.db), askPlatforms(t.db), askPlatforms(t.db)]);
    expect((await renewal(made.id)).state).toBe('paid');
    // Settled twice, the service would have moved by two plans.
    const days =
      ((await expiryOf('VM2026000107'))!.getTime() - Math.max(before?.getTime() ?? 0, Date.now())) / 86_400_000;
    expect(days).toBeGreaterThan(360);
    expect(days).toBeLessThan(370);
  });

  it("API v3 when the payee's settings say so: the QR code, then the signed and encrypted notification pays it", async () => {
    await t.ok(
      'payment.save',
      {
        body: {
          wechat: {
            type: 'regular',
            merchantId: V3_MERCHANT,
            publicAppId: 'wx7777777777777712',
            miniAppId: 'wx6666666666666612',
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
      t.token.tenant2,
    );
    process.env.WECHATPAY_BASE_URL = wechatV3.url;
    try {
      const made = (await renew(['VM2026000108'])).body.content;
      expect(made.payUrl).toMatch(/^weixin:\/\//);
      wechatV3.pay(made.number);
      const { headers, body } = wechatV3.paymentNotice(made.number);
      const res = await post('/notify/pay/wechat-v3', body, 'application/json', headers);
      expect(res.statusCode).toBe(204);
      expect((await renewal(made.id)).state).toBe('paid');
    } finally {
      process.env.WECHATPAY_BASE_URL = wechat.url;
    }
  });
});
