/**
 * The WeChat Pay API v3 adapter (server/payment/provider/wechatV3.ts) against
 * the local double of the platform (doubles/wechatV3.ts), which checks every
 * request's signature as the platform does and signs its answers with a
 * platform key made here: a refund taken and its end by query and by
 * notification, the same refund asked twice, a wrong merchant key, an answer
 * signed by another key, an expired platform certificate, a timeout (queried,
 * never sent again) and a platform error code.
 */
import { createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WechatV3Provider, type WechatV3Credentials } from '../../../server/payment/provider/wechatV3.js';
import type { PaymentAsk, RefundAsk } from '../../../server/payment/provider/types.js';
import { certificate, rsaKeys } from '../support/tls.js';
import { startWechatV3Double, type WechatV3Double } from './doubles/wechatV3.js';

const MERCHANT = '1900009191';
const SERIAL = '3775B6A45ACD588826D15E583A95F5DD00000001';
const API_V3_KEY = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb';
const merchant = rsaKeys();
let double: WechatV3Double;
let creds: WechatV3Credentials;

beforeAll(async () => {
  double = await startWechatV3Double({
    merchantId: MERCHANT,
    merchantKeys: { [SERIAL]: merchant.publicKey },
    apiV3Key: API_V3_KEY,
  });
  creds = {
    appId: 'wxd678efh567hg6787',
    merchantId: MERCHANT,
    subMerchantId: null,
    serial: SERIAL,
    privateKey: merchant.privateKey,
    apiV3Key: API_V3_KEY,
    platformKeys: [{ id: double.platformSerial, pem: double.platformKeys.publicKey }],
    baseUrl: double.url,
    ca: double.ca,
    timeoutMs: 1_000,
  };
});
afterAll(() => double.close());

let n = 0;
const ask = (over: Partial<RefundAsk> = {}): RefundAsk => ({
  refundNumber: `R${Date.now()}${++n}`,
  orderNumber: `202612030900${String(n).padStart(8, '0')}`,
  platformNumber: null,
  amount: 300,
  total: 500,
  reason: '商品未出货',
  ...over,
});

describe('WeChat Pay API v3 refunds', () => {
  it('a refund is taken, then ends by query and by notification; asked again, the platform keeps one', async () => {
    const wx = new WechatV3Provider(creds);
    const a = ask();
    const first = await wx.refund(a);
    expect(first).toMatchObject({ state: 'processing', platformRefundId: expect.any(String) });
    expect(await wx.refund(a)).toMatchObject({ state: 'processing', platformRefundId: first.platformRefundId });
    expect(double.asked.get(a.refundNumber)).toBe(2);
    expect(double.refunds.size).toBeGreaterThanOrEqual(1);

    double.settle(a.refundNumber, 'SUCCESS');
    expect(await wx.queryRefund(a)).toMatchObject({ state: 'success' });
    const notice = double.notice(a.refundNumber);
    expect(wx.readRefundNotice(notice.headers, notice.body)).toEqual({
      noticeId: expect.any(String),
      refundNumber: a.refundNumber,
      state: 'success',
      platformRefundId: first.platformRefundId,
    });
  });

  it('a refund the platform closes or cannot pay out is failed; one it never took is not found', async () => {
    const wx = new WechatV3Provider(creds);
    const a = ask();
    await wx.refund(a);
    double.settle(a.refundNumber, 'ABNORMAL');
    expect(await wx.queryRefund(a)).toMatchObject({ state: 'failed' });
    expect(await wx.queryRefund(ask({ refundNumber: 'R-never-asked' }))).toMatchObject({
      state: 'failed',
      code: 'NOT_FOUND',
    });
  });

  it("the platform's refusal is a failed refund with its code; its outage leaves the refund unknown", async () => {
    const wx = new WechatV3Provider(creds);
    expect(await wx.refund(ask({ amount: 600 }))).toMatchObject({ state: 'failed', code: 'NOT_ENOUGH' });
    double.next = { error: { status: 500, code: 'SYSTEM_ERROR', message: '系统错误' } };
    expect(await wx.refund(ask())).toMatchObject({ state: 'unknown', code: 'SYSTEM_ERROR' });
  });

  it('an answer that does not come in time leaves the refund unknown: the query finds it, and it was sent once', async () => {
    const wx = new WechatV3Provider(creds);
    const a = ask();
    double.next = { hold: 1_500 };
    expect(await wx.refund(a)).toMatchObject({ state: 'unknown', code: 'TIMEOUT' });
    await new Promise((r) => setTimeout(r, 700));
    expect(await wx.queryRefund(a)).toMatchObject({ state: 'processing' });
    expect(double.asked.get(a.refundNumber)).toBe(1);
  });

  it('an answer signed by another key is not believed: the refund stays unknown', async () => {
    const wx = new WechatV3Provider(creds);
    double.next = { badSignature: true };
    expect(await wx.refund(ask())).toMatchObject({ state: 'unknown', code: 'SIGNATURE' });
  });

  it('an expired platform certificate verifies nothing: no refund is sent, and its notification is refused', async () => {
    const expired = certificate(double.platformKeys, { notAfter: new Date(Date.now() - 86_400_000) });
    const wx = new WechatV3Provider({ ...creds, platformKeys: [{ id: double.platformSerial, pem: expired }] });
    const a = ask();
    await expect(wx.refund(a)).rejects.toMatchObject({ fault: 'certificate' });
    expect(double.asked.get(a.refundNumber)).toBeUndefined();
    const live = new WechatV3Provider({
      ...creds,
      platformKeys: [{ id: double.platformSerial, pem: certificate(double.platformKeys) }],
    });
    await live.refund(a);
    const notice = double.notice(a.refundNumber);
    expect(() => wx.readRefundNotice(notice.headers, notice.body)).toThrow(
      expect.objectContaining({ fault: 'certificate' }),
    );
    // The same key in a certificate still valid: the answer and the notification are believed.
    expect(await live.queryRefund(a)).toMatchObject({ state: 'processing' });
    expect(live.readRefundNotice(notice.headers, notice.body).refundNumber).toBe(a.refundNumber);
  });

  it("an answer signed under a serial the console does not hold (the platform's new certificate) stays unknown", async () => {
    const wx = new WechatV3Provider({
      ...creds,
      platformKeys: [{ id: 'PUB_KEY_ID_OTHER', pem: double.platformKeys.publicKey }],
    });
    expect(await wx.refund(ask())).toMatchObject({ state: 'unknown', code: 'CERTIFICATE' });
  });

  it('a notification signed by another key, or altered, is refused', async () => {
    const wx = new WechatV3Provider(creds);
    const a = ask();
    await wx.refund(a);
    const forged = double.notice(a.refundNumber, { signWith: rsaKeys().privateKey });
    expect(() => wx.readRefundNotice(forged.headers, forged.body)).toThrow(
      expect.objectContaining({ fault: 'signature' }),
    );
    const real = double.notice(a.refundNumber);
    expect(() => wx.readRefundNotice(real.headers, real.body.replace('encrypt-resource', 'encrypt-resourcf'))).toThrow(
      expect.objectContaining({ fault: 'signature' }),
    );
    expect(() => wx.readRefundNotice({}, real.body)).toThrow(expect.objectContaining({ fault: 'malformed' }));
  });

  it("a request signed with a key the platform does not hold is refused as the merchant's credentials", async () => {
    const wx = new WechatV3Provider({ ...creds, privateKey: rsaKeys().privateKey });
    await expect(wx.refund(ask())).rejects.toMatchObject({ fault: 'credentials' });
  });

  it('a sub-merchant refunds through its service provider with its own id in the request', async () => {
    const wx = new WechatV3Provider({ ...creds, subMerchantId: '1900000109' });
    const a = ask();
    await wx.refund(a);
    expect(double.refunds.get(a.refundNumber)).toMatchObject({ sub_mchid: '1900000109' });
    expect(await wx.queryRefund(a)).toMatchObject({ state: 'processing' });
  });
});

let p = 0;
const payment = (over: Partial<PaymentAsk> = {}): PaymentAsk => ({
  number: `RN20261203${String(++p).padStart(8, '0')}${Date.now() % 1000}`,
  amount: 60_000,
  description: '设备服务费续费',
  expiresAt: new Date(Date.now() + 15 * 60_000),
  notifyUrl: 'https://console.example/notify/pay/wechat-v3',
  ...over,
});

describe('WeChat Pay API v3 payments in the mini-program (JSAPI)', () => {
  it("opens a payment for the payer's openid in the mini-program and signs what wx.requestPayment takes", async () => {
    const wx = new WechatV3Provider({ ...creds, miniAppId: 'wx3232323232323232' });
    const a = { ...payment(), openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' };
    const made = await wx.createMiniProgram(a);
    if (made.state !== 'created') throw new Error(JSON.stringify(made));
    expect(double.payments.get(a.number)!.asked).toMatchObject({
      appid: 'wx3232323232323232',
      payer: { openid: a.openid },
    });
    const { pay } = made;
    expect(pay).toMatchObject({
      appId: 'wx3232323232323232',
      signType: 'RSA',
      package: expect.stringMatching(/^prepay_id=wx/),
    });
    const message = `${pay.appId}\n${pay.timeStamp}\n${pay.nonceStr}\n${pay.package}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, pay.paySign, 'base64')).toBe(true);
    // A sub-merchant's names the payer as its service provider's mini-program knows it.
    const sub = new WechatV3Provider({ ...creds, subMerchantId: '1900000109' });
    expect(await sub.createMiniProgram({ ...payment(), openid: 'o-sub' })).toMatchObject({ state: 'created' });
    expect(double.payments.get([...double.payments.keys()].at(-1)!)!.asked).toMatchObject({
      payer: { sp_openid: 'o-sub' },
    });
  });
});

describe('WeChat Pay API v3 QR payments (the service fee)', () => {
  it('a Native payment gives a code to scan; asked again, the same code; paid, the query and the notification say so', async () => {
    const wx = new WechatV3Provider(creds);
    const a = payment();
    const made = await wx.createNative(a);
    expect(made).toEqual({ state: 'created', codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\//) });
    expect(await wx.createNative(a)).toEqual(made);
    expect(double.payments.get(a.number)!.asked).toMatchObject({
      appid: creds.appId,
      mchid: MERCHANT,
      amount: { total: 60_000, currency: 'CNY' },
      notify_url: a.notifyUrl,
      time_expire: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/),
    });
    expect(await wx.queryPayment(a.number)).toMatchObject({ state: 'pending' });
    double.pay(a.number);
    expect(await wx.queryPayment(a.number)).toMatchObject({
      state: 'paid',
      amount: 60_000,
      platformNumber: expect.any(String),
    });
    const notice = double.paymentNotice(a.number);
    expect(wx.readPaymentNotice(notice.headers, notice.body)).toEqual({
      noticeId: expect.any(String),
      number: a.number,
      state: 'paid',
      amount: 60_000,
      platformNumber: expect.any(String),
    });
    const forged = double.paymentNotice(a.number, { signWith: rsaKeys().privateKey });
    expect(() => wx.readPaymentNotice(forged.headers, forged.body)).toThrow(
      expect.objectContaining({ fault: 'signature' }),
    );
  });

  it('closed unpaid, it is closed; one never made is missing; an outage or a refusal is said, not thrown', async () => {
    const wx = new WechatV3Provider(creds);
    const a = payment();
    await wx.createNative(a);
    await wx.closePayment(a.number);
    expect(await wx.queryPayment(a.number)).toMatchObject({ state: 'closed' });
    expect(await wx.queryPayment('RN-never-made')).toMatchObject({ state: 'missing' });
    await wx.closePayment('RN-never-made');
    double.next = { hold: 1_500 };
    expect(await wx.createNative(payment())).toMatchObject({ state: 'unknown', code: 'TIMEOUT' });
    await new Promise((r) => setTimeout(r, 700));
    expect(await wx.createNative(payment({ description: '' }))).toMatchObject({ state: 'failed', code: 'PARAM_ERROR' });
    double.next = { badSignature: true };
    expect(await wx.queryPayment(a.number)).toMatchObject({ state: 'unknown', code: 'SIGNATURE' });
  });

  it("a sub-merchant's payment goes through its service provider's partner address with both ids", async () => {
    const wx = new WechatV3Provider({ ...creds, subMerchantId: '1900000109' });
    const a = payment();
    expect(await wx.createNative(a)).toMatchObject({ state: 'created' });
    expect(double.payments.get(a.number)!.asked).toMatchObject({
      sp_appid: creds.appId,
      sp_mchid: MERCHANT,
      sub_mchid: '1900000109',
    });
    expect(await wx.queryPayment(a.number)).toMatchObject({ state: 'pending' });
  });
});

describe('WeChat Pay API v3 trade bills', () => {
  it('a day with a bill downloads it, checked by the hash of the signed answer; a day without is null', async () => {
    const wx = new WechatV3Provider(creds);
    const text = Buffer.from('交易时间,商户号\r\n`2026-12-01 10:00:00,`1900009191\r\n总交易单数\r\n`1\r\n');
    double.bills.set('2026-12-01', text);
    expect(await wx.downloadBill('2026-12-01')).toEqual({
      name: `${MERCHANT}_20261201_ALL.csv`,
      bytes: text,
      merchantId: MERCHANT,
    });
    expect(await wx.downloadBill('2026-11-30')).toBeNull();
    double.next = { badHash: true };
    await expect(wx.downloadBill('2026-12-01')).rejects.toMatchObject({ fault: 'signature' });
    double.next = { error: { status: 500, code: 'SYSTEM_ERROR', message: '系统错误' } };
    await expect(wx.downloadBill('2026-12-01')).rejects.toThrow(/SYSTEM_ERROR/);
  });
});
