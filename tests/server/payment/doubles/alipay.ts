/**
 * A local double of Alipay's gateway for refunds, written from Alipay's
 * published protocol (opendocs.alipay.com: "自行实现签名", "同步验签",
 * "alipay.trade.refund", "alipay.trade.fastpay.refund.query", "异步通知验签"),
 * over HTTPS:
 * - every request's `sign` (RSA2 over its parameters but `sign`, sorted by
 *   name, `k=v` joined by `&`) is checked against the app's public key: a
 *   request signed wrongly is answered 40002 isv.invalid-signature, as the
 *   gateway does;
 * - a refund is kept by its `out_request_no` (a repeat answers success with
 *   `fund_change=N`, as Alipay does, never a second refund), refused
 *   ACQ.REFUND_AMT_NOT_EQUAL_TOTAL beyond the payment;
 * - every answer is signed with the Alipay key the test made, over the
 *   answer object's own text;
 * - a refund notification is made as Alipay posts one: form fields, signed.
 * Its QR payments (`alipay.trade.precreate`, `.query`, `.close`, the
 * payment's notification) are kept by `out_trade_no`: precreated, a trade
 * Alipay does not know until it is scanned (its query says
 * ACQ.TRADE_NOT_EXIST, as Alipay's does), then waiting, paid or closed.
 * Scripted faults: an answer held past the client's timeout, an answer signed
 * with another key, a gateway error.
 */
import { createSign, createVerify } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { certificate, rsaKeys, type KeyPair } from '../../support/tls.js';

interface Refund {
  out_trade_no: string;
  out_request_no: string;
  refund_amount: string;
  trade_no: string;
}

interface Payment {
  out_trade_no: string;
  total_amount: string;
  qr_code: string;
  state: 'CREATED' | 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  trade_no?: string;
  asked: Record<string, string>;
}

export interface AlipayDouble {
  url: string;
  /** Trade bills by day (`YYYY-MM-DD`): the zip its download address gives. */
  bills: Map<string, Buffer>;
  payments: Map<string, Payment>;
  /** The payer scans the code (the trade now exists at Alipay, waiting), then, told to, pays. */
  scan(number: string): void;
  pay(number: string): void;
  paymentNotice(number: string, options?: { signWith?: string }): string;
  ca: string;
  alipayKeys: KeyPair;
  refunds: Map<string, Refund>;
  asked: Map<string, number>;
  /** What a payment of an order took (yuan text): a refund beyond it is refused. */
  paid: string;
  next: {
    hold?: number;
    badSignature?: boolean;
    error?: { code: string; msg: string; sub_code: string; sub_msg: string };
  };
  notice(refundNumber: string, options?: { signWith?: string }): string;
  close(): Promise<void>;
}

const sortedText = (fields: Record<string, string>) =>
  Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

export async function startAlipayDouble(opts: { appId: string; appPublicKey: string }): Promise<AlipayDouble> {
  const tls = rsaKeys();
  const ca = certificate(tls);
  const alipayKeys = rsaKeys();
  const other = rsaKeys();
  const refunds = new Map<string, Refund>();
  const asked = new Map<string, number>();
  const payments = new Map<string, Payment>();
  let seq = 0;

  /** Form fields as Alipay posts a notification: no empty field, all but `sign` and `sign_type` signed. */
  const signedForm = (fields: Record<string, string>, key = alipayKeys.privateKey) => {
    for (const k of Object.keys(fields)) if (fields[k] === '') delete fields[k];
    const { sign_type: _, ...signed } = fields;
    fields.sign = createSign('RSA-SHA256').update(sortedText(signed)).sign(key, 'base64');
    return new URLSearchParams(fields).toString();
  };

  const double: AlipayDouble = {
    url: '',
    bills: new Map(),
    ca,
    alipayKeys,
    payments,
    scan(number) {
      const p = payments.get(number)!;
      if (p.state === 'CREATED') Object.assign(p, { state: 'WAIT_BUYER_PAY', trade_no: `2026120322002${++seq}` });
    },
    pay(number) {
      double.scan(number);
      const p = payments.get(number)!;
      if (p.state !== 'WAIT_BUYER_PAY') throw new Error(`payment ${number} is ${p.state}`);
      p.state = 'TRADE_SUCCESS';
    },
    paymentNotice(number, options = {}) {
      const p = payments.get(number)!;
      return signedForm(
        {
          notify_time: '2026-12-03 09:45:00',
          notify_type: 'trade_status_sync',
          notify_id: `ntf${p.trade_no}`,
          app_id: opts.appId,
          charset: 'utf-8',
          version: '1.0',
          sign_type: 'RSA2',
          trade_no: p.trade_no!,
          out_trade_no: p.out_trade_no,
          trade_status: p.state,
          total_amount: p.total_amount,
          receipt_amount: p.total_amount,
          gmt_payment: '2026-12-03 09:44:58',
        },
        options.signWith,
      );
    },
    refunds,
    asked,
    paid: '5.00',
    next: {},
    notice(refundNumber, options = {}) {
      const r = refunds.get(refundNumber)!;
      const fields: Record<string, string> = {
        notify_time: '2026-12-03 09:30:00',
        notify_type: 'trade_status_sync',
        notify_id: `ntf${r.trade_no}${r.out_request_no}`,
        app_id: opts.appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: r.trade_no,
        out_trade_no: r.out_trade_no,
        out_biz_no: r.out_request_no,
        refund_fee: r.refund_amount,
        gmt_refund: '2026-12-03 09:29:59.123',
        trade_status: 'TRADE_SUCCESS',
      };
      return signedForm(fields, options.signWith);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer({ key: tls.privateKey, cert: ca }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'https://double');
      const download = /^\/bill\/(\d{4}-\d{2}-\d{2})$/.exec(url.pathname);
      if (req.method === 'GET' && download) {
        const bill = double.bills.get(download[1]!);
        return void (bill
          ? res.writeHead(200, { 'content-type': 'application/zip' }).end(bill)
          : res.writeHead(404).end());
      }
      const fields: Record<string, string> = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      };
      const method = fields.method ?? '';
      const key = `${method.replaceAll('.', '_')}_response`;
      const answer = (content: Record<string, unknown>, signWith = alipayKeys.privateKey) => {
        const text = JSON.stringify(content);
        const sign = createSign('RSA-SHA256').update(text).sign(signWith, 'base64');
        res
          .writeHead(200, { 'content-type': 'application/json;charset=utf-8' })
          .end(`{"${key}":${text},"sign":"${sign}"}`);
      };
      const ok =
        fields.app_id === opts.appId &&
        fields.sign_type === 'RSA2' &&
        createVerify('RSA-SHA256')
          .update(sortedText(fields))
          .verify(opts.appPublicKey, fields.sign ?? '', 'base64');
      if (!ok)
        return answer({
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: '验签出错',
        });
      const scripted = double.next;
      double.next = {};
      const reply = () => {
        const signWith = scripted.badSignature ? other.privateKey : undefined;
        if (scripted.error) return answer(scripted.error, signWith);
        const biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
        if (method === 'alipay.trade.refund') {
          asked.set(biz.out_request_no!, (asked.get(biz.out_request_no!) ?? 0) + 1);
          const known = refunds.get(biz.out_request_no!);
          if (known)
            return answer(
              { code: '10000', msg: 'Success', ...known, refund_fee: known.refund_amount, fund_change: 'N' },
              signWith,
            );
          if (Number(biz.refund_amount) > Number(double.paid))
            return answer({
              code: '40004',
              msg: 'Business Failed',
              sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
              sub_msg: '退款金额超限',
            });
          const refund: Refund = {
            out_trade_no: biz.out_trade_no ?? '',
            out_request_no: biz.out_request_no!,
            refund_amount: biz.refund_amount!,
            trade_no: `2026120322001${String(++seq).padStart(6, '0')}`,
          };
          refunds.set(refund.out_request_no, refund);
          return answer(
            { code: '10000', msg: 'Success', ...refund, refund_fee: refund.refund_amount, fund_change: 'Y' },
            signWith,
          );
        }
        const notExist = {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: '交易不存在',
        };
        if (method === 'alipay.data.dataservice.bill.downloadurl.query') {
          if (!double.bills.has(biz.bill_date ?? ''))
            return answer(
              { code: '40004', msg: 'Business Failed', sub_code: 'isp.bill_not_exist', sub_msg: '账单不存在' },
              signWith,
            );
          return answer(
            {
              code: '10000',
              msg: 'Success',
              bill_download_url: `${double.url.replace(/\/gateway\.do$/, '')}/bill/${biz.bill_date}`,
            },
            signWith,
          );
        }
        if (method === 'alipay.trade.precreate') {
          const known = payments.get(biz.out_trade_no!);
          if (known && known.state !== 'CREATED' && known.state !== 'WAIT_BUYER_PAY')
            return answer({
              code: '40004',
              msg: 'Business Failed',
              sub_code: 'ACQ.TRADE_HAS_CLOSE',
              sub_msg: '交易已关闭',
            });
          if (!biz.subject || !/^\d+\.\d{2}$/.test(biz.total_amount ?? ''))
            return answer({
              code: '40004',
              msg: 'Business Failed',
              sub_code: 'ACQ.INVALID_PARAMETER',
              sub_msg: '参数无效',
            });
          const payment = known ?? {
            out_trade_no: biz.out_trade_no!,
            total_amount: biz.total_amount!,
            qr_code: `https://qr.alipay.com/bax0${++seq}`,
            state: 'CREATED' as const,
            asked: { ...biz, ...(fields.notify_url ? { notify_url: fields.notify_url } : {}) },
          };
          payments.set(payment.out_trade_no, payment);
          return answer(
            { code: '10000', msg: 'Success', out_trade_no: payment.out_trade_no, qr_code: payment.qr_code },
            signWith,
          );
        }
        if (method === 'alipay.trade.query' || method === 'alipay.trade.close') {
          const p = payments.get(biz.out_trade_no!);
          // Precreated and never scanned, the trade does not exist at Alipay yet.
          if (!p || p.state === 'CREATED') {
            if (p && method === 'alipay.trade.close') p.state = 'TRADE_CLOSED';
            return answer(notExist, signWith);
          }
          if (method === 'alipay.trade.close') {
            if (p.state === 'TRADE_SUCCESS')
              return answer({
                code: '40004',
                msg: 'Business Failed',
                sub_code: 'ACQ.REASON_TRADE_STATUS_INVALID',
                sub_msg: '交易状态不合法',
              });
            p.state = 'TRADE_CLOSED';
            return answer(
              { code: '10000', msg: 'Success', out_trade_no: p.out_trade_no, trade_no: p.trade_no },
              signWith,
            );
          }
          return answer(
            {
              code: '10000',
              msg: 'Success',
              out_trade_no: p.out_trade_no,
              trade_no: p.trade_no,
              trade_status: p.state,
              total_amount: p.total_amount,
            },
            signWith,
          );
        }
        if (method === 'alipay.trade.fastpay.refund.query') {
          const known = refunds.get(biz.out_request_no!);
          // Alipay answers a refund it never took with success and no refund fields.
          return answer(
            known
              ? { code: '10000', msg: 'Success', ...known, refund_status: 'REFUND_SUCCESS' }
              : { code: '10000', msg: 'Success' },
            signWith,
          );
        }
        return answer({
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'isv.invalid-method',
          sub_msg: '不存在的方法名',
        });
      };
      if (scripted.hold) setTimeout(reply, scripted.hold);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
  return double;
}
