/**
 * Giving back what is left (docs/domains/wallet.md): the member's principal, refunded to its paid top-ups newest
 * first through their platforms; the bonus is forfeited with it, as the top-up tiers' terms say. Asked by the
 * member in the mini-program or at the counter by the tenant's staff.
 */
import { z } from 'zod';
import { endpoint, isoTime, ref, refParams, str } from '../api/define.js';
import { GIVE_BACK_REFUND_STATES, GIVE_BACK_STATES, TOP_UP_PLATFORMS, WALLET_LIMITS } from './rules.js';

export const giveBackRefund = z.object({
  id: z.number().int(),
  /** The top-up it goes back to, by number; null for the part paid at the counter by hand. */
  topUpNumber: z.string().nullable(),
  platform: z.enum(TOP_UP_PLATFORMS).nullable(),
  amount: z.number().int(),
  state: z.enum(GIVE_BACK_REFUND_STATES),
  /** The platform's code of a refusal (or of why it is still under way). */
  platformCode: z.string().nullable(),
  settledAt: isoTime.nullable(),
});

export const giveBack = z.object({
  id: z.number().int(),
  /** GB, the business day, the id. */
  number: z.string(),
  memberId: z.number().int(),
  /** The principal given back and the bonus forfeited with it (fen, positive). */
  principal: z.number().int(),
  bonus: z.number().int(),
  state: z.enum(GIVE_BACK_STATES),
  reason: z.string().nullable(),
  refunds: z.array(giveBackRefund),
  createdAt: isoTime,
});
export type GiveBack = z.infer<typeof giveBack>;

const reason = str().trim().max(WALLET_LIMITS.reason, { message: 'validation.max' });

const consoleAccess = { auth: 'user', roles: ['admin', 'tenant'] } as const;
const memberApp = { auth: 'memberApp' } as const;

export const walletGiveBackApi = {
  'wallet.giveBack': endpoint({
    method: 'POST',
    path: '/wallet/give-backs',
    summary:
      "Gives a member's principal left back, at the counter: refunded to its paid top-ups newest first through their platforms, what no top-up paid in by hand; the bonus is forfeited. 954 when no principal is left.",
    body: z.object({ memberId: ref('member'), reason: reason.min(1, { message: 'validation.required' }) }),
    content: giveBack,
    access: consoleAccess,
  }),
  'wallet.giveBackOf': endpoint({
    method: 'GET',
    path: '/wallet/give-backs/:id',
    summary: 'A give-back as it stands: each of its refunds under way, paid, refused (back in the wallet) or by hand.',
    params: refParams('giveBack'),
    content: giveBack,
    access: consoleAccess,
  }),
  'wallet.myGiveBack': endpoint({
    method: 'POST',
    path: '/member-api/v1/wallet/give-back',
    summary:
      "The member asks for its principal left back: refunded to its top-ups' payments newest first; the bonus is forfeited. 954 when no principal is left.",
    body: z.object({ reason: reason.optional() }).meta({ examples: [{ reason: '搬家，不再使用' }] }),
    content: giveBack,
    access: memberApp,
  }),
  'wallet.myGiveBackOf': endpoint({
    method: 'GET',
    path: '/member-api/v1/wallet/give-backs/:number',
    summary: "One of the member's give-backs by its number, as it stands.",
    params: z.object({ number: str().trim().min(1).max(40) }),
    content: giveBack,
    access: memberApp,
  }),
} as const;
