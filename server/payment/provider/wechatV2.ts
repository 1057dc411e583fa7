/**
 * WeChat Pay's API v2 (signed XML) on `wechatpay-axios-plugin`: it adds the
 * nonce and the signature (HMAC-SHA256 with the merchant's 32-byte API key)
 * to each request, presents the merchant's p12 certificate where the
 * protocol asks for it (the refund: `security: true`), and checks each
 * answer's signature and its return and result codes. What is written here is
 * the mapping of the protocol's answers to the console's refund states and
 * the refund notification's decryption (`req_info`: AES-256-ECB under the MD5
 * of the API key; the notification carries no signature of its own, the
 * encryption is its proof).
 *
 * A sub-merchant refunds through its service provider's credentials with its
 * sub-merchant id in the request (`sub_mch_id`).
 *
 * A renewal's QR payment is `unifiedorder` with `trade_type` NATIVE (its
 * `code_url`), read by `orderquery` and closed by `closeorder`; its
 * notification is signed XML (the same signature as every answer).
 */
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:https';
import { isAxiosError, type AxiosInstance } from 'axios';
import * as wechatpay from 'wechatpay-axios-plugin';
import type { WechatpayAxiosPlugin } from 'wechatpay-axios-plugin';
import { openP12 } from '../check.js';
import { beijingIso, WECHAT_TRADE_STATES } from './common.js';
import {
  ProviderError,
  type BillFile,
  type MiniProgramAnswer,
  type MiniProgramAsk,
  type NativeAnswer,
  type PaymentAnswer,
  type PaymentAsk,
  type PaymentNotice,
  type PaymentProvider,
  type RefundAnswer,
  type RefundAsk,
  type RefundNotice,
  type RefundRef,
} from './types.js';

export interface WechatV2Credentials {
  /** The public account or mini-program the payments were made in. */
  appId: string;
  /** The mini-program its members pay in (JSAPI); none: `appId`. */
  miniAppId?: string | undefined;
  merchantId: string;
  subMerchantId: string | null;
  /** The API key (32 bytes) and the merchant's p12, base64, whose password is the merchant id. */
  apiKey: string;
  p12: string;
  baseUrl: string;
  /** A certificate authority to trust besides the system's (the tests' double). */
  ca?: string | undefined;
  timeoutMs?: number | undefined;
}

const DEFAULT_TIMEOUT_MS = 10_000;

// The plugin's API v2 half alone (its `Wechatpay` makes the v3 half too, which asks for v3's keys). The package
// exports the decorator at run time; its types keep it inside their namespace.
const { Aes, Decorator, Hash, Transformer } = wechatpay as unknown as {
  Aes: typeof WechatpayAxiosPlugin.Aes;
  Decorator: typeof WechatpayAxiosPlugin.Decorator;
  Hash: typeof WechatpayAxiosPlugin.Hash;
  Transformer: typeof WechatpayAxiosPlugin.Transformer;
};

/** Error codes after which the refund may have been taken, or may be asked again later: queried, never resent. */
const UNKNOWN_CODES = new Set(['SYSTEMERROR', 'BIZERR_NEED_RETRY', 'FREQUENCY_LIMITED']);

type Fields = Record<string, string | undefined>;

const STATUS: Record<string, RefundAnswer['state']> = {
  SUCCESS: 'success',
  PROCESSING: 'processing',
  REFUNDCLOSE: 'failed',
  // The money could not reach the payer's account: the refund did not happen.
  CHANGE: 'failed',
};

/** A time as API v2 writes it, in Beijing time (`20261203101500`). */
const beijingText = (at: Date) => beijingIso(at).replace(/[-T:]/g, '');

/** What a failed call was: the platform's word (`failed`, its code) or no trustworthy answer (`unknown`). */
type Failure = { state: 'failed' | 'unknown'; code: string; message?: string | undefined };

export class WechatV2Provider implements PaymentProvider {
  readonly name = 'wechat-v2';
  private readonly client: AxiosInstance;

  constructor(private readonly creds: WechatV2Credentials) {
    const { cert, key } = openP12(creds.p12, creds.merchantId);
    this.client = Decorator.xmlBased({
      mchid: creds.merchantId,
      secret: creds.apiKey,
      // The plugin makes the client-certificate agent from these on a `security` call; `ca` rides along.
      merchant: { cert, key, ...(creds.ca ? { ca: creds.ca } : {}) },
      baseURL: creds.baseUrl,
      timeout: creds.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(creds.ca ? { httpsAgent: new Agent({ ca: creds.ca }) } : {}),
    } as Parameters<typeof Decorator.xmlBased>[0]);
  }

  private miniApp(): string {
    return this.creds.miniAppId || this.creds.appId;
  }

  private base(): Fields {
    return {
      appid: this.creds.appId,
      mch_id: this.creds.merchantId,
      ...(this.creds.subMerchantId ? { sub_mch_id: this.creds.subMerchantId } : {}),
      sign_type: 'HMAC-SHA256',
    };
  }

  async refund(ask: RefundAsk): Promise<RefundAnswer> {
    const fields: Fields = {
      ...this.base(),
      ...(ask.platformNumber ? { transaction_id: ask.platformNumber } : { out_trade_no: ask.orderNumber }),
      out_refund_no: ask.refundNumber,
      total_fee: String(ask.total),
      refund_fee: String(ask.amount),
      refund_desc: ask.reason.slice(0, 80),
      ...(ask.notifyUrl ? { notify_url: ask.notifyUrl } : {}),
    };
    // Taken is not paid out: the end comes by notification or query.
    return this.call('/secapi/pay/refund', fields, true, (d) => ({
      state: 'processing',
      platformRefundId: d.refund_id,
    }));
  }

  async queryRefund({ refundNumber }: RefundRef): Promise<RefundAnswer> {
    return this.call('/pay/refundquery', { ...this.base(), out_refund_no: refundNumber }, false, (d) => ({
      state: STATUS[d.refund_status_0 ?? ''] ?? 'unknown',
      platformRefundId: d.refund_id_0,
    }));
  }

  private async call(
    path: string,
    fields: Fields,
    security: boolean,
    read: (data: Fields) => RefundAnswer,
  ): Promise<RefundAnswer> {
    const answer = await this.post(path, fields, security);
    if ('data' in answer) return read(answer.data);
    return answer.code === 'REFUNDNOTEXIST' ? { state: 'failed', code: 'NOT_FOUND' } : answer;
  }

  /** One signed call: its answer's fields (signature checked, `result_code` SUCCESS), or what its failure was. */
  private async post(path: string, fields: Fields, security = false): Promise<{ data: Fields } | Failure> {
    try {
      const { data } = await this.client.post<Fields>(path, fields, { security } as object);
      return { data };
    } catch (e) {
      // By its mark, not its class: the plugin requires axios's CommonJS build, whose class is not the ESM one's.
      if (!isAxiosError(e)) throw e;
      const data = e.response?.data as Fields | undefined;
      if (e.code === 'EV2_RES_SIGNATURE_NOT_EQUAL') return { state: 'unknown', code: 'SIGNATURE', message: e.message };
      if (e.code === 'EV2_RES_STATUS_CODE_NOT_SUCESS' && data) {
        // `return_code` FAIL: the call itself refused (a wrong signature or certificate, a wrong merchant).
        if (data.return_code !== 'SUCCESS') throw new ProviderError('credentials', data.return_msg ?? 'FAIL');
        const code = data.err_code ?? 'FAIL';
        if (UNKNOWN_CODES.has(code)) return { state: 'unknown', code, message: data.err_code_des };
        return { state: 'failed', code, message: data.err_code_des };
      }
      if (e.response === undefined || e.response.status >= 500)
        return { state: 'unknown', code: e.code === 'ECONNABORTED' ? 'TIMEOUT' : 'NETWORK' };
      return { state: 'unknown', code: String(e.response.status) };
    }
  }

  /** `unifiedorder` for a payment by the console's number, of the kind `trade` names (and its own fields). */
  private unifiedOrder(ask: PaymentAsk, trade: Fields) {
    return this.post('/pay/unifiedorder', {
      ...this.base(),
      body: ask.description.slice(0, 127),
      out_trade_no: ask.number,
      total_fee: String(ask.amount),
      // The protocol asks for the payer's address; the console is the only one it knows (a QR code, a mini-program).
      spbill_create_ip: '127.0.0.1',
      time_expire: beijingText(ask.expiresAt),
      ...(ask.notifyUrl ? { notify_url: ask.notifyUrl } : {}),
      ...trade,
    });
  }

  async createNative(ask: PaymentAsk): Promise<NativeAnswer> {
    const answer = await this.unifiedOrder(ask, { trade_type: 'NATIVE', product_id: ask.number });
    if (!('data' in answer)) return answer;
    return answer.data.code_url
      ? { state: 'created', codeUrl: answer.data.code_url }
      : { state: 'unknown', code: 'NO_CODE_URL' };
  }

  /** `unifiedorder` with `trade_type` JSAPI for the payer's openid; the pay parameters signed with the API key. */
  async createMiniProgram(ask: MiniProgramAsk): Promise<MiniProgramAnswer> {
    const answer = await this.unifiedOrder(ask, { appid: this.miniApp(), trade_type: 'JSAPI', openid: ask.openid });
    if (!('data' in answer)) return answer;
    if (!answer.data.prepay_id) return { state: 'unknown', code: 'NO_PREPAY_ID' };
    const unsigned = {
      appId: this.miniApp(),
      timeStamp: String(Math.floor(Date.now() / 1000)),
      nonceStr: randomBytes(16).toString('hex'),
      package: `prepay_id=${answer.data.prepay_id}`,
      signType: 'HMAC-SHA256' as const,
    };
    return { state: 'created', pay: { ...unsigned, paySign: Hash.sign('HMAC-SHA256', unsigned, this.creds.apiKey) } };
  }

  async queryPayment(number: string): Promise<PaymentAnswer> {
    const answer = await this.post('/pay/orderquery', { ...this.base(), out_trade_no: number });
    if (!('data' in answer))
      return answer.code === 'ORDERNOTEXIST'
        ? { state: 'missing', code: 'NOT_FOUND' }
        : { state: 'unknown', code: answer.code };
    const d = answer.data;
    return {
      state: WECHAT_TRADE_STATES[d.trade_state ?? ''] ?? 'unknown',
      amount: d.total_fee === undefined ? undefined : Number(d.total_fee),
      platformNumber: d.transaction_id,
    };
  }

  async closePayment(number: string): Promise<void> {
    // What came of it the query after tells (ORDERPAID: paid a moment before; ORDERCLOSED: already closed).
    await this.post('/pay/closeorder', { ...this.base(), out_trade_no: number });
  }

  /**
   * The day's trade bill (`downloadbill`, `bill_type=ALL`): the file itself is the answer, unsigned (the request
   * was); an XML answer instead is a refusal — "No Bill Exist" when nothing was paid that day.
   */
  async downloadBill(day: string): Promise<BillFile | null> {
    const { data } = await this.client.post<ArrayBuffer>(
      '/pay/downloadbill',
      { ...this.base(), bill_date: day.replaceAll('-', ''), bill_type: 'ALL' },
      // The file as it comes: the plugin's XML reading would make nothing of a CSV.
      { responseType: 'arraybuffer', transformResponse: [(d: unknown) => d] },
    );
    const bytes = Buffer.from(data);
    if (bytes.subarray(0, 5).toString() === '<xml>') {
      const refusal = Transformer.toObject(bytes.toString('utf8')) as Fields;
      if (/no bill exist/i.test(refusal.return_msg ?? '') || refusal.error_code === '20002') return null;
      if (refusal.return_msg === 'SIGNERROR' || /签名/.test(refusal.return_msg ?? ''))
        throw new ProviderError('credentials', refusal.return_msg ?? 'FAIL');
      throw new Error(`bill ${day}: ${refusal.return_msg ?? 'FAIL'}`);
    }
    return {
      name: `${this.creds.merchantId}_${day.replaceAll('-', '')}_ALL.csv`,
      bytes,
      merchantId: this.creds.merchantId,
    };
  }

  /** A payment notification: signed XML, like every answer, with the API key. */
  readPaymentNotice(_headers: Record<string, string | string[] | undefined>, body: string): PaymentNotice {
    let fields: Fields;
    try {
      fields = Transformer.toObject(body) as Fields;
    } catch {
      throw new ProviderError('malformed', 'not XML');
    }
    if (!fields.sign) throw new ProviderError('malformed', 'no signature');
    const expected = Hash.sign(fields.sign_type === 'HMAC-SHA256' ? 'HMAC-SHA256' : 'MD5', fields, this.creds.apiKey);
    if (!Hash.equals(expected, fields.sign)) throw new ProviderError('signature', 'signature does not verify');
    if (fields.mch_id !== this.creds.merchantId) throw new ProviderError('malformed', 'another merchant');
    const amount = Number(fields.total_fee);
    if (
      fields.return_code !== 'SUCCESS' ||
      fields.result_code !== 'SUCCESS' ||
      !fields.out_trade_no ||
      !fields.transaction_id ||
      !Number.isSafeInteger(amount)
    )
      throw new ProviderError('malformed', 'fields missing');
    return {
      noticeId: fields.transaction_id,
      number: fields.out_trade_no,
      state: 'paid',
      amount,
      platformNumber: fields.transaction_id,
    };
  }

  readRefundNotice(_headers: Record<string, string | string[] | undefined>, body: string): RefundNotice {
    let outer: Fields;
    let inner: Fields;
    try {
      outer = Transformer.toObject(body) as Fields;
      if (outer.mch_id !== this.creds.merchantId || !outer.req_info) throw new Error('not ours');
      inner = Transformer.toObject(Aes.AesEcb.decrypt(outer.req_info, Hash.md5(this.creds.apiKey))) as Fields;
    } catch {
      // Only the holder of the API key could have encrypted it: what does not decrypt is not the platform's.
      throw new ProviderError('signature', 'req_info does not decrypt under the API key');
    }
    const state = STATUS[inner.refund_status ?? ''];
    if (!inner.out_refund_no || !inner.refund_id || !state || state === 'unknown' || state === 'processing')
      throw new ProviderError('malformed', 'fields missing');
    return {
      noticeId: `${inner.refund_id}:${inner.refund_status}`,
      refundNumber: inner.out_refund_no,
      state,
      platformRefundId: inner.refund_id,
    };
  }
}
