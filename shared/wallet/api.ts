/**
 * Members' wallets on the console (docs/domains/wallet.md): a member's
 * stored value by part and its moves, newest first. A balance is the sum of
 * its moves; the console reads it and never writes one by hand.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, refParams } from '../api/define.js';
import { SPEND_ORDERS, WALLET_MOVE_KINDS } from './rules.js';

export const walletMove = z.object({
  id: z.number().int(),
  kind: z.enum(WALLET_MOVE_KINDS),
  /** Signed fen: a top-up or a refund back positive, a spend, a give-back or a forfeit negative. */
  principal: z.number().int(),
  bonus: z.number().int(),
  orderNumber: z.string().nullable(),
  reason: z.string().nullable(),
  /** Who made it: a console user's name, or null for the system (a top-up, a sale, a refund). */
  operatorName: z.string().nullable(),
  createdAt: isoTime,
});
export type WalletMove = z.infer<typeof walletMove>;

export const walletInfo = z.object({
  principal: z.number().int(),
  bonus: z.number().int(),
  /** Which part the member's spends draw on first (the tenant's setting). */
  spendOrder: z.enum(SPEND_ORDERS),
  moves: page(walletMove),
});
export type WalletInfo = z.infer<typeof walletInfo>;

const consoleAccess = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const walletApi = {
  'wallet.info': endpoint({
    method: 'GET',
    path: '/wallet/info/:id',
    summary: "A member's stored value: its principal and bonus, and its moves newest first.",
    params: refParams('member'),
    query: pageQuery,
    content: walletInfo,
    access: consoleAccess,
  }),
};
