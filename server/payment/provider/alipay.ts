/**
 * Alipay's open platform (RSA2 over the gateway's sorted parameters) on
 * Alipay's own `alipay-sdk`: it signs each request with the app's private key
 * and, asked to, checks the answer's signature with Alipay's public key; it
 * checks a notification's signature. What is written here is the mapping of
 * the protocol's answers to the console's refund states, as Alipay's
 * documents for `alipay.trade.refund` and `alipay.trade.fastpay.refund.query`
 * state it: a refund answered `10000` with `fund_change=Y` has paid out; with
 * `N` (or a repeat of the same `out_request_no`) the query says; a query
 * answered `10000` with `refund_status=REFUND_SUCCESS` has paid out, and one
 * without the refund's fields was never taken.
 *
 * A renewal's QR payment is `alipay.trade.precreate` (its `qr_code`), read by
 * `alipay.trade.query` and closed by `alipay.trade.close`; its notification
 * carries `trade_status` TRADE_SUCCESS (or TRADE_FINISHED) once paid.
 */
import { AlipaySdk, AlipayRequestError } from 'alipay-sdk';
import { Agent, request } from 'urllib';
import { beijingIso } from './common.js';
import {
  ProviderError,
  type BillFile,
  type NativeAnswer,
  type PaymentAnswer,
  type PaymentAsk,
  type PaymentNotice,
  type PaymentProvider,
  type PaymentState,
  type RefundAnswer,
  type RefundAsk,
  type RefundNotice,
  type RefundRef,
} from './types.js';

export interface AlipayCredentials {
  appId: string;
  /** The app's private key and Alipay's public key (PEM or bare base64, as Alipay's console hands them out). */
  privateKey: string;
  alipayPublicKey: string;
  /** The gateway's address (a setting: the tests point it at their double). */
  gateway: string;
  /** A certificate authority to trust besides the system's (the tests' double). */
  ca?: string | undefined;
  timeoutMs?: number | undefined;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Fen as Alipay's yuan text ("3.05"): exact, no floating point. */
export const yuanText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** A gateway answer's codes: `10000` success; `20000` the service down (unknown); `40004` business refusal. */
interface Answer {
  code?: string;
  msg?: string;
  subCode?: string;
  subMsg?: string;
  fundChange?: 'Y' | 'N';
  tradeNo?: string;
  outRequestNo?: string;
  refundStatus?: string;
  refundAmount?: string;
  qrCode?: string;
  billDownloadUrl?: string;
  tradeStatus?: string;
  totalAmount?: string;
}

/** Yuan text ("3.05") as fen; undefined for what is not an amount. */
const fenOf = (yuan: string | undefined) => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan ?? '');
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : undefined;
};

const TRADE_STATES: Record<string, PaymentState> = {
  WAIT_BUYER_PAY: 'pending',
  TRADE_SUCCESS: 'paid',
  // Paid and no longer refundable: it was paid.
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

/** A time as Alipay writes it, in Beijing time (`2026-12-03 10:15:00`). */
const beijingText = (at: Date) => beijingIso(at).replace('T', ' ');

/** Refusals after which the refund may still have been taken: asked again by query, never resent. */
const UNKNOWN_SUB_CODES = new Set(['ACQ.SYSTEM_ERROR', 'aop.ACQ.SYSTEM_ERROR']);

export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay';
  private readonly sdk: AlipaySdk;
  private readonly agent: Agent | undefined;

  constructor(private readonly creds: AlipayCredentials) {
    const bare = (key: string) => key.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    this.sdk = new AlipaySdk({
      appId: creds.appId,
      privateKey: bare(creds.privateKey),
      alipayPublicKey: bare(creds.alipayPublicKey),
      // The keys Alipay's tool makes for Node are PKCS#8.
      keyType: 'PKCS8',
      gateway: creds.gateway,
      timeout: creds.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(creds.ca ? { proxyAgent: new Agent({ connect: { ca: creds.ca } }) } : {}),
    });
    this.agent = creds.ca ? new Agent({ connect: { ca: creds.ca } }) : undefined;
  }

  async refund(ask: RefundAsk): Promise<RefundAnswer> {
    return this.call('alipay.trade.refund', {
      ...(ask.platformNumber ? { trade_no: ask.platformNumber } : { out_trade_no: ask.orderNumber }),
      refund_amount: yuanText(ask.amount),
      out_request_no: ask.refundNumber,
      refund_reason: ask.reason.slice(0, 256),
    });
  }

  async queryRefund(ref: RefundRef): Promise<RefundAnswer> {
    return this.call('alipay.trade.fastpay.refund.query', {
      ...(ref.platformNumber ? { trade_no: ref.platformNumber } : { out_trade_no: ref.orderNumber }),
      out_request_no: ref.refundNumber,
      query_options: ['gmt_refund_pay'],
    });
  }

  /** One gateway call: its answer, or why none can be believed (`unknown`, with a code). */
  private async exec(
    method: string,
    bizContent: Record<string, unknown>,
    extra: Record<string, string> = {},
  ): Promise<Answer | { unknown: string; message: string }> {
    try {
      return (await this.sdk.exec(method, { bizContent, ...extra }, { validateSign: true })) as Answer;
    } catch (e) {
      if (!(e instanceof AlipayRequestError)) throw e;
      // No answer, or one that did not verify: the refund's fate is unknown until a query can be believed.
      const cause = (e as { cause?: { name?: string } }).cause;
      // The SDK says a failed check in words of its own (验签失败); urllib names its timeouts' classes so.
      const code = e.message.startsWith('验签失败')
        ? 'SIGNATURE'
        : /Timeout/.test(cause?.name ?? '')
          ? 'TIMEOUT'
          : 'NETWORK';
      return { unknown: code, message: e.message };
    }
  }

  /** A refusal read: the merchant's credentials refused (thrown), a busy gateway (`unknown`), or its word. */
  private refusal(answer: Answer): { unknown: boolean; code: string; message?: string | undefined } {
    if (answer.subCode === 'isv.invalid-signature' || answer.subCode === 'isv.invalid-app-id')
      throw new ProviderError('credentials', `${answer.subCode}: ${answer.subMsg ?? ''}`);
    const unknown = answer.code === '20000' || (answer.subCode !== undefined && UNKNOWN_SUB_CODES.has(answer.subCode));
    return { unknown, code: answer.subCode ?? answer.code ?? 'FAIL', message: answer.subMsg ?? answer.msg };
  }

  private async call(method: string, bizContent: Record<string, unknown>): Promise<RefundAnswer> {
    const answer = await this.exec(method, bizContent);
    if ('unknown' in answer) return { state: 'unknown', code: answer.unknown, message: answer.message };
    if (answer.code === '10000') {
      if (method === 'alipay.trade.refund')
        return { state: answer.fundChange === 'Y' ? 'success' : 'processing', platformRefundId: answer.tradeNo };
      if (answer.refundStatus === 'REFUND_SUCCESS') return { state: 'success', platformRefundId: answer.tradeNo };
      // Answered, but without the refund: it was never taken (Alipay's documents for the query).
      return answer.outRequestNo ? { state: 'processing' } : { state: 'failed', code: 'NOT_FOUND' };
    }
    const r = this.refusal(answer);
    if (r.unknown) return { state: 'unknown', code: r.code, message: r.message };
    if (method === 'alipay.trade.fastpay.refund.query' && answer.subCode === 'ACQ.TRADE_NOT_EXIST')
      return { state: 'failed', code: 'NOT_FOUND' };
    return { state: 'failed', code: r.code, message: r.message };
  }

  async createNative(ask: PaymentAsk): Promise<NativeAnswer> {
    const answer = await this.exec(
      'alipay.trade.precreate',
      {
        out_trade_no: ask.number,
        total_amount: yuanText(ask.amount),
        subject: ask.description.slice(0, 256),
        time_expire: beijingText(ask.expiresAt),
      },
      ask.notifyUrl ? { notify_url: ask.notifyUrl } : {},
    );
    if ('unknown' in answer) return { state: 'unknown', code: answer.unknown, message: answer.message };
    if (answer.code === '10000' && answer.qrCode) return { state: 'created', codeUrl: answer.qrCode };
    const r = this.refusal(answer);
    return { state: r.unknown ? 'unknown' : 'failed', code: r.code, message: r.message };
  }

  async queryPayment(number: string): Promise<PaymentAnswer> {
    const answer = await this.exec('alipay.trade.query', { out_trade_no: number });
    if ('unknown' in answer) return { state: 'unknown', code: answer.unknown };
    if (answer.code === '10000')
      return {
        state: TRADE_STATES[answer.tradeStatus ?? ''] ?? 'unknown',
        amount: fenOf(answer.totalAmount),
        platformNumber: answer.tradeNo,
      };
    // A precreated payment nobody has scanned is not yet a trade at Alipay: it is still to be paid.
    if (answer.subCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'missing', code: 'NOT_FOUND' };
    return { state: 'unknown', code: this.refusal(answer).code };
  }

  async closePayment(number: string): Promise<void> {
    await this.exec('alipay.trade.close', { out_trade_no: number }).catch(() => undefined);
  }

  /**
   * The day's trade bill: its address asked for (`alipay.data.dataservice.bill.downloadurl.query`, a signed answer),
   * then the zip from that address, which Alipay signs into the address itself and keeps for 30 seconds.
   */
  async downloadBill(day: string): Promise<BillFile | null> {
    const answer = await this.exec('alipay.data.dataservice.bill.downloadurl.query', {
      bill_type: 'trade',
      bill_date: day,
    });
    if ('unknown' in answer) throw new Error(`bill ${day}: ${answer.unknown}`);
    if (answer.code !== '10000' || !answer.billDownloadUrl) {
      // No trade that day: no bill. Anything else is asked again later.
      if (answer.subCode === 'isp.bill_not_exist') return null;
      throw new Error(`bill ${day}: ${this.refusal(answer).code}`);
    }
    const res = await request(answer.billDownloadUrl, {
      method: 'GET',
      dataType: 'buffer',
      timeout: this.creds.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(this.agent ? { dispatcher: this.agent } : {}),
    });
    if (res.status !== 200) throw new Error(`bill ${day}: download answered ${res.status}`);
    return {
      name: `${this.creds.appId}_${day.replaceAll('-', '')}.csv.zip`,
      bytes: res.data as Buffer,
      merchantId: null,
    };
  }

  /** Alipay's asynchronous notice of a payment (form fields; `out_trade_no` is the console's number). */
  readPaymentNotice(_headers: Record<string, string | string[] | undefined>, body: string): PaymentNotice {
    const fields = this.verified(body);
    const state = TRADE_STATES[fields.trade_status ?? ''];
    const amount = fenOf(fields.total_amount);
    if (!fields.notify_id || !fields.out_trade_no || (state !== 'paid' && state !== 'closed') || amount === undefined)
      throw new ProviderError('malformed', 'fields missing');
    return { noticeId: fields.notify_id, number: fields.out_trade_no, state, amount, platformNumber: fields.trade_no };
  }

  /** A notification's form fields, once their RSA2 signature is checked with Alipay's public key. */
  private verified(body: string): Record<string, string> {
    const fields = Object.fromEntries(new URLSearchParams(body));
    if (!fields.sign) throw new ProviderError('malformed', 'no signature');
    if (!this.sdk.checkNotifySignV2(fields)) throw new ProviderError('signature', 'signature does not verify');
    return fields;
  }

  /** Alipay's asynchronous notice of a refund (form fields; `out_biz_no` is the refund's `out_request_no`). */
  readRefundNotice(_headers: Record<string, string | string[] | undefined>, body: string): RefundNotice {
    const fields = this.verified(body);
    if (!fields.notify_id || !fields.out_biz_no) throw new ProviderError('malformed', 'fields missing');
    return {
      noticeId: fields.notify_id,
      refundNumber: fields.out_biz_no,
      // Alipay tells of a refund once it has paid out.
      state: 'success',
      platformRefundId: fields.trade_no,
    };
  }
}
