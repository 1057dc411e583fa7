/**
 * Members' wallets on the console (docs/domains/wallet.md): a member's
 * stored value by part and its moves, newest first. A balance is the sum of
 * its moves; the console reads it and never writes one by hand.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, refParams, str } from '../api/define.js';
import { isIsoDate } from '../format.js';
import { SPEND_ORDERS, WALLET_LIMITS, WALLET_MOVE_KINDS, type WalletMoveKind } from './rules.js';

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

const fen = (min: number) =>
  z.number().int().min(min, { message: 'validation.min' }).max(WALLET_LIMITS.topUpFen, { message: 'validation.max' });

/** A top-up bonus tier: pay at least `pay`, get `bonus` on top (never more than what was paid). */
export const topUpTier = z
  .object({ pay: fen(1), bonus: fen(0) })
  .refine((t) => t.bonus <= t.pay, { path: ['bonus'], message: 'wallet.validation.bonusOverPay' });

/** A set of tiers in force from a business day on, until a later set's day (a second-level tenant without its own takes its parent's). */
export const tierSet = z.object({
  fromDay: str()
    .refine(isIsoDate, { message: 'validation.invalid' })
    .meta({ examples: ['2030-01-01'] }),
  tiers: z
    .array(topUpTier)
    .max(WALLET_LIMITS.tiers, { message: 'validation.max' })
    .refine((ts) => new Set(ts.map((t) => t.pay)).size === ts.length, { message: 'wallet.validation.samePay' }),
});
export type TierSet = z.infer<typeof tierSet>;

/** Points as money: N points worth ¥1 (null: points do not pay), and the most of a basket they pay. */
const pointsSettings = {
  pointsPerYuan: z
    .number()
    .int({ message: 'validation.invalid' })
    .min(1, { message: 'validation.min' })
    .max(WALLET_LIMITS.pointsPerYuan, { message: 'validation.max' })
    .nullable(),
  pointsMaxPercent: z
    .number()
    .int({ message: 'validation.invalid' })
    .min(0, { message: 'validation.min' })
    .max(100, { message: 'validation.max' }),
};

export const walletSettingsInput = z.object({
  tenantId: ref('tenant').optional(),
  spendOrder: z.enum(SPEND_ORDERS),
  capFen: fen(0),
  // A save without them leaves points unable to pay, at the default share.
  pointsPerYuan: pointsSettings.pointsPerYuan.default(null),
  pointsMaxPercent: pointsSettings.pointsMaxPercent.default(WALLET_LIMITS.pointsMaxPercent),
});

export const walletSettings = z.object({
  tenantId: z.number().int(),
  spendOrder: z.enum(SPEND_ORDERS),
  capFen: z.number().int(),
  ...pointsSettings,
  /** The tenant has none of its own: these are its parent's (or the defaults). */
  inherited: z.boolean(),
  /** The set in force today and those set to come, by day; a set's tiers are by what is paid. */
  tierSets: z.array(tierSet),
  /** The tier sets are its parent's. */
  tiersInherited: z.boolean(),
});
export type WalletSettingsInfo = z.infer<typeof walletSettings>;

/** A business month, `YYYY-MM`. */
export const walletMonth = str()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'validation.invalid' })
  .meta({ examples: ['2026-11'] });

const parts = z.object({ principal: z.number().int(), bonus: z.number().int() });

/**
 * What a tenant's members hold in their wallets, owed by the tenant, over a
 * business month: at its start, what each kind of move did in it (signed,
 * as the moves are), and at its end — opening plus the moves is closing.
 */
export const liabilityRow = z.object({
  tenantId: z.number().int(),
  tenantName: z.string(),
  opening: parts,
  moves: z.object(Object.fromEntries(WALLET_MOVE_KINDS.map((k) => [k, parts])) as Record<WalletMoveKind, typeof parts>),
  closing: parts,
});
export type LiabilityRow = z.infer<typeof liabilityRow>;

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
  'wallet.liability': endpoint({
    method: 'POST',
    path: '/wallet/liability',
    summary:
      "The stored value a tenant owes its members over a business month, per tenant of the caller's (or the one named): opening, the month's moves by kind, closing.",
    body: z.object({ tenantId: ref('tenant').optional(), month: walletMonth }),
    content: z.array(liabilityRow),
    access: consoleAccess,
  }),
  'wallet.settings': endpoint({
    method: 'POST',
    path: '/wallet/settings',
    summary:
      "A tenant's wallet settings: which part a spend draws on first, the cap, and its top-up bonus tiers in force and to come (its parent's where it has none).",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: walletSettings,
    access: consoleAccess,
  }),
  'wallet.saveSettings': endpoint({
    method: 'POST',
    path: '/wallet/settings/save',
    summary:
      "Sets a tenant's spend order and cap (at most a named prepaid card's ¥5,000), and what points are worth at the machines (N points = ¥1, at most X % of a basket; null: points do not pay).",
    body: walletSettingsInput,
    content: walletSettings,
    access: consoleAccess,
  }),
  'wallet.setTiers': endpoint({
    method: 'POST',
    path: '/wallet/tiers',
    summary:
      "Sets a tenant's top-up bonus tiers from a day on (today or later; a set already in force is kept as it was, for the top-ups it priced).",
    body: tierSet.extend({ tenantId: ref('tenant').optional() }),
    content: walletSettings,
    access: consoleAccess,
  }),
};
