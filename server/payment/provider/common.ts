/** What the adapters share: WeChat Pay's payment states (the same words in API v2 and v3), and Beijing time. */
import type { PaymentState } from './types.js';

/** A WeChat Pay payment's `trade_state`, as the console reads it. */
export const WECHAT_TRADE_STATES: Readonly<Record<string, PaymentState>> = {
  SUCCESS: 'paid',
  // Paid, then (partly) refunded: it was paid.
  REFUND: 'paid',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'closed',
};

/** A time as Beijing's wall clock reads it, `2026-12-03T10:15:00`: each platform writes its expiry times from it. */
export const beijingIso = (at: Date): string => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19);
