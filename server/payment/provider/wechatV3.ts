/**
 * WeChat Pay's API v3 (JSON, `WECHATPAY2-SHA256-RSA2048`), on
 * `wechatpay-axios-plugin`: it signs each request with the merchant's API
 * key and checks each 2xx answer's signature against the platform's
 * certificates (or WeChat Pay public key) by their serial, within five
 * minutes of its timestamp. What is written here is the mapping of the
 * protocol's answers to the console's refund states, and the notification's
 * check and decryption (the plugin has the pieces, not the whole: the
 * signature over `timestamp\nnonce\nbody\n`, then AEAD_AES_256_GCM with the
 * API v3 key).
 *
 * A sub-merchant refunds through its service provider's credentials with its
 * sub-merchant id in the request (`sub_mchid`).
 */
import { Agent } from 'node:https';
import { createHash, X509Certificate } from 'node:crypto';
import { isAxiosError, type AxiosInstance } from 'axios';
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
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
  type RefundState,
} from './types.js';

/** What the platform answers a refund or a query with (the fields the console reads). */
interface V3Refund {
  refund_id: string;
  out_refund_no: string;
  status: 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';
}

/** A platform key: a certificate (whose end is read from it) or a WeChat Pay public key, by its serial or id. */
export interface PlatformKey {
  id: string;
  pem: string;
}

/** A payment as the platform answers a query or tells of it in a notification (the fields the console reads). */
interface V3Transaction {
  out_trade_no: string;
  transaction_id?: string;
  trade_state: 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';
  amount?: { total: number };
}

/** What a failed call was: the platform's refusal (its code), a resource it does not know, or no trustworthy answer. */
type Failure = { kind: 'failed' | 'missing' | 'unknown'; code: string; message?: string | undefined };

export interface WechatV3Credentials {
  /** The public account (or mini-program) a QR payment is made in. */
  appId: string;
  /** The mini-program its members pay in (JSAPI); none: `appId`. */
  miniAppId?: string | undefined;
  /** The merchant id (a sub-merchant's service provider's) and, for a sub-merchant, its own id. */
  merchantId: string;
  subMerchantId: string | null;
  /** The merchant API certificate's serial and its private key (PEM). */
  serial: string;
  privateKey: string;
  apiV3Key: string;
  platformKeys: readonly PlatformKey[];
  /** The platform's address (a setting: the tests point it at their double). */
  baseUrl: string;
  /** A certificate authority to trust besides the system's (the tests' double). */
  ca?: string | undefined;
  timeoutMs?: number | undefined;
}

/** The answer's signature and timestamp are checked within this much of the clock, as the platform's documents say. */
const CLOCK_OFFSET_S = 300;
const DEFAULT_TIMEOUT_MS = 10_000;

const STATES: Record<V3Refund['status'], Exclude<RefundState, 'unknown'>> = {
  SUCCESS: 'success',
  PROCESSING: 'processing',
  // Closed by the platform, or the money could not reach the payer's account: the refund did not happen.
  CLOSED: 'failed',
  ABNORMAL: 'failed',
};

/** The platform keys still valid now: an expired certificate verifies nothing (its answers are refused by serial). */
function liveKeys(keys: readonly PlatformKey[], now = Date.now()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    if (k.pem.includes('CERTIFICATE')) {
      const cert = new X509Certificate(k.pem);
      if (Date.parse(cert.validTo) < now) continue;
      out[k.id] = cert.publicKey.export({ type: 'spki', format: 'pem' }) as string;
    } else out[k.id] = k.pem;
  }
  return out;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/** A time as RFC 3339 in Beijing time (`2026-12-03T10:15:00+08:00`). */
const rfc3339Beijing = (at: Date) => `${beijingIso(at)}+08:00`;

const readTransaction = (t: V3Transaction): PaymentAnswer => ({
  state: WECHAT_TRADE_STATES[t.trade_state] ?? 'unknown',
  amount: t.amount?.total,
  platformNumber: t.transaction_id,
});

/**
 * A failed call, read: the platform's word (`failed`, or `missing` for a resource it does not hold) or no
 * trustworthy answer (`unknown`: a timeout, a busy platform, an answer whose signature does not verify). The
 * merchant's own signature refused means no call can go until the settings are fixed: thrown.
 */
function failure(e: unknown): Failure {
  // By its mark, not its class: the plugin requires axios's CommonJS build, whose class is not the ESM one's.
  if (!isAxiosError(e)) throw e;
  // The plugin's own checks of a 2xx answer: not the platform's word.
  if (e.code?.startsWith('EV3_RES_HEADER')) {
    const code = e.code === 'EV3_RES_HEADER_PLATFORM_SERIAL' ? 'CERTIFICATE' : 'SIGNATURE';
    return { kind: 'unknown', code, message: e.message };
  }
  const status = e.response?.status;
  const body = e.response?.data as { code?: string; message?: string } | undefined;
  if (status === undefined || status >= 500 || status === 429)
    return { kind: 'unknown', code: body?.code ?? (e.code === 'ECONNABORTED' ? 'TIMEOUT' : 'NETWORK') };
  if (status === 404 && (body?.code === 'RESOURCE_NOT_EXISTS' || body?.code === 'ORDER_NOT_EXIST'))
    return { kind: 'missing', code: 'NOT_FOUND' };
  if (status === 401) throw new ProviderError('credentials', `${body?.code ?? status}: ${body?.message ?? ''}`);
  return { kind: 'failed', code: body?.code ?? String(status), message: body?.message };
}

export class WechatV3Provider implements PaymentProvider {
  readonly name = 'wechat-v3';
  constructor(private readonly creds: WechatV3Credentials) {}

  /**
   * The client, made for each call: a platform certificate may have ended since the last. Without a live platform
   * key no answer could be believed, so nothing is sent (the refund waits, saying why).
   */
  private client(): AxiosInstance {
    const certs = liveKeys(this.creds.platformKeys);
    if (Object.keys(certs).length === 0) throw new ProviderError('certificate', 'no live platform certificate or key');
    const wxpay = new Wechatpay({
      mchid: this.creds.merchantId,
      serial: this.creds.serial,
      privateKey: this.creds.privateKey,
      certs,
      baseURL: this.creds.baseUrl,
      timeout: this.creds.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(this.creds.ca ? { httpsAgent: new Agent({ ca: this.creds.ca }) } : {}),
    });
    // The decorator's own axios instance: `wxpay.v3` is the chain's "v3" segment, whose `post` would go to /v3.
    return wxpay.client.v3;
  }

  async refund(ask: RefundAsk): Promise<RefundAnswer> {
    const client = this.client();
    return this.call(() =>
      client.post<V3Refund>('/v3/refund/domestic/refunds', {
        ...(this.creds.subMerchantId ? { sub_mchid: this.creds.subMerchantId } : {}),
        ...(ask.platformNumber ? { transaction_id: ask.platformNumber } : { out_trade_no: ask.orderNumber }),
        out_refund_no: ask.refundNumber,
        reason: ask.reason.slice(0, 80),
        ...(ask.notifyUrl ? { notify_url: ask.notifyUrl } : {}),
        amount: { refund: ask.amount, total: ask.total, currency: 'CNY' },
      }),
    );
  }

  async queryRefund({ refundNumber }: RefundRef): Promise<RefundAnswer> {
    const sub = this.creds.subMerchantId ? `?sub_mchid=${encodeURIComponent(this.creds.subMerchantId)}` : '';
    const client = this.client();
    return this.call(() =>
      client.get<V3Refund>(`/v3/refund/domestic/refunds/${encodeURIComponent(refundNumber)}${sub}`),
    );
  }

  /** One call's answer as a refund's state; a refusal that is the platform's word is `failed`, a silence `unknown`. */
  private async call(send: () => Promise<{ data: V3Refund }>): Promise<RefundAnswer> {
    try {
      const { data } = await send();
      return { state: STATES[data.status] ?? 'unknown', platformRefundId: data.refund_id };
    } catch (e) {
      const f = failure(e);
      return f.kind === 'missing'
        ? { state: 'failed', code: 'NOT_FOUND' }
        : { state: f.kind, code: f.code, message: f.message };
    }
  }

  async createNative(ask: PaymentAsk): Promise<NativeAnswer> {
    const client = this.client();
    const sub = this.creds.subMerchantId;
    try {
      const { data } = await client.post<{ code_url: string }>(
        sub ? '/v3/pay/partner/transactions/native' : '/v3/pay/transactions/native',
        {
          ...(sub
            ? { sp_appid: this.creds.appId, sp_mchid: this.creds.merchantId, sub_mchid: sub }
            : { appid: this.creds.appId, mchid: this.creds.merchantId }),
          description: ask.description.slice(0, 127),
          out_trade_no: ask.number,
          // RFC 3339 with the business zone's offset, as the platform's examples write it.
          time_expire: rfc3339Beijing(ask.expiresAt),
          ...(ask.notifyUrl ? { notify_url: ask.notifyUrl } : {}),
          amount: { total: ask.amount, currency: 'CNY' },
        },
      );
      return { state: 'created', codeUrl: data.code_url };
    } catch (e) {
      const f = failure(e);
      return { state: f.kind === 'missing' ? 'failed' : f.kind, code: f.code, message: f.message };
    }
  }

  /**
   * `transactions/jsapi` for the payer's openid in the mini-program (a sub-merchant's through its service
   * provider, the mini-program being the provider's `sp_appid`); the pay parameters signed with the merchant's key.
   */
  async createMiniProgram(ask: MiniProgramAsk): Promise<MiniProgramAnswer> {
    const client = this.client();
    const sub = this.creds.subMerchantId;
    const appId = this.creds.miniAppId || this.creds.appId;
    try {
      const { data } = await client.post<{ prepay_id: string }>(
        sub ? '/v3/pay/partner/transactions/jsapi' : '/v3/pay/transactions/jsapi',
        {
          ...(sub
            ? { sp_appid: appId, sp_mchid: this.creds.merchantId, sub_mchid: sub }
            : { appid: appId, mchid: this.creds.merchantId }),
          description: ask.description.slice(0, 127),
          out_trade_no: ask.number,
          time_expire: rfc3339Beijing(ask.expiresAt),
          ...(ask.notifyUrl ? { notify_url: ask.notifyUrl } : {}),
          amount: { total: ask.amount, currency: 'CNY' },
          payer: sub ? { sp_openid: ask.openid } : { openid: ask.openid },
        },
      );
      if (!data.prepay_id) return { state: 'unknown', code: 'NO_PREPAY_ID' };
      const timeStamp = Formatter.timestamp().toString();
      const nonceStr = Formatter.nonce(32);
      const pack = `prepay_id=${data.prepay_id}`;
      const paySign = Rsa.sign(Formatter.joinedByLineFeed(appId, timeStamp, nonceStr, pack), this.creds.privateKey);
      return {
        state: 'created',
        pay: { appId, timeStamp, nonceStr, package: pack, signType: 'RSA', paySign },
      };
    } catch (e) {
      const f = failure(e);
      return { state: f.kind === 'missing' ? 'failed' : f.kind, code: f.code, message: f.message };
    }
  }

  /** The payment's path at the platform, and the merchant ids its query or close names. */
  private paymentPath(number: string): { path: string; ids: Record<string, string> } {
    const sub = this.creds.subMerchantId;
    const no = encodeURIComponent(number);
    return sub
      ? {
          path: `/v3/pay/partner/transactions/out-trade-no/${no}`,
          ids: { sp_mchid: this.creds.merchantId, sub_mchid: sub },
        }
      : { path: `/v3/pay/transactions/out-trade-no/${no}`, ids: { mchid: this.creds.merchantId } };
  }

  async queryPayment(number: string): Promise<PaymentAnswer> {
    const client = this.client();
    const { path, ids } = this.paymentPath(number);
    try {
      const { data } = await client.get<V3Transaction>(`${path}?${new URLSearchParams(ids).toString()}`);
      return readTransaction(data);
    } catch (e) {
      const f = failure(e);
      return { state: f.kind === 'failed' ? 'unknown' : f.kind, code: f.code };
    }
  }

  async closePayment(number: string): Promise<void> {
    const client = this.client();
    const { path, ids } = this.paymentPath(number);
    // The query after tells what came of it: a refusal (already paid, already closed) is not an error here.
    await client.post(`${path}/close`, ids).catch((e: unknown) => {
      failure(e);
    });
  }

  /**
   * The day's trade bill: its address and hash asked for (a signed answer), then the file itself from that address
   * (a download the platform does not sign: its SHA-1 from the signed answer is its proof).
   */
  async downloadBill(day: string): Promise<BillFile | null> {
    const client = this.client();
    const sub = this.creds.subMerchantId ? `&sub_mchid=${encodeURIComponent(this.creds.subMerchantId)}` : '';
    let address: { download_url: string; hash_type?: string; hash_value?: string };
    try {
      ({ data: address } = await client.get(`/v3/bill/tradebill?bill_date=${day}&bill_type=ALL${sub}`));
    } catch (e) {
      const f = failure(e);
      // No payment that day: no bill. Anything else (not yet made, the platform down) is asked again later.
      if (f.code === 'NO_STATEMENT_EXIST') return null;
      throw new Error(`bill ${day}: ${f.code}`, { cause: e });
    }
    // By its path on the platform's host, as the plugin knows the download addresses it does not verify.
    const at = new URL(address.download_url);
    const { data } = await client.get<ArrayBuffer>(at.pathname, {
      params: Object.fromEntries(at.searchParams),
      responseType: 'arraybuffer',
    });
    const bytes = Buffer.from(data);
    if (address.hash_value && createHash('sha1').update(bytes).digest('hex') !== address.hash_value.toLowerCase())
      throw new ProviderError('signature', `bill ${day}: the file is not the one the platform hashed`);
    return {
      name: `${this.creds.merchantId}_${day.replaceAll('-', '')}_ALL.csv`,
      bytes,
      merchantId: this.creds.merchantId,
    };
  }

  /** A notification's signature checked with the platform key it names, then its resource decrypted. */
  private readResource<T>(
    headers: Record<string, string | string[] | undefined>,
    body: string,
  ): { id?: string; data: T } {
    const [timestamp, nonce, signature, serial] = [
      'Wechatpay-Timestamp',
      'Wechatpay-Nonce',
      'Wechatpay-Signature',
      'Wechatpay-Serial',
    ].map((name) => header(headers, name));
    if (!timestamp || !nonce || !signature || !serial)
      throw new ProviderError('malformed', 'signature headers missing');
    const key = liveKeys(this.creds.platformKeys)[serial];
    if (!key) throw new ProviderError('certificate', `no live platform key ${serial}`);
    if (Math.abs(Number(Formatter.timestamp()) - Number(timestamp)) > CLOCK_OFFSET_S)
      throw new ProviderError('signature', 'timestamp too far from now');
    if (!Rsa.verify(Formatter.response(timestamp, nonce, body), signature, key))
      throw new ProviderError('signature', 'signature does not verify');
    try {
      const notice = JSON.parse(body) as {
        id?: string;
        resource?: { ciphertext: string; nonce: string; associated_data?: string };
      };
      const r = notice.resource!;
      const data = JSON.parse(
        Aes.AesGcm.decrypt(r.ciphertext, this.creds.apiV3Key, r.nonce, r.associated_data ?? ''),
      ) as T;
      return { id: notice.id, data };
    } catch {
      throw new ProviderError('malformed', 'resource does not decrypt');
    }
  }

  readPaymentNotice(headers: Record<string, string | string[] | undefined>, body: string): PaymentNotice {
    const { id, data } = this.readResource<V3Transaction>(headers, body);
    const read = readTransaction(data);
    if (!id || !data.out_trade_no || (read.state !== 'paid' && read.state !== 'closed') || read.amount === undefined)
      throw new ProviderError('malformed', 'fields missing');
    return {
      noticeId: id,
      number: data.out_trade_no,
      state: read.state,
      amount: read.amount,
      platformNumber: read.platformNumber,
    };
  }

  readRefundNotice(headers: Record<string, string | string[] | undefined>, body: string): RefundNotice {
    const { id, data: refund } = this.readResource<{
      out_refund_no?: string;
      refund_id?: string;
      refund_status?: V3Refund['status'];
    }>(headers, body);
    const state = refund.refund_status ? STATES[refund.refund_status] : undefined;
    if (!id || !refund.out_refund_no || !state) throw new ProviderError('malformed', 'fields missing');
    return { noticeId: id, refundNumber: refund.out_refund_no, state, platformRefundId: refund.refund_id };
  }
}
