/**
 * The WeChat Pay API v2 adapter (server/payment/provider/wechatV2.ts) against
 * the local double of the platform (doubles/wechatV2.ts), which checks every
 * request's signature with the API key, asks for the merchant's certificate on
 * the refund's TLS connection, and signs its answers: a refund taken and its
 * end by query and by notification, the same refund asked twice, a refund
 * beyond the payment, one never taken, a wrong API key, a p12 not the
 * platform's, an answer signed with another key, a timeout (queried, never
 * sent again), the platform's system error, and a notification encrypted
 * under another key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openP12 } from '../../../server/payment/check.js';
import { WechatV2Provider, type WechatV2Credentials } from '../../../server/payment/provider/wechatV2.js';
import type { PaymentAsk, RefundAsk } from '../../../server/payment/provider/types.js';
import { p12 } from '../support/p12.js';
import { startWechatV2Double, type WechatV2Double } from './doubles/wechatV2.js';

const MERCHANT = '1900000109';
const API_KEY = '192006250b4c09247ec02edce69f6a2d';
const merchantP12 = p12(MERCHANT);
let double: WechatV2Double;
let creds: WechatV2Credentials;

beforeAll(async () => {
  double = await startWechatV2Double({
    appId: 'wx2421b1c4370ec43b',
    merchantId: MERCHANT,
    apiKey: API_KEY,
    merchantCert: openP12(merchantP12, MERCHANT).cert,
  });
  creds = {
    appId: 'wx2421b1c4370ec43b',
    merchantId: MERCHANT,
    subMerchantId: null,
    apiKey: API_KEY,
    p12: merchantP12,
    baseUrl: double.url,
    ca: double.ca,
    timeoutMs: 1_000,
  };
});
afterAll(() => double.close());

let n = 0;
const ask = (over: Partial<RefundAsk> = {}): RefundAsk => ({
  refundNumber: `RW${Date.now()}${++n}`,
  orderNumber: `202612030940${String(n).padStart(8, '0')}`,
  platformNumber: null,
  amount: 300,
  total: 500,
  reason: '商品未出货',
  ...over,
});

describe('WeChat Pay API v2 refunds', () => {
  it('a refund is taken with the merchant certificate, then ends by query and by notification; asked again, one refund', async () => {
    const wx = new WechatV2Provider(creds);
    const a = ask();
    const first = await wx.refund(a);
    expect(first).toMatchObject({ state: 'processing', platformRefundId: expect.any(String) });
    expect(await wx.refund(a)).toMatchObject({ state: 'processing', platformRefundId: first.platformRefundId });
    expect(double.asked.get(a.refundNumber)).toBe(2);
    expect(await wx.queryRefund(a)).toMatchObject({ state: 'processing' });
    double.settle(a.refundNumber, 'SUCCESS');
    expect(await wx.queryRefund(a)).toMatchObject({ state: 'success', platformRefundId: first.platformRefundId });
    expect(wx.readRefundNotice({}, double.notice(a.refundNumber))).toEqual({
      noticeId: expect.any(String),
      refundNumber: a.refundNumber,
      state: 'success',
      platformRefundId: first.platformRefundId,
    });
  });

  it('a refund closed is failed, one beyond the payment is refused with its code, one never taken is not found', async () => {
    const wx = new WechatV2Provider(creds);
    const a = ask();
    await wx.refund(a);
    double.settle(a.refundNumber, 'REFUNDCLOSE');
    expect(await wx.queryRefund(a)).toMatchObject({ state: 'failed' });
    expect(await wx.refund(ask({ amount: 600 }))).toMatchObject({ state: 'failed', code: 'NOTENOUGH' });
    expect(await wx.queryRefund(ask())).toMatchObject({ state: 'failed', code: 'NOT_FOUND' });
  });

  it("the platform's system error, an answer signed with another key and a timeout leave the refund unknown; it was sent once", async () => {
    const wx = new WechatV2Provider(creds);
    double.next = { errCode: 'SYSTEMERROR' };
    expect(await wx.refund(ask())).toMatchObject({ state: 'unknown', code: 'SYSTEMERROR' });
    double.next = { badSignature: true };
    expect(await wx.refund(ask())).toMatchObject({ state: 'unknown', code: 'SIGNATURE' });
    const a = ask();
    double.next = { hold: 1_500 };
    expect(await wx.refund(a)).toMatchObject({ state: 'unknown', code: 'TIMEOUT' });
    await new Promise((r) => setTimeout(r, 700));
    expect(await wx.queryRefund(a)).toMatchObject({ state: 'processing' });
    expect(double.asked.get(a.refundNumber)).toBe(1);
  });

  it('a wrong API key, or a certificate not the merchant’s, is refused as the credentials', async () => {
    await expect(new WechatV2Provider({ ...creds, apiKey: 'x'.repeat(32) }).refund(ask())).rejects.toMatchObject({
      fault: 'credentials',
    });
    await expect(new WechatV2Provider({ ...creds, p12: p12(MERCHANT) }).refund(ask())).rejects.toMatchObject({
      fault: 'credentials',
    });
  });

  it('a notification encrypted under another key, or for another merchant, is refused', async () => {
    const wx = new WechatV2Provider(creds);
    const a = ask();
    await wx.refund(a);
    double.settle(a.refundNumber, 'SUCCESS');
    expect(() => wx.readRefundNotice({}, double.notice(a.refundNumber, { key: 'y'.repeat(32) }))).toThrow(
      expect.objectContaining({ fault: 'signature' }),
    );
    const other = new WechatV2Provider({ ...creds, merchantId: '1900000110', p12: p12('1900000110') });
    expect(() => other.readRefundNotice({}, double.notice(a.refundNumber))).toThrow(
      expect.objectContaining({ fault: 'signature' }),
    );
  });

  it('a sub-merchant refunds through its service provider with its own id in the request', async () => {
    const wx = new WechatV2Provider({ ...creds, subMerchantId: '1900000201' });
    const a = ask();
    expect(await wx.refund(a)).toMatchObject({ state: 'processing' });
    expect(double.refunds.get(a.refundNumber)).toMatchObject({ sub_mch_id: '1900000201' });
  });
});

let p = 0;
const payment = (over: Partial<PaymentAsk> = {}): PaymentAsk => ({
  number: `RN20261203${String(++p).padStart(8, '0')}${Date.now() % 1000}`,
  amount: 30_000,
  description: '设备服务费续费',
  expiresAt: new Date(Date.now() + 15 * 60_000),
  notifyUrl: 'https://console.example/notify/pay/wechat-v2',
  ...over,
});

describe('WeChat Pay API v2 QR payments (the service fee)', () => {
  it('a NATIVE unified order gives a code; asked again, the same; paid, the query and the signed notification say so', async () => {
    const wx = new WechatV2Provider(creds);
    const a = payment();
    const made = await wx.createNative(a);
    expect(made).toEqual({ state: 'created', codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\//) });
    expect(await wx.createNative(a)).toEqual(made);
    expect(double.payments.get(a.number)!.asked).toMatchObject({
      trade_type: 'NATIVE',
      total_fee: '30000',
      notify_url: a.notifyUrl,
      time_expire: expect.stringMatching(/^\d{14}$/),
    });
    expect(await wx.queryPayment(a.number)).toMatchObject({ state: 'pending' });
    double.pay(a.number);
    expect(await wx.queryPayment(a.number)).toMatchObject({ state: 'paid', amount: 30_000 });
    expect(wx.readPaymentNotice({}, double.paymentNotice(a.number))).toEqual({
      noticeId: expect.any(String),
      number: a.number,
      state: 'paid',
      amount: 30_000,
      platformNumber: expect.any(String),
    });
    expect(() => wx.readPaymentNotice({}, double.paymentNotice(a.number, { key: 'k'.repeat(32) }))).toThrow(
      expect.objectContaining({ fault: 'signature' }),
    );
    expect(() =>
      wx.readPaymentNotice(
        {},
        double.paymentNotice(a.number).replace('<total_fee><![CDATA[30000]]>', '<total_fee><![CDATA[1]]>'),
      ),
    ).toThrow(expect.objectContaining({ fault: 'signature' }));
    // Paid, it cannot be closed: the query after still says paid.
    await wx.closePayment(a.number);
    expect(await wx.queryPayment(a.number)).toMatchObject({ state: 'paid' });
  });

  it('closed unpaid, it is closed; one never made is missing; a refusal and an outage are said', async () => {
    const wx = new WechatV2Provider(creds);
    const a = payment();
    await wx.createNative(a);
    await wx.closePayment(a.number);
    expect(await wx.queryPayment(a.number)).toMatchObject({ state: 'closed' });
    expect(await wx.createNative(a)).toMatchObject({ state: 'failed', code: 'ORDERPAID' });
    expect(await wx.queryPayment('RN-never-made')).toMatchObject({ state: 'missing' });
    expect(await wx.createNative(payment({ notifyUrl: undefined }))).toMatchObject({
      state: 'failed',
      code: 'PARAM_ERROR',
    });
    double.next = { errCode: 'SYSTEMERROR' };
    expect(await wx.createNative(payment())).toMatchObject({ state: 'unknown', code: 'SYSTEMERROR' });
    double.next = { badSignature: true };
    expect(await wx.queryPayment(a.number)).toMatchObject({ state: 'unknown', code: 'SIGNATURE' });
  });
});

describe('WeChat Pay API v2 trade bills', () => {
  it('a day with a bill answers the file itself; a day without, "No Bill Exist", is null; a platform error is thrown', async () => {
    const wx = new WechatV2Provider(creds);
    const text = Buffer.from('交易时间,商户号\r\n`2026-12-01 10:00:00,`1900000109\r\n总交易单数\r\n`1\r\n');
    double.bills.set('2026-12-01', text);
    expect(await wx.downloadBill('2026-12-01')).toEqual({
      name: `${MERCHANT}_20261201_ALL.csv`,
      bytes: text,
      merchantId: MERCHANT,
    });
    expect(await wx.downloadBill('2026-11-30')).toBeNull();
    await expect(
      new WechatV2Provider({ ...creds, apiKey: 'k'.repeat(32) }).downloadBill('2026-12-01'),
    ).rejects.toThrow();
  });
});
