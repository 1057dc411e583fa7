/**
 * A refund's life at a platform, as every refunder of the console's has it (an order's refund, a wallet's
 * give-back): sent once, then only queried, and what each answer does to the refund still pending — read the
 * same way for both. What the refund is of, and the row it lives in, are the caller's.
 */
import { ProviderError, type PaymentProvider, type RefundAnswer, type RefundAsk } from './types.js';

/** The wait after credentials the platform refused, or none to use: someone has to fix the settings. */
export const FIX_AFTER_MS = 10 * 60_000;

/** The wait before a taken refund is first queried, doubling with each try up to an hour (a bank card's refund takes days). */
const QUERY_AFTER_MS = 60_000;
const QUERY_CAP_MS = 60 * 60_000;

/** When a refund sent or asked about `attempts` times is next looked at. */
export const refundQueryAt = (attempts: number, now = Date.now()) =>
  new Date(now + Math.min(QUERY_CAP_MS, QUERY_AFTER_MS * 2 ** Math.max(0, attempts - 1)));

/** `send` until the platform took it; `query` from then on (a lost answer is never sent twice). */
export type RefundPhase = 'send' | 'query';

/** Sends the refund, or queries it once sent; a refusal before any answer is the ProviderError itself. */
export async function askRefund(
  provider: PaymentProvider,
  phase: RefundPhase,
  ask: RefundAsk,
): Promise<RefundAnswer | ProviderError> {
  try {
    return phase === 'send' ? await provider.refund(ask) : await provider.queryRefund(ask);
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    return e;
  }
}

/**
 * What an answer does to a pending refund: `ended` — paid out or refused (the caller settles it); `resend` —
 * the platform never took it, so it may be sent now without being sent twice; `fix` — refused before the
 * platform took anything (credentials, certificates): one being sent goes again once the settings are fixed,
 * one taken before stays sent, to be queried; `wait` — under way or no answer to believe, asked again later.
 * `patch` is what the refund's row takes, with when it is next looked at where the answer moves that (a wait
 * keeps the claim's).
 */
export type RefundEffect =
  | { then: 'ended'; outcome: 'success' | 'failed'; patch: Seen }
  | { then: 'resend'; patch: Seen & { platformState: null; settleAt: Date } }
  | { then: 'fix'; patch: { platformCode: string; platformState?: null; settleAt: Date } }
  | { then: 'wait'; patch: Seen };
interface Seen {
  platformRefundId: string | null;
  platformCode: string | null;
}

export function refundEffect(
  said: RefundAnswer | ProviderError,
  phase: RefundPhase,
  knownRefundId: string | null,
): RefundEffect {
  if (said instanceof ProviderError)
    return {
      then: 'fix',
      patch: {
        ...(phase === 'send' ? { platformState: null } : {}),
        platformCode: said.fault.toUpperCase(),
        settleAt: new Date(Date.now() + FIX_AFTER_MS),
      },
    };
  const seen = { platformRefundId: said.platformRefundId ?? knownRefundId, platformCode: said.code ?? null };
  if (said.state === 'failed' && said.code === 'NOT_FOUND')
    return { then: 'resend', patch: { ...seen, platformState: null, settleAt: new Date() } };
  if (said.state === 'success' || said.state === 'failed') return { then: 'ended', outcome: said.state, patch: seen };
  return { then: 'wait', patch: seen };
}
