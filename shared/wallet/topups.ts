/**
 * Topping a wallet up (docs/domains/wallet.md): a payment by QR code at the member's tenant's platform — asked
 * by the member in the mini-program, or at the counter by the tenant's staff, whose console shows the code for
 * the member to scan —, priced when asked (the bonus of the tiers in force that day), credited once when paid.
 * And the member's own wallet in the member-facing API: balance and history.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, refParams, str } from '../api/define.js';
import { SPEND_ORDERS, TOP_UP_PLATFORMS, TOP_UP_STATES, WALLET_LIMITS, WALLET_MOVE_KINDS } from './rules.js';

/** What a top-up asks: fen paid in (at least ¥1, at most the cap) and the platform it is paid at. */
export const topUpInput = z.object({
  amount: z
    .number()
    .int({ message: 'validation.invalid' })
    .min(100, { message: 'validation.min' })
    .max(WALLET_LIMITS.topUpFen, { message: 'validation.max' }),
  platform: z.enum(TOP_UP_PLATFORMS),
});
export type TopUpInput = z.infer<typeof topUpInput> & { payIn?: PayIn | undefined };

/** Where the member pays a top-up it asks for: a QR code (another phone, the counter's screen) or in the mini-program itself. */
export const PAY_INS = ['qrCode', 'miniProgram'] as const;
export type PayIn = (typeof PAY_INS)[number];

/** The member's own top-up: in the mini-program only through WeChat Pay (its JSAPI). */
export const myTopUpInput = topUpInput
  .extend({ payIn: z.enum(PAY_INS).default('qrCode') })
  .refine((v) => v.payIn !== 'miniProgram' || v.platform === 'wechat', {
    path: ['payIn'],
    message: 'wallet.validation.miniProgramWechat',
  });

/** What the mini-program hands `wx.requestPayment` (the platform's prepayment, signed by the merchant). */
export const miniProgramPay = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.enum(['RSA', 'HMAC-SHA256', 'SANDBOX']),
  paySign: z.string(),
});
export type MiniProgramPay = z.infer<typeof miniProgramPay>;

export const topUp = z.object({
  id: z.number().int(),
  number: z.string(),
  memberId: z.number().int(),
  /** Fen paid in, and the bonus the tiers in force gave on top. */
  amount: z.number().int(),
  bonus: z.number().int(),
  platform: z.enum(TOP_UP_PLATFORMS),
  state: z.enum(TOP_UP_STATES),
  /** What the QR code carries while it can be paid; null once it cannot (or before the platform answered). */
  payUrl: z.string().nullable(),
  /** Paid in the mini-program: what `wx.requestPayment` takes while it can be paid; null otherwise. */
  miniProgramPay: miniProgramPay.nullable(),
  expiresAt: isoTime,
  paidAt: isoTime.nullable(),
  /** The platform's code of a failure (or of why it is still unanswered). */
  platformCode: z.string().nullable(),
  createdAt: isoTime,
});
export type TopUp = z.infer<typeof topUp>;

/** A move as the member sees it in the mini-program: no console user's name. */
const myMove = z.object({
  id: z.number().int(),
  kind: z.enum(WALLET_MOVE_KINDS),
  principal: z.number().int(),
  bonus: z.number().int(),
  orderNumber: z.string().nullable(),
  createdAt: isoTime,
});

const consoleAccess = { auth: 'user', roles: ['admin', 'tenant'] } as const;
const memberApp = { auth: 'memberApp' } as const;

export const walletTopUpApi = {
  'wallet.topUp': endpoint({
    method: 'POST',
    path: '/wallet/top-ups',
    summary:
      "Tops a member's wallet up at the counter: a QR payment at the member's tenant's platform for the member to scan, its bonus by the tiers in force today; credited once paid. 952 past the cap (with the top-ups still open), 984 no payment account to collect it.",
    body: topUpInput.extend({ memberId: ref('member') }),
    content: topUp,
    access: consoleAccess,
  }),
  'wallet.topUpOf': endpoint({
    method: 'GET',
    path: '/wallet/top-ups/:id',
    summary: 'A top-up as it stands: pending with its code, paid, failed or expired.',
    params: refParams('topUp'),
    content: topUp,
    access: consoleAccess,
  }),
  'wallet.mine': endpoint({
    method: 'GET',
    path: '/member-api/v1/wallet',
    summary:
      "The signed-in member's stored value: principal, bonus, which a spend draws on first, and its moves newest first.",
    query: pageQuery,
    content: z.object({
      principal: z.number().int(),
      bonus: z.number().int(),
      spendOrder: z.enum(SPEND_ORDERS),
      moves: page(myMove),
    }),
    access: memberApp,
  }),
  'wallet.myTopUp': endpoint({
    method: 'POST',
    path: '/member-api/v1/wallet/top-ups',
    summary:
      "The member tops its wallet up: a payment at its tenant's platform by QR code, or in the mini-program itself (`payIn: miniProgram`, WeChat Pay's JSAPI: the answer's `miniProgramPay` is what `wx.requestPayment` takes), its bonus by the tiers in force today; credited once paid, however often the platform tells it. 952 past the cap, 984 no payment account.",
    body: myTopUpInput.meta({ examples: [{ amount: 10_000, platform: 'wechat', payIn: 'miniProgram' }] }),
    content: topUp,
    access: memberApp,
  }),
  'wallet.myTopUpOf': endpoint({
    method: 'GET',
    path: '/member-api/v1/wallet/top-ups/:number',
    summary: "One of the member's top-ups by its number, as it stands (the mini-program asks until it is paid).",
    params: z.object({ number: str().trim().min(1).max(40) }),
    content: topUp,
    access: memberApp,
  }),
} as const;
