/**
 * A local double of WeChat Pay's API v3 refunds, written from the platform's
 * published protocol (pay.weixin.qq.com, "签名生成", "签名验证", "申请退款",
 * "查询单笔退款", "退款结果通知"), over HTTPS:
 * - every request's `Authorization` (WECHATPAY2-SHA256-RSA2048) is checked
 *   against the merchant certificate registered for its serial: a request
 *   signed wrongly is answered 401 SIGN_ERROR, as the platform does;
 * - a refund is kept by its `out_refund_no` (a repeat returns the same
 *   refund, never a second one), refused NOT_ENOUGH beyond the payment;
 * - every 2xx answer is signed with the platform key the test made
 *   (`Wechatpay-Serial`, `-Timestamp`, `-Nonce`, `-Signature`);
 * - a notification is made as the platform sends one: the refund encrypted
 *   with AEAD_AES_256_GCM under the API v3 key, the body signed.
 * Its QR payments (Native, "Native下单", "查询订单", "关闭订单", "支付通知")
 * are kept by `out_trade_no`: asked again, the same code; `pay` and `close`
 * move them as a payer and the platform would.
 * Scripted faults: an answer held past the client's timeout, an answer signed
 * with another key, a platform error code.
 */
import { createCipheriv, createHash, createSign, createVerify, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { certificate, rsaKeys, type KeyPair } from '../../support/tls.js';

interface Refund {
  refund_id: string;
  out_refund_no: string;
  out_trade_no?: string;
  transaction_id?: string;
  status: 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';
  amount: { refund: number; total: number; currency: 'CNY' };
}

interface Payment {
  out_trade_no: string;
  transaction_id?: string;
  trade_state: 'SUCCESS' | 'NOTPAY' | 'CLOSED';
  amount: { total: number; currency: 'CNY' };
  code_url: string;
  notify_url?: string;
}

export interface WechatV3Double {
  /** Trade bills by day (`YYYY-MM-DD`): what the download address gives. */
  bills: Map<string, Buffer>;
  /** QR payments by `out_trade_no`, and the bodies of the requests that made them. */
  payments: Map<string, Payment & { asked: Record<string, unknown> }>;
  /** The payer scans and pays (a payment not yet closed). */
  pay(number: string): void;
  /** A payment notification as the platform posts it. */
  paymentNotice(number: string, options?: { signWith?: string }): { headers: Record<string, string>; body: string };
  url: string;
  /** The double's own TLS certificate: the adapter's `ca`. */
  ca: string;
  platformSerial: string;
  platformKeys: KeyPair;
  /** Refunds by `out_refund_no`, and how many refund requests (repeats included) came for each. */
  refunds: Map<string, Refund>;
  asked: Map<string, number>;
  /** What the next call answers instead of its work: held past `ms`, signed with another key, or a platform error. */
  next: {
    hold?: number;
    badSignature?: boolean;
    error?: { status: number; code: string; message: string };
    /** The bill's answer names a hash the file does not have. */
    badHash?: boolean;
  };
  /** How a refund taken now stands until `settle` changes it. */
  settle(refundNumber: string, status: Refund['status']): void;
  /** A refund notification as the platform posts it: the headers and the raw body. */
  notice(
    refundNumber: string,
    options?: { signWith?: string; serial?: string },
  ): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

const sign = (privateKey: string, message: string) =>
  createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');

/** Parses `WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",…`. */
function authorization(value: string | undefined): Record<string, string> | null {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(value ?? '');
  if (!m) return null;
  return Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1]!, x[2]!]));
}

export async function startWechatV3Double(opts: {
  merchantId: string;
  /** The merchant certificates' public keys by serial. */
  merchantKeys: Record<string, string>;
  apiV3Key: string;
}): Promise<WechatV3Double> {
  const tls = rsaKeys();
  const ca = certificate(tls);
  const platformKeys = rsaKeys();
  const other = rsaKeys();
  const platformSerial = '5157F09EFDC096DE15EBE81A47057A72';
  const refunds = new Map<string, Refund>();
  const payments: WechatV3Double['payments'] = new Map();
  const asked = new Map<string, number>();
  let seq = 0;

  const signed = (body: string, key = platformKeys.privateKey) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'Wechatpay-Serial': platformSerial,
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': sign(key, `${timestamp}\n${nonce}\n${body}\n`),
    };
  };

  /** A resource as the platform encrypts it into a notification, and the notification's signed body. */
  const notification = (id: string, event: string, type: string, plain: unknown, key = platformKeys.privateKey) => {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', opts.apiV3Key, nonce);
    cipher.setAAD(Buffer.from(type));
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(plain), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const body = JSON.stringify({
      id,
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: event,
      resource: {
        original_type: type,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ciphertext.toString('base64'),
        associated_data: type,
        nonce,
      },
    });
    return { headers: signed(body, key), body };
  };

  const double: WechatV3Double = {
    url: '',
    bills: new Map(),
    payments,
    pay(number) {
      const p = payments.get(number)!;
      if (p.trade_state !== 'NOTPAY') throw new Error(`payment ${number} is ${p.trade_state}`);
      Object.assign(p, { trade_state: 'SUCCESS', transaction_id: `42000${++seq}` });
    },
    paymentNotice(number, options = {}) {
      const { asked: _asked, code_url: _code, notify_url: _notify, ...p } = payments.get(number)!;
      return notification(
        `EV-${p.transaction_id}`,
        'TRANSACTION.SUCCESS',
        'transaction',
        { mchid: opts.merchantId, ...p, amount: { ...p.amount, payer_total: p.amount.total } },
        options.signWith,
      );
    },
    ca,
    platformSerial,
    platformKeys,
    refunds,
    asked,
    next: {},
    settle(refundNumber, status) {
      refunds.get(refundNumber)!.status = status;
    },
    notice(refundNumber, options = {}) {
      const r = refunds.get(refundNumber)!;
      const plain = JSON.stringify({
        mchid: opts.merchantId,
        out_trade_no: r.out_trade_no,
        transaction_id: r.transaction_id,
        out_refund_no: r.out_refund_no,
        refund_id: r.refund_id,
        refund_status: r.status,
        amount: { ...r.amount, payer_refund: r.amount.refund },
      });
      const { headers, body } = notification(
        `EV-${r.refund_id}-${r.status}`,
        `REFUND.${r.status}`,
        'refund',
        JSON.parse(plain),
        options.signWith,
      );
      if (options.serial) headers['Wechatpay-Serial'] = options.serial;
      return { headers, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer({ key: tls.privateKey, cert: ca }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = (status: number, content: unknown, signWith?: string) => {
        const text = JSON.stringify(content);
        const headers = status < 300 ? signed(text, signWith) : {};
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
      };
      // The request's signature, as the platform checks it: the merchant certificate named by serial_no.
      const auth = authorization(req.headers.authorization);
      const key = auth?.serial_no ? opts.merchantKeys[auth.serial_no] : undefined;
      const message = `${req.method}\n${req.url}\n${auth?.timestamp}\n${auth?.nonce_str}\n${body}\n`;
      if (
        !auth ||
        auth.mchid !== opts.merchantId ||
        !key ||
        !createVerify('RSA-SHA256')
          .update(message)
          .verify(key, auth.signature ?? '', 'base64')
      )
        return answer(401, { code: 'SIGN_ERROR', message: '签名错误' });
      const scripted = double.next;
      double.next = {};
      const reply = () => {
        if (scripted.error) return answer(scripted.error.status, scripted.error);
        const signWith = scripted.badSignature ? other.privateKey : undefined;
        const url = new URL(req.url!, 'https://double');
        if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
          const ask = JSON.parse(body) as Omit<Refund, 'refund_id' | 'status'>;
          asked.set(ask.out_refund_no, (asked.get(ask.out_refund_no) ?? 0) + 1);
          const known = refunds.get(ask.out_refund_no);
          if (known) return answer(200, known, signWith);
          if (ask.amount.refund > ask.amount.total)
            return answer(403, { code: 'NOT_ENOUGH', message: '基本账户余额不足' });
          const refund: Refund = { ...ask, refund_id: `50300${++seq}`, status: 'PROCESSING' };
          refunds.set(ask.out_refund_no, refund);
          return answer(200, refund, signWith);
        }
        // A QR payment (native), or one in the mini-program (jsapi), which names its payer.
        const kind = /^\/v3\/pay(?:\/partner)?\/transactions\/(native|jsapi)$/.exec(url.pathname)?.[1];
        if (req.method === 'POST' && kind) {
          const ask = JSON.parse(body) as Record<string, unknown> & Pick<Payment, 'out_trade_no' | 'amount'>;
          const payer = ask.payer as { openid?: string; sp_openid?: string } | undefined;
          if (kind === 'jsapi' && !(payer?.openid ?? payer?.sp_openid))
            return answer(400, { code: 'PARAM_ERROR', message: '缺少 payer' });
          const known = payments.get(ask.out_trade_no);
          if (known && known.trade_state !== 'NOTPAY')
            return answer(400, { code: 'ORDERPAID', message: '订单已支付或已关闭' });
          if (!ask.description || !(ask.appid ?? ask.sp_appid) || !(ask.amount.total > 0))
            return answer(400, { code: 'PARAM_ERROR', message: '参数错误' });
          const payment = known ?? {
            out_trade_no: ask.out_trade_no,
            trade_state: 'NOTPAY' as const,
            amount: { total: ask.amount.total, currency: 'CNY' as const },
            code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}`,
            asked: ask,
          };
          payments.set(ask.out_trade_no, payment);
          if (kind === 'jsapi') return answer(200, { prepay_id: `wx${randomBytes(8).toString('hex')}` }, signWith);
          return answer(200, { code_url: payment.code_url }, signWith);
        }
        const payment = /^\/v3\/pay(?:\/partner)?\/transactions\/out-trade-no\/([^/]+?)(\/close)?$/.exec(url.pathname);
        if (payment) {
          const known = payments.get(decodeURIComponent(payment[1]!));
          if (!known) return answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
          if (payment[2]) {
            if (known.trade_state === 'NOTPAY') known.trade_state = 'CLOSED';
            res.writeHead(204, signed('')).end();
            return;
          }
          const { asked: _asked, code_url: _code, notify_url: _notify, ...shown } = known;
          return answer(200, { mchid: opts.merchantId, ...shown }, signWith);
        }
        if (req.method === 'GET' && url.pathname === '/v3/bill/tradebill') {
          const day = url.searchParams.get('bill_date') ?? '';
          const bill = double.bills.get(day);
          if (!bill) return answer(400, { code: 'NO_STATEMENT_EXIST', message: '账单文件不存在' });
          const hash = createHash('sha1').update(bill).digest('hex');
          return answer(
            200,
            {
              hash_type: 'SHA1',
              hash_value: scripted.badHash ? hash.replace(/^./, (c) => (c === '0' ? '1' : '0')) : hash,
              download_url: `${double.url}v3/billdownload/file?token=${day}`,
            },
            signWith,
          );
        }
        if (req.method === 'GET' && url.pathname === '/v3/billdownload/file') {
          // The file itself: not signed (the signed answer's hash is its proof).
          res
            .writeHead(200, { 'content-type': 'application/octet-stream' })
            .end(double.bills.get(url.searchParams.get('token') ?? ''));
          return;
        }
        const query = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
        if (req.method === 'GET' && query) {
          const known = refunds.get(decodeURIComponent(query[1]!));
          return known
            ? answer(200, known, signWith)
            : answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
        }
        return answer(404, { code: 'NOT_FOUND', message: '无此接口' });
      };
      if (scripted.hold) setTimeout(reply, scripted.hold);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return double;
}
