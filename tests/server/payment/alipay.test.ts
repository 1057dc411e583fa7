/**
 * The Alipay adapter (server/payment/provider/alipay.ts) against the local
 * double of Alipay's gateway (doubles/alipay.ts), which checks every
 * request's RSA2 signature as the gateway does and signs its answers with an
 * Alipay key made here: a refund paid out, asked again (one refund, queried),
 * one beyond the payment, one never taken, a wrong app key, an answer signed
 * by another key, a timeout (queried, never sent again), the gateway down, and
 * the refund notification, real and forged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlipayProvider, yuanText, type AlipayCredentials } from '../../../server/payment/provider/alipay.js';
import type { PaymentAsk, RefundAsk } from '../../../server/payment/provider/types.js';
import { rsaKeys } from '../support/tls.js';
import { startAlipayDouble, type AlipayDouble } from './doubles/alipay.js';

const APP_ID = '2021000122671080';
const app = rsaKeys();
let double: AlipayDouble;
let creds: AlipayCredentials;

beforeAll(async () => {
  double = await startAlipayDouble({ appId: APP_ID, appPublicKey: app.publicKey });
  creds = {
    appId: APP_ID,
    privateKey: app.privateKey,
    alipayPublicKey: double.alipayKeys.publicKey,
    gateway: double.url,
    ca: double.ca,
    timeoutMs: 1_000,
  };
});
afterAll(() => double.close());

let n = 0;
const ask = (over: Partial<RefundAsk> = {}): RefundAsk => ({
  refundNumber: `RA${Date.now()}${++n}`,
  orderNumber: `202612030930${String(n).padStart(8, '0')}`,
  platformNumber: null,
  amount: 305,
  total: 500,
  reason: '商品未出货',
  ...over,
});

describe('Alipay refunds', () => {
  it('fen go as exact yuan text', () => {
    expect([1, 10, 305, 500, 123456789].map(yuanText)).toEqual(['0.01', '0.10', '3.05', '5.00', '1234567.89']);
  });

  it('a refund pays out; asked again it is one refund, which the query confirms; a refund never taken is not found', async () => {
    const ali = new AlipayProvider(creds);
    const a = ask();
    expect(await ali.refund(a)).toMatchObject({ state: 'success', platformRefundId: expect.any(String) });
    expect(double.refunds.get(a.refundNumber)).toMatchObject({ refund_amount: '3.05', out_trade_no: a.orderNumber });
    expect(await ali.refund(a)).toMatchObject({ state: 'processing' });
    expect(double.asked.get(a.refundNumber)).toBe(2);
    expect(await ali.queryRefund(a)).toMatchObject({ state: 'success' });
    expect(await ali.queryRefund(ask())).toMatchObject({ state: 'failed', code: 'NOT_FOUND' });
  });

  it("Alipay's refusal is a failed refund with its code; the gateway down leaves the refund unknown", async () => {
    const ali = new AlipayProvider(creds);
    expect(await ali.refund(ask({ amount: 600 }))).toMatchObject({
      state: 'failed',
      code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
    });
    double.next = {
      error: { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error', sub_msg: '系统繁忙' },
    };
    expect(await ali.refund(ask())).toMatchObject({ state: 'unknown', code: 'isp.unknow-error' });
  });

  it('an answer that does not come in time leaves the refund unknown: the query finds it, and it was sent once', async () => {
    const ali = new AlipayProvider(creds);
    const a = ask();
    double.next = { hold: 1_500 };
    expect(await ali.refund(a)).toMatchObject({ state: 'unknown', code: 'TIMEOUT' });
    await new Promise((r) => setTimeout(r, 700));
    expect(await ali.queryRefund(a)).toMatchObject({ state: 'success' });
    expect(double.asked.get(a.refundNumber)).toBe(1);
  });

  it('an answer signed by another key is not believed: the refund stays unknown', async () => {
    const ali = new AlipayProvider(creds);
    double.next = { badSignature: true };
    expect(await ali.refund(ask())).toMatchObject({ state: 'unknown', code: 'SIGNATURE' });
  });

  it("a request signed with a key Alipay does not hold is refused as the app's credentials", async () => {
    const ali = new AlipayProvider({ ...creds, privateKey: rsaKeys().privateKey });
    await expect(ali.refund(ask())).rejects.toMatchObject({ fault: 'credentials' });
  });

  it('the refund notification is read when Alipay signed it, and refused when another key did', async () => {
    const ali = new AlipayProvider(creds);
    const a = ask();
    await ali.refund(a);
    expect(ali.readRefundNotice({}, double.notice(a.refundNumber))).toMatchObject({
      refundNumber: a.refundNumber,
      state: 'success',
      noticeId: expect.any(String),
    });
    const forged = double.notice(a.refundNumber, { signWith: rsaKeys().privateKey });
    expect(() => ali.readRefundNotice({}, forged)).toThrow(expect.objectContaining({ fault: 'signature' }));
    expect(() => ali.readRefundNotice({}, 'out_biz_no=x')).toThrow(expect.objectContaining({ fault: 'malformed' }));
  });
});

let p = 0;
const payment = (over: Partial<PaymentAsk> = {}): PaymentAsk => ({
  number: `RN20261203${String(++p).padStart(8, '0')}${Date.now() % 1000}`,
  amount: 30_005,
  description: '设备服务费续费',
  expiresAt: new Date(Date.now() + 15 * 60_000),
  notifyUrl: 'https://console.example/notify/pay/alipay',
  ...over,
});

describe('Alipay QR payments (the service fee)', () => {
  it('a precreated payment gives a code; scanned and paid, the query and the signed notification say so', async () => {
    const ali = new AlipayProvider(creds);
    const a = payment();
    const made = await ali.createNative(a);
    expect(made).toEqual({ state: 'created', codeUrl: expect.stringMatching(/^https:\/\/qr\.alipay\.com\//) });
    expect(await ali.createNative(a)).toEqual(made);
    expect(double.payments.get(a.number)!.asked).toMatchObject({
      total_amount: '300.05',
      notify_url: a.notifyUrl,
      time_expire: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    // Not yet scanned, Alipay does not know the trade: it is still to be paid, not a failure.
    expect(await ali.queryPayment(a.number)).toMatchObject({ state: 'missing' });
    double.scan(a.number);
    expect(await ali.queryPayment(a.number)).toMatchObject({ state: 'pending' });
    double.pay(a.number);
    expect(await ali.queryPayment(a.number)).toMatchObject({
      state: 'paid',
      amount: 30_005,
      platformNumber: expect.any(String),
    });
    expect(ali.readPaymentNotice({}, double.paymentNotice(a.number))).toEqual({
      noticeId: expect.any(String),
      number: a.number,
      state: 'paid',
      amount: 30_005,
      platformNumber: expect.any(String),
    });
    expect(() => ali.readPaymentNotice({}, double.paymentNotice(a.number, { signWith: rsaKeys().privateKey }))).toThrow(
      expect.objectContaining({ fault: 'signature' }),
    );
    await ali.closePayment(a.number);
    expect(await ali.queryPayment(a.number)).toMatchObject({ state: 'paid' });
  });

  it('closed after a scan, it is closed; a refusal and an outage are said, not thrown', async () => {
    const ali = new AlipayProvider(creds);
    const a = payment();
    await ali.createNative(a);
    double.scan(a.number);
    await ali.closePayment(a.number);
    expect(await ali.queryPayment(a.number)).toMatchObject({ state: 'closed' });
    expect(await ali.createNative(a)).toMatchObject({ state: 'failed', code: 'ACQ.TRADE_HAS_CLOSE' });
    expect(await ali.createNative(payment({ description: '' }))).toMatchObject({
      state: 'failed',
      code: 'ACQ.INVALID_PARAMETER',
    });
    double.next = {
      error: { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error', sub_msg: '系统繁忙' },
    };
    expect(await ali.createNative(payment())).toMatchObject({ state: 'unknown' });
    double.next = { badSignature: true };
    expect(await ali.queryPayment(a.number)).toMatchObject({ state: 'unknown', code: 'SIGNATURE' });
  });
});

describe('Alipay trade bills', () => {
  it("a day with a bill downloads the zip from the address Alipay's signed answer gives; a day without is null", async () => {
    const ali = new AlipayProvider(creds);
    const zip = Buffer.from('PK\u0003\u0004 the zip as Alipay gives it');
    double.bills.set('2026-12-01', zip);
    expect(await ali.downloadBill('2026-12-01')).toEqual({
      name: `${APP_ID}_20261201.csv.zip`,
      bytes: zip,
      merchantId: null,
    });
    expect(await ali.downloadBill('2026-11-30')).toBeNull();
    double.next = { badSignature: true };
    await expect(ali.downloadBill('2026-12-01')).rejects.toThrow(/SIGNATURE/);
  });
});
