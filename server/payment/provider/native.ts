/**
 * A QR payment's life at a platform, as every payer of the console's has it (a renewal of the service fee, a
 * member's top-up): opened by the console's number, looked at again and again with a growing wait, closed at its
 * expiry and queried once more. What the payment pays for is the caller's; how a platform is asked is here once.
 */
import {
  ProviderError,
  type MiniProgramAnswer,
  type MiniProgramAsk,
  type NativeAnswer,
  type PaymentAnswer,
  type PaymentAsk,
  type PaymentProvider,
} from './types.js';

/** The first query after a payment is opened, and the longest wait between two (a payer takes a minute or two). */
export const FIRST_QUERY_MS = 30_000;
const QUERY_CAP_MS = 5 * 60_000;

/** When a payment asked about `attempts` times is next looked at: doubling from the first wait, at most five minutes, never past its expiry. */
export function nextLook(attempts: number, expiresAt: Date, now = Date.now()): Date {
  const next = new Date(now + Math.min(QUERY_CAP_MS, FIRST_QUERY_MS * 2 ** Math.max(0, attempts - 1)));
  return expiresAt.getTime() > now && next > expiresAt ? expiresAt : next;
}

/**
 * Opens a QR payment: `created` with its code, or `failed`/`unknown` with the platform's code (a refusal of the
 * request or the answer's signature is `failed`). No answer is asked once more by the same number, which the
 * platform answers with the same payment; still none, the payment is closed there in case it was made after all,
 * since nobody has a code to pay it with.
 */
export const openNative = (provider: PaymentProvider, ask: PaymentAsk): Promise<NativeAnswer> =>
  openOnce(provider, ask.number, () => provider.createNative(ask));

/**
 * Opens a payment in the mini-program (WeChat's JSAPI) as `openNative` opens a QR payment: asked once more by
 * the same number without an answer, closed when still none. A platform without it: `failed`, `NOT_SUPPORTED`.
 */
export const openMiniProgram = (provider: PaymentProvider, ask: MiniProgramAsk): Promise<MiniProgramAnswer> =>
  provider.createMiniProgram
    ? openOnce(provider, ask.number, () => provider.createMiniProgram!(ask))
    : Promise.resolve({ state: 'failed', code: 'NOT_SUPPORTED' });

async function openOnce<A extends { state: string }>(
  provider: PaymentProvider,
  number: string,
  ask: () => Promise<A>,
): Promise<A | { state: 'failed'; code: string }> {
  const create = () =>
    ask().catch((e: unknown) => {
      if (!(e instanceof ProviderError)) throw e;
      return { state: 'failed' as const, code: e.fault.toUpperCase() };
    });
  let made = await create();
  if (made.state === 'unknown') made = await create();
  if (made.state === 'unknown') await provider.closePayment(number).catch(() => undefined);
  return made;
}

/** Where a payment stands, closed at the platform first when past its expiry; a refused answer is `unknown` with its fault. */
export async function lookAt(provider: PaymentProvider, number: string, expired: boolean): Promise<PaymentAnswer> {
  if (expired) await provider.closePayment(number).catch(() => undefined);
  return provider.queryPayment(number).catch((e: unknown): PaymentAnswer => {
    if (!(e instanceof ProviderError)) throw e;
    return { state: 'unknown', code: e.fault.toUpperCase() };
  });
}

/**
 * What a payment's answer does to the payment still pending that asked it, read the same way for every payer:
 * `paid` for its amount (the payer's own effect follows: a renewal's service, a top-up's credit); paid but not
 * what was asked, `held` until someone looks (the day's bill shows it); closed before its time `failed`, unpaid
 * at its end `expired`; else it waits, its last code kept. `patch` is what the payment's row takes.
 */
export type AnswerEffect =
  | { then: 'paid'; patch: { platformNumber: string | null; platformCode: null; settleAt: null } }
  | { then: 'held'; patch: { platformNumber: string | null; platformCode: 'AMOUNT_DIFFERS'; settleAt: null } }
  | { then: 'ended'; patch: { state: 'failed' | 'expired'; platformCode: string; settleAt: null } }
  | { then: 'wait'; patch: { platformCode: string } | null };

export function answerEffect(said: PaymentAnswer, amount: number, expired: boolean): AnswerEffect {
  const platformNumber = said.platformNumber ?? null;
  if (said.state === 'paid')
    return said.amount === amount
      ? { then: 'paid', patch: { platformNumber, platformCode: null, settleAt: null } }
      : { then: 'held', patch: { platformNumber, platformCode: 'AMOUNT_DIFFERS', settleAt: null } };
  if (said.state === 'closed' || (expired && said.state !== 'unknown'))
    return {
      then: 'ended',
      patch: {
        state: expired ? 'expired' : 'failed',
        platformCode: said.code ?? said.state.toUpperCase(),
        settleAt: null,
      },
    };
  return { then: 'wait', patch: said.code ? { platformCode: said.code } : null };
}
