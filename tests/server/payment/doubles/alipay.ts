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

export interface AlipayDouble {
  url: string;
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
  let seq = 0;

  const double: AlipayDouble = {
    url: '',
    ca,
    alipayKeys,
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
      // Alipay sends no empty field; every field it sends but `sign` and `sign_type` is signed.
      for (const k of Object.keys(fields)) if (fields[k] === '') delete fields[k];
      const { sign_type: _, ...signed } = fields;
      fields.sign = createSign('RSA-SHA256')
        .update(sortedText(signed))
        .sign(options.signWith ?? alipayKeys.privateKey, 'base64');
      return new URLSearchParams(fields).toString();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer({ key: tls.privateKey, cert: ca }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'https://double');
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
