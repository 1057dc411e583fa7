/**
 * The one interface every payment platform is reached through (WeChat Pay's
 * API v3 and v2, Alipay, and the sandbox the demo and the end-to-end suite
 * run on): refund and query a refund, read a notification. Amounts are
 * integer fen, as everywhere below the UI; the console's refund number is the
 * platform's idempotency key (WeChat's `out_refund_no`, Alipay's
 * `out_request_no`), so a refund whose answer was lost is queried by it and
 * never sent twice.
 *
 * The service fee's renewals are paid through it too: a Native (QR) payment
 * made by the console's number (the platform's `out_trade_no`), queried,
 * closed when it expires unpaid, and its notification read.
 *
 * And each business day's trade bill is downloaded through it, as the
 * platform gives it, for the reconciliation (docs/domains/reconciliation.md).
 */

/** A refund as the console names it to a platform: by its own number, and its order's (Alipay queries by both). */
export type RefundRef = Pick<RefundAsk, 'refundNumber' | 'orderNumber' | 'platformNumber'>;

/** A refund as the console asks it of a platform. */
export interface RefundAsk {
  /** The console's refund number: the platform's idempotency key. */
  refundNumber: string;
  /** The console's order number (the platform's `out_trade_no`). */
  orderNumber: string;
  /** The platform's own number for the payment, when the order has it (WeChat's `transaction_id`). */
  platformNumber: string | null;
  /** What goes back, and what the payment was (fen). */
  amount: number;
  total: number;
  reason: string;
  /** Where the platform tells of the refund's end (the upstream's notify endpoint), when it tells. */
  notifyUrl?: string | undefined;
}

/**
 * Where a refund stands at the platform. `processing`: taken, its end comes
 * by notification or query. `unknown`: no answer (a timeout, a dropped
 * connection): it may or may not have been taken, so it is queried, never
 * sent again.
 */
export type RefundState = 'success' | 'failed' | 'processing' | 'unknown';

export interface RefundAnswer {
  state: RefundState;
  /** The platform's refund id, once it has one. */
  platformRefundId?: string | undefined;
  /** Why it failed or is unknown: the platform's code (e.g. `NOT_ENOUGH`) or the adapter's (`TIMEOUT`). */
  code?: string | undefined;
  message?: string | undefined;
}

/** A notification read and verified: which refund it tells of, and its end. */
export interface RefundNotice {
  /** The platform's id of the notification: a repeated one is the same event. */
  noticeId: string;
  refundNumber: string;
  state: Exclude<RefundState, 'unknown'>;
  platformRefundId?: string | undefined;
}

/**
 * Why a call or a notification was refused before any answer could be
 * trusted: the platform's answer (or the notification) failed its signature
 * check, its certificate or key is unknown or expired, or the request was
 * refused as wrongly signed. Each is a clear outcome, never a settled refund.
 */
export type ProviderFault = 'signature' | 'certificate' | 'credentials' | 'malformed';

export class ProviderError extends Error {
  constructor(
    readonly fault: ProviderFault,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A payment as the console asks a platform for one, to be paid by scanning a QR code (WeChat's Native, Alipay's precreate). */
export interface PaymentAsk {
  /** The console's payment number: the platform's `out_trade_no`, and its idempotency key. */
  number: string;
  /** Fen. */
  amount: number;
  /** What the payer sees on the platform's page. */
  description: string;
  /** Unpaid by then, the platform closes it too. */
  expiresAt: Date;
  notifyUrl?: string | undefined;
}

/**
 * A QR payment asked for: `created` with what the code carries; `failed` when the platform refused it (its
 * code); `unknown` when no answer came (asking again with the same number is safe: the platform answers the
 * same payment).
 */
export type NativeAnswer =
  { state: 'created'; codeUrl: string } | { state: 'failed' | 'unknown'; code: string; message?: string | undefined };

/**
 * What the mini-program hands `wx.requestPayment` to pay a payment in WeChat itself (JSAPI): the prepayment's
 * `package`, signed by the merchant for the mini-program's `appId` — with the API key (v2, HMAC-SHA256) or the
 * merchant's private key (v3, RSA). Not a secret: it pays this payment, for this payer, only.
 */
export interface MiniProgramPay {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA' | 'HMAC-SHA256' | 'SANDBOX';
  paySign: string;
}

export type MiniProgramAnswer =
  | { state: 'created'; pay: MiniProgramPay }
  | { state: 'failed' | 'unknown'; code: string; message?: string | undefined };

/** A payment in the mini-program: the payer is the member WeChat knows by `openid` in the mini-program's `appId`. */
export interface MiniProgramAsk extends PaymentAsk {
  openid: string;
}

/**
 * Where a payment stands at the platform: `paid` (for the amount said), `pending` (not yet paid), `closed`
 * (closed or expired unpaid, never to be paid), `missing` (the platform never took it), `unknown` (no answer).
 */
export type PaymentState = 'paid' | 'pending' | 'closed' | 'missing' | 'unknown';

export interface PaymentAnswer {
  state: PaymentState;
  /** What was paid (fen) and the platform's number for it, once paid. */
  amount?: number | undefined;
  platformNumber?: string | undefined;
  code?: string | undefined;
}

/** A payment notification read and verified. */
export interface PaymentNotice {
  noticeId: string;
  number: string;
  state: 'paid' | 'closed';
  amount: number;
  platformNumber?: string | undefined;
}

/** A day's bill as the platform gave it, and the merchant id it should name (null where the format names none of ours). */
export interface BillFile {
  name: string;
  bytes: Buffer;
  merchantId: string | null;
}

export interface PaymentProvider {
  /** Which platform and protocol: shown in the logs and the refund's history. */
  readonly name: string;
  refund(ask: RefundAsk): Promise<RefundAnswer>;
  /** A refund's state by the console's refund number; `failed` with code `NOT_FOUND` when the platform never took it. */
  queryRefund(ref: RefundRef): Promise<RefundAnswer>;
  /** A refund notification's headers and raw body, verified (and decrypted where the protocol encrypts it). */
  readRefundNotice(headers: Record<string, string | string[] | undefined>, body: string): RefundNotice;
  /** A QR payment by the console's number. */
  createNative(ask: PaymentAsk): Promise<NativeAnswer>;
  /** A payment in the mini-program (WeChat's JSAPI); absent where the platform has none for a WeChat member (Alipay). */
  createMiniProgram?(ask: MiniProgramAsk): Promise<MiniProgramAnswer>;
  queryPayment(number: string): Promise<PaymentAnswer>;
  /**
   * Asks the platform to close an unpaid payment so that it can no longer be paid. What came of it is read by
   * querying after (a payment paid a moment before stays paid); a refusal or no answer is not thrown.
   */
  closePayment(number: string): Promise<void>;
  readPaymentNotice(headers: Record<string, string | string[] | undefined>, body: string): PaymentNotice;
  /**
   * The trade bill of a business day (`YYYY-MM-DD`, China time): null when the platform has none (no payment that
   * day). Not yet there, the platform down or an answer that does not verify: thrown, and asked again later.
   */
  downloadBill(day: string): Promise<BillFile | null>;
}
