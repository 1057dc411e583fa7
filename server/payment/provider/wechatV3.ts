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
import { X509Certificate } from 'node:crypto';
import { isAxiosError, type AxiosInstance } from 'axios';
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import {
  ProviderError,
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

export interface WechatV3Credentials {
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
      // By its mark, not its class: the plugin requires axios's CommonJS build, whose class is not the ESM one's.
      if (!isAxiosError(e)) throw e;
      // The plugin's own checks of a 2xx answer: not the platform's word, so the refund's fate is unknown.
      if (e.code?.startsWith('EV3_RES_HEADER')) {
        const code = e.code === 'EV3_RES_HEADER_PLATFORM_SERIAL' ? 'CERTIFICATE' : 'SIGNATURE';
        return { state: 'unknown', code, message: e.message };
      }
      const status = e.response?.status;
      const body = e.response?.data as { code?: string; message?: string } | undefined;
      // No answer, or the platform busy: it may have taken the refund, which a query tells.
      if (status === undefined || status >= 500 || status === 429)
        return { state: 'unknown', code: body?.code ?? (e.code === 'ECONNABORTED' ? 'TIMEOUT' : 'NETWORK') };
      if (status === 404 && body?.code === 'RESOURCE_NOT_EXISTS') return { state: 'failed', code: 'NOT_FOUND' };
      // The merchant's own signature refused, or its credentials not the platform's: no refund can go until fixed.
      if (status === 401) throw new ProviderError('credentials', `${body?.code ?? status}: ${body?.message ?? ''}`);
      return { state: 'failed', code: body?.code ?? String(status), message: body?.message };
    }
  }

  readRefundNotice(headers: Record<string, string | string[] | undefined>, body: string): RefundNotice {
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
    let notice: { id?: string; resource?: { ciphertext: string; nonce: string; associated_data?: string } };
    let refund: { out_refund_no?: string; refund_id?: string; refund_status?: V3Refund['status'] };
    try {
      notice = JSON.parse(body) as typeof notice;
      const r = notice.resource!;
      refund = JSON.parse(
        Aes.AesGcm.decrypt(r.ciphertext, this.creds.apiV3Key, r.nonce, r.associated_data ?? ''),
      ) as typeof refund;
    } catch {
      throw new ProviderError('malformed', 'resource does not decrypt');
    }
    const state = refund.refund_status ? STATES[refund.refund_status] : undefined;
    if (!notice.id || !refund.out_refund_no || !state) throw new ProviderError('malformed', 'fields missing');
    return { noticeId: notice.id, refundNumber: refund.out_refund_no, state, platformRefundId: refund.refund_id };
  }
}
