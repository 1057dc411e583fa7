/**
 * A member's wallet (stored value, beyond spec §3; docs/domains/wallet.md):
 * a ledger of principal — what the member paid in — and bonus — what a
 * top-up tier gave on top. Pure rules shared by the server, the console and
 * the tests; amounts are integer fen.
 */

/**
 * The limits of a named single-purpose prepaid card (《单用途商业预付卡管理办法（试行）》,
 * 商务部令2012年第9号, art. 20–21): a named card holds at most ¥5 000 and has no
 * expiry. A wallet is named (it is a member's), so its balance is capped at
 * ¥5 000 of principal and bonus together, and nothing in it expires.
 */
export const WALLET_LIMITS = {
  capFen: 500_000,
  /** One top-up at most (the cap itself). */
  topUpFen: 500_000,
  reason: 100,
  key: 120,
  /** Top-up bonus tiers in one set. */
  tiers: 10,
  /** A top-up's QR code is good for this long (as a renewal's). */
  payMinutes: 15,
  /** Points worth ¥1 at most, where points pay (10 000: a point is a hundredth of a fen). */
  pointsPerYuan: 10_000,
  /** The share of a basket points pay at most, unless the tenant says otherwise. */
  pointsMaxPercent: 50,
} as const;

/**
 * What moved a wallet: a top-up paid in (principal, and bonus by the tier
 * in force), a spend at a machine, a refund of such a spend back in the parts
 * it took, a give-back of the principal left to the member's payments, the
 * bonus forfeited with it, a balance imported from the operator's cards.
 */
export const WALLET_MOVE_KINDS = ['topUp', 'spend', 'refund', 'giveBack', 'forfeit', 'import'] as const;
export type WalletMoveKind = (typeof WALLET_MOVE_KINDS)[number];

/** A top-up's payment: asked, paid (and credited), refused or closed at the platform, unpaid at its end. */
export const TOP_UP_STATES = ['pending', 'paid', 'failed', 'expired'] as const;
export type TopUpState = (typeof TOP_UP_STATES)[number];
/** Where a top-up is paid: the platforms that take a QR payment. */
export const TOP_UP_PLATFORMS = ['wechat', 'alipay'] as const;

/**
 * A give-back of the principal left: its refunds under way (`pending`), all paid back or due by hand (`done`),
 * some refused by their platform and that part back in the wallet (`partial`), all refused (`failed`: the whole
 * principal and the bonus forfeited with it back in the wallet).
 */
export const GIVE_BACK_STATES = ['pending', 'done', 'partial', 'failed'] as const;
export type GiveBackState = (typeof GIVE_BACK_STATES)[number];
/**
 * One refund of a give-back: to a top-up's payment at its platform (`pending` until the platform says `paid` or
 * `failed`), or the part no top-up paid in — a balance imported from the operator's old cards — paid at the
 * counter (`byHand`).
 */
export const GIVE_BACK_REFUND_STATES = ['pending', 'paid', 'failed', 'byHand'] as const;
export type GiveBackRefundState = (typeof GIVE_BACK_REFUND_STATES)[number];

/**
 * How the principal left goes back: to the member's paid top-ups newest first, each at most what it paid in
 * less what earlier give-backs sent back to it; what no top-up covers (an imported balance) by hand.
 */
export function splitGiveBack(
  principal: number,
  topUps: readonly { id: number; left: number }[],
): { refunds: { topUpId: number; amount: number }[]; byHand: number } {
  const refunds: { topUpId: number; amount: number }[] = [];
  let rest = principal;
  for (const t of topUps) {
    if (rest <= 0) break;
    const amount = Math.min(rest, t.left);
    if (amount <= 0) continue;
    refunds.push({ topUpId: t.id, amount });
    rest -= amount;
  }
  return { refunds, byHand: rest };
}

/** Which part a spend draws on first: the tenant's setting, stated on the receipt. */
export const SPEND_ORDERS = ['bonusFirst', 'principalFirst'] as const;
export type SpendOrder = (typeof SPEND_ORDERS)[number];

export interface WalletParts {
  principal: number;
  bonus: number;
}

/** How a spend of `amount` splits between the wallet's parts, in the tenant's order; null when it holds less. */
export function splitSpend(held: WalletParts, amount: number, order: SpendOrder): WalletParts | null {
  if (amount < 0 || held.principal + held.bonus < amount) return null;
  if (order === 'bonusFirst') {
    const bonus = Math.min(held.bonus, amount);
    return { principal: amount - bonus, bonus };
  }
  const principal = Math.min(held.principal, amount);
  return { principal, bonus: amount - principal };
}

/**
 * How a refund of `amount` of a wallet-paid sale comes back: in the parts the
 * sale took, in proportion (principal rounded down, so a sale refunded in
 * pieces never returns more bonus than it took), within what earlier refunds
 * of the same sale left.
 */
export function splitRefund(spent: WalletParts, refunded: WalletParts, amount: number): WalletParts {
  const left = { principal: spent.principal - refunded.principal, bonus: spent.bonus - refunded.bonus };
  const total = spent.principal + spent.bonus;
  const share = total === 0 ? 0 : Math.floor((amount * spent.principal) / total);
  let principal = Math.min(left.principal, share);
  let bonus = Math.min(left.bonus, amount - principal);
  // Rounding or earlier pieces left one part short: the rest comes from the other, within what it has left.
  principal = Math.min(left.principal, amount - bonus);
  bonus = Math.min(left.bonus, amount - principal);
  return { principal, bonus };
}

/** A top-up bonus tier: pay at least `pay`, get `bonus` on top. */
export interface TopUpTier {
  pay: number;
  bonus: number;
}

/** The bonus a top-up of `amount` earns: the best tier it reaches (none: 0). */
export const bonusFor = (tiers: readonly TopUpTier[], amount: number): number =>
  tiers.reduce((best, t) => (amount >= t.pay && t.bonus > best ? t.bonus : best), 0);
