/**
 * A local double of WeChat Pay's API v2 refunds, written from the platform's
 * published protocol (pay.weixin.qq.com/wiki/doc/api: "安全规范", "申请退款",
 * "查询退款", "退款结果通知"), over HTTPS:
 * - every request's `sign` (MD5 or HMAC-SHA256 over the sorted non-empty
 *   fields but `sign`, then `&key=` the API key, upper-case hex) is checked:
 *   a request signed wrongly is answered `return_code` FAIL 签名错误;
 * - the refund (`/secapi/pay/refund`) needs the merchant's certificate as the
 *   client certificate of the TLS connection, as the platform does;
 * - a refund is kept by its `out_refund_no` (a repeat answers the same
 *   refund, never a second one), refused NOTENOUGH beyond the payment;
 * - every answer is signed with the API key; a notification is made as the
 *   platform posts one: the refund's fields in `req_info`, AES-256-ECB under
 *   the MD5 of the API key.
 * Its QR payments (`unifiedorder` NATIVE, or JSAPI in the mini-program, `orderquery`, `closeorder`, "支付结果通知")
 * are kept by `out_trade_no`: asked again with the same fields, the same code.
 * Its XML is read and written here by hand (the messages are flat), not by the
 * adapter's library, so that a fault of that library cannot hide on both sides.
 */
import { createCipheriv, createHash, createHmac, X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { certificate, rsaKeys } from '../../support/tls.js';

type Fields = Record<string, string>;

const toXml = (fields: Fields) =>
  `<xml>${Object.entries(fields)
    .map(([k, v]) => `<${k}><![CDATA[${v}]]></${k}>`)
    .join('')}</xml>`;
const fromXml = (xml: string): Fields =>
  Object.fromEntries(
    [...xml.matchAll(/<(\w+)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g)]
      .filter((m) => m[1] !== 'xml' && m[1] !== 'root')
      .map((m) => [m[1]!, m[2] ?? m[3] ?? '']),
  );

export function v2Sign(fields: Fields, key: string, type = fields.sign_type ?? 'MD5'): string {
  const text = `${Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&')}&key=${key}`;
  return (type === 'HMAC-SHA256' ? createHmac('sha256', key).update(text) : createHash('md5').update(text))
    .digest('hex')
    .toUpperCase();
}

interface Refund {
  out_refund_no: string;
  out_trade_no: string;
  refund_id: string;
  refund_fee: string;
  total_fee: string;
  status: 'SUCCESS' | 'PROCESSING' | 'REFUNDCLOSE' | 'CHANGE';
  /** A sub-merchant's, when its service provider asked; where the merchant asked to be told of the end. */
  sub_mch_id?: string;
  notify_url?: string;
}

interface Payment {
  out_trade_no: string;
  total_fee: string;
  trade_state: 'SUCCESS' | 'NOTPAY' | 'CLOSED';
  transaction_id?: string;
  code_url: string;
  asked: Fields;
}

export interface WechatV2Double {
  url: string;
  /** Trade bills by day (`YYYY-MM-DD`): what `downloadbill` answers. */
  bills: Map<string, Buffer>;
  payments: Map<string, Payment>;
  /** The payer scans and pays. */
  pay(number: string): void;
  /** A payment notification as the platform posts it: signed XML (with another key when told). */
  paymentNotice(number: string, options?: { key?: string }): string;
  ca: string;
  refunds: Map<string, Refund>;
  asked: Map<string, number>;
  next: { hold?: number; badSignature?: boolean; errCode?: string };
  settle(refundNumber: string, status: Refund['status']): void;
  notice(refundNumber: string, options?: { key?: string }): string;
  close(): Promise<void>;
}

export async function startWechatV2Double(opts: {
  appId: string;
  merchantId: string;
  apiKey: string;
  /** The merchant certificate (PEM) the refund's TLS connection must present. */
  merchantCert: string;
}): Promise<WechatV2Double> {
  const tls = rsaKeys();
  const ca = certificate(tls);
  const merchantPrint = new X509Certificate(opts.merchantCert).fingerprint256;
  const refunds = new Map<string, Refund>();
  const asked = new Map<string, number>();
  const payments = new Map<string, Payment>();
  let seq = 0;

  const double: WechatV2Double = {
    url: '',
    bills: new Map(),
    ca,
    payments,
    pay(number) {
      const p = payments.get(number)!;
      if (p.trade_state !== 'NOTPAY') throw new Error(`payment ${number} is ${p.trade_state}`);
      Object.assign(p, { trade_state: 'SUCCESS', transaction_id: `42000${++seq}` });
    },
    paymentNotice(number, options = {}) {
      const p = payments.get(number)!;
      const fields: Fields = {
        return_code: 'SUCCESS',
        result_code: 'SUCCESS',
        appid: opts.appId,
        mch_id: opts.merchantId,
        nonce_str: 'Nc5L9kqz3xUv8RtY',
        openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
        trade_type: 'NATIVE',
        bank_type: 'OTHERS',
        total_fee: p.total_fee,
        cash_fee: p.total_fee,
        transaction_id: p.transaction_id!,
        out_trade_no: p.out_trade_no,
        time_end: '20261203094000',
        sign_type: 'HMAC-SHA256',
      };
      return toXml({ ...fields, sign: v2Sign(fields, options.key ?? opts.apiKey) });
    },
    refunds,
    asked,
    next: {},
    settle(refundNumber, status) {
      refunds.get(refundNumber)!.status = status;
    },
    notice(refundNumber, options = {}) {
      const r = refunds.get(refundNumber)!;
      const inner = `<root>${Object.entries({
        out_refund_no: r.out_refund_no,
        out_trade_no: r.out_trade_no,
        refund_id: r.refund_id,
        refund_fee: r.refund_fee,
        total_fee: r.total_fee,
        refund_status: r.status,
        success_time: '2026-12-03 09:40:00',
      })
        .map(([k, v]) => `<${k}><![CDATA[${v}]]></${k}>`)
        .join('')}</root>`;
      const aesKey = createHash('md5')
        .update(options.key ?? opts.apiKey)
        .digest('hex');
      const cipher = createCipheriv('aes-256-ecb', aesKey, null);
      const reqInfo = Buffer.concat([cipher.update(inner, 'utf8'), cipher.final()]).toString('base64');
      return toXml({
        return_code: 'SUCCESS',
        appid: opts.appId,
        mch_id: opts.merchantId,
        nonce_str: 'TeqClE3i0mvn3DrK',
        req_info: reqInfo,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer(
    { key: tls.privateKey, cert: ca, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const fields = fromXml(Buffer.concat(chunks).toString('utf8'));
        const scripted = double.next;
        const answer = (content: Fields) => {
          // Signed over what it shows, in the request's sign type (which the answer does not repeat).
          const shown = { ...content, nonce_str: 'ZaqXswCde3Vfr4Bg' };
          const sign = v2Sign(shown, scripted.badSignature ? 'x'.repeat(32) : opts.apiKey, fields.sign_type ?? 'MD5');
          res.writeHead(200, { 'content-type': 'text/xml' }).end(toXml({ ...shown, sign }));
        };
        const fail = (msg: string) =>
          res.writeHead(200, { 'content-type': 'text/xml' }).end(toXml({ return_code: 'FAIL', return_msg: msg }));
        const path = new URL(req.url!, 'https://double').pathname;
        if (fields.mch_id !== opts.merchantId || fields.sign !== v2Sign(fields, opts.apiKey)) return fail('签名错误');
        if (path === '/secapi/pay/refund') {
          const peer = (req.socket as TLSSocket).getPeerCertificate();
          if (!peer?.fingerprint256 || peer.fingerprint256 !== merchantPrint) return fail('请使用商户证书');
        }
        double.next = {};
        const base = { return_code: 'SUCCESS', appid: opts.appId, mch_id: opts.merchantId };
        const reply = () => {
          if (scripted.errCode)
            return answer({ ...base, result_code: 'FAIL', err_code: scripted.errCode, err_code_des: '系统错误' });
          if (path === '/secapi/pay/refund') {
            asked.set(fields.out_refund_no!, (asked.get(fields.out_refund_no!) ?? 0) + 1);
            let refund = refunds.get(fields.out_refund_no!);
            if (!refund) {
              if (Number(fields.refund_fee) > Number(fields.total_fee))
                return answer({ ...base, result_code: 'FAIL', err_code: 'NOTENOUGH', err_code_des: '余额不足' });
              refund = {
                out_refund_no: fields.out_refund_no!,
                out_trade_no: fields.out_trade_no ?? '',
                refund_id: `50000${++seq}`,
                refund_fee: fields.refund_fee!,
                total_fee: fields.total_fee!,
                status: 'PROCESSING',
                ...(fields.sub_mch_id ? { sub_mch_id: fields.sub_mch_id } : {}),
                ...(fields.notify_url ? { notify_url: fields.notify_url } : {}),
              };
              refunds.set(refund.out_refund_no, refund);
            }
            const { status: _, ...shown } = refund;
            return answer({ ...base, result_code: 'SUCCESS', ...shown });
          }
          if (path === '/pay/downloadbill') {
            const d = fields.bill_date ?? '';
            const bill = double.bills.get(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`);
            // The bill is the answer itself, not XML; none is a FAIL with its error code.
            if (!bill)
              return res
                .writeHead(200, { 'content-type': 'text/xml' })
                .end(toXml({ return_code: 'FAIL', return_msg: 'No Bill Exist', error_code: '20002' }));
            return res.writeHead(200, { 'content-type': 'text/plain' }).end(bill);
          }
          if (path === '/pay/unifiedorder') {
            const known = payments.get(fields.out_trade_no!);
            if (known && known.trade_state !== 'NOTPAY')
              return answer({ ...base, result_code: 'FAIL', err_code: 'ORDERPAID', err_code_des: '该订单已支付' });
            if (known && known.total_fee !== fields.total_fee)
              return answer({ ...base, result_code: 'FAIL', err_code: 'INVALID_REQUEST', err_code_des: '参数错误' });
            // A QR payment, or one in the mini-program (JSAPI), which names its payer.
            const kind = fields.trade_type === 'JSAPI' && fields.openid ? 'JSAPI' : fields.trade_type;
            if (
              (kind !== 'NATIVE' && kind !== 'JSAPI') ||
              !fields.body ||
              !fields.notify_url ||
              !fields.spbill_create_ip
            )
              return answer({ ...base, result_code: 'FAIL', err_code: 'PARAM_ERROR', err_code_des: '参数错误' });
            const payment = known ?? {
              out_trade_no: fields.out_trade_no!,
              total_fee: fields.total_fee!,
              trade_state: 'NOTPAY' as const,
              code_url: `weixin://wxpay/bizpayurl?pr=v2${++seq}`,
              asked: fields,
            };
            payments.set(payment.out_trade_no, payment);
            return answer({
              ...base,
              result_code: 'SUCCESS',
              trade_type: kind!,
              prepay_id: `wx${seq}`,
              ...(kind === 'NATIVE' ? { code_url: payment.code_url } : {}),
            });
          }
          if (path === '/pay/orderquery' || path === '/pay/closeorder') {
            const payment = payments.get(fields.out_trade_no!);
            if (!payment)
              return answer({
                ...base,
                result_code: 'FAIL',
                err_code: 'ORDERNOTEXIST',
                err_code_des: '此交易订单号不存在',
              });
            if (path === '/pay/closeorder') {
              if (payment.trade_state === 'SUCCESS')
                return answer({ ...base, result_code: 'FAIL', err_code: 'ORDERPAID', err_code_des: '订单已支付' });
              payment.trade_state = 'CLOSED';
              return answer({ ...base, result_code: 'SUCCESS' });
            }
            return answer({
              ...base,
              result_code: 'SUCCESS',
              out_trade_no: payment.out_trade_no,
              trade_state: payment.trade_state,
              total_fee: payment.total_fee,
              ...(payment.transaction_id ? { transaction_id: payment.transaction_id } : {}),
            });
          }
          if (path === '/pay/refundquery') {
            const refund = refunds.get(fields.out_refund_no!);
            if (!refund)
              return answer({
                ...base,
                result_code: 'FAIL',
                err_code: 'REFUNDNOTEXIST',
                err_code_des: '退款订单查询失败',
              });
            return answer({
              ...base,
              result_code: 'SUCCESS',
              out_trade_no: refund.out_trade_no,
              refund_count: '1',
              out_refund_no_0: refund.out_refund_no,
              refund_id_0: refund.refund_id,
              refund_fee_0: refund.refund_fee,
              refund_status_0: refund.status,
            });
          }
          return fail('无此接口');
        };
        if (scripted.hold) setTimeout(reply, scripted.hold);
        else reply();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return double;
}
