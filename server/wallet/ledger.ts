/**
 * A member's wallet as a ledger (docs/domains/wallet.md, ARCHITECTURE §6b).
 * Every move runs in the caller's transaction under a lock on the member's
 * wallet row, taken first: moves of one member are serialised, so the
 * parts read under the lock are the parts the move acts on, and two spends
 * never both see the same money. Different members never wait for each other.
 *
 * - A move carries the key of what caused it, unique in its table: a move
 *   whose key is already recorded changes nothing and answers the recorded
 *   one (a retried sale, a repeated payment notice).
 * - A spend draws on the part the tenant names first (`splitSpend`); past the
 *   wallet it is refused (951) and changes nothing.
 * - A refund of a wallet-paid sale comes back in the parts the sale took, in
 *   proportion, within what earlier refunds of it left (`splitRefund`).
 * - A top-up or an import past the tenant's cap is refused (952); a refund is not (the money was held before).
 * - The wallet row is the sum of its moves (the books' `wallet.balances`).
 */
import { and, eq, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import {
  splitRefund,
  splitSpend,
  type SpendOrder,
  type WalletMoveKind,
  type WalletParts,
} from '../../shared/wallet/index.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { members } from '../member/index.js';
import { walletMoves, wallets } from './schema.js';
import { settingsOf } from './settings.js';

export interface WalletMoveInput {
  memberId: number;
  kind: WalletMoveKind;
  /** What caused it: a second move with the same key changes nothing. */
  key: string;
  orderId?: number | null | undefined;
  orderNumber?: string | null | undefined;
  reason?: string | null | undefined;
  operatorId?: number | null | undefined;
}

export interface MoveResult extends WalletParts {
  id: number;
  /** The key was recorded already: nothing moved now, the recorded move is answered. */
  repeated: boolean;
  /** What the wallet holds after this move (not given for a repeat, whose move was made before). */
  after?: WalletParts;
}

/** The moves that bring new money in, which the tenant's cap bounds. */
const CAPPED: ReadonlySet<WalletMoveKind> = new Set(['topUp', 'import']);

/** The member's wallet row (made at its first move), locked for the rest of the transaction; 707 with no member. */
export async function lockWallet(tx: Queryable, memberId: number) {
  await tx.execute(sql`insert into ${wallets} (member_id, tenant_id)
    select ${members.id}, ${members.tenantId} from ${members} where ${members.id} = ${memberId}
    on conflict do nothing`);
  const [row] = await tx
    .select({ tenantId: wallets.tenantId, principal: wallets.principal, bonus: wallets.bonus })
    .from(wallets)
    .where(eq(wallets.memberId, memberId))
    .for('update');
  if (!row) throw new BizError(CODE.programmeMemberNotFound);
  return row;
}

async function recorded(tx: Queryable, key: string): Promise<MoveResult | null> {
  const [row] = await tx
    .select({ id: walletMoves.id, principal: walletMoves.principal, bonus: walletMoves.bonus })
    .from(walletMoves)
    .where(eq(walletMoves.key, key));
  return row ? { ...row, repeated: true } : null;
}

/**
 * Writes a move of `parts` (signed) under the lock, the wallet row with it; refuses below zero (951) or, for new
 * money (`capped`), past the cap (952).
 */
async function write(
  tx: Queryable,
  wallet: { tenantId: number } & WalletParts,
  move: WalletMoveInput,
  parts: WalletParts,
  capped = CAPPED.has(move.kind),
): Promise<MoveResult> {
  const principal = wallet.principal + parts.principal;
  const bonus = wallet.bonus + parts.bonus;
  if (principal < 0 || bonus < 0) throw new BizError(CODE.walletShort);
  // Only new money meets the cap: a refund gives back what the wallet held before, even past a lower cap since.
  if (capped && principal + bonus > (await settingsOf(tx, wallet.tenantId)).capFen)
    throw new BizError(CODE.walletCapReached);
  const [row] = await tx
    .insert(walletMoves)
    .values({ ...move, tenantId: wallet.tenantId, principal: parts.principal, bonus: parts.bonus })
    .returning({ id: walletMoves.id });
  await tx
    .update(wallets)
    .set({ principal, bonus, updatedAt: sql`now()` })
    .where(eq(wallets.memberId, move.memberId));
  return { id: row!.id, ...parts, repeated: false, after: { principal, bonus } };
}

/**
 * A move once per key: the wallet locked, the key looked up, and only if it
 * is new the move's parts worked out from the wallet as locked and written.
 */
async function once(
  tx: Queryable,
  move: WalletMoveInput,
  partsOf: (wallet: { tenantId: number } & WalletParts) => Promise<WalletParts> | WalletParts,
  capped?: boolean,
): Promise<MoveResult> {
  const wallet = await lockWallet(tx, move.memberId);
  return (await recorded(tx, move.key)) ?? write(tx, wallet, move, await partsOf(wallet), capped);
}

/**
 * A move of the given parts (a top-up, an import, a give-back and its forfeit), once per key. `capped: false`:
 * a top-up paid already, whose cap was kept when it was asked (topups.ts).
 */
export const moveWallet = (
  tx: Queryable,
  move: WalletMoveInput,
  parts: WalletParts,
  opts: { capped?: boolean } = {},
): Promise<MoveResult> => once(tx, move, () => parts, opts.capped);

/**
 * A payment of `amount` from the wallet, split by the tenant's order; once per key (the sale's). Answers the move
 * with that order, what a receipt states.
 */
export async function spendWallet(
  tx: Queryable,
  move: Omit<WalletMoveInput, 'kind'>,
  amount: number,
): Promise<MoveResult & { spendOrder: SpendOrder }> {
  let spendOrder: SpendOrder | undefined;
  const moved = await once(tx, { ...move, kind: 'spend' }, async (wallet) => {
    spendOrder = (await settingsOf(tx, wallet.tenantId)).spendOrder;
    const split = splitSpend(wallet, amount, spendOrder);
    if (!split) throw new BizError(CODE.walletShort);
    // `0 - x`, not `-x`: a part the spend did not touch moves 0, not -0.
    return { principal: 0 - split.principal, bonus: 0 - split.bonus };
  });
  // A repeat never read the settings: the spend order is the tenant's now.
  spendOrder ??= (await settingsOf(tx, (await lockWallet(tx, move.memberId)).tenantId)).spendOrder;
  return { ...moved, spendOrder };
}

/** What a wallet-paid order took, and what its refunds gave back so far (both positive). */
async function ofOrder(tx: Queryable, memberId: number, orderId: number) {
  const [row] = await tx
    .select({
      spentPrincipal: sql<number>`coalesce(-sum(${walletMoves.principal}) filter (where ${walletMoves.kind} = 'spend'), 0)::int`,
      spentBonus: sql<number>`coalesce(-sum(${walletMoves.bonus}) filter (where ${walletMoves.kind} = 'spend'), 0)::int`,
      backPrincipal: sql<number>`coalesce(sum(${walletMoves.principal}) filter (where ${walletMoves.kind} = 'refund'), 0)::int`,
      backBonus: sql<number>`coalesce(sum(${walletMoves.bonus}) filter (where ${walletMoves.kind} = 'refund'), 0)::int`,
    })
    .from(walletMoves)
    .where(and(eq(walletMoves.memberId, memberId), eq(walletMoves.orderId, orderId)));
  return row!;
}

/**
 * A settled refund of `amount` of a wallet-paid order, back to the wallet in
 * the parts the order took; once per key (the refund's). Refuses (951) a
 * refund past what the order took from the wallet less what came back.
 */
export const refundToWallet = (
  tx: Queryable,
  move: Omit<WalletMoveInput, 'kind' | 'orderId'> & { orderId: number },
  amount: number,
): Promise<MoveResult> =>
  once(tx, { ...move, kind: 'refund' }, async () => {
    const o = await ofOrder(tx, move.memberId, move.orderId);
    if (amount > o.spentPrincipal + o.spentBonus - o.backPrincipal - o.backBonus) throw new BizError(CODE.walletShort);
    return splitRefund(
      { principal: o.spentPrincipal, bonus: o.spentBonus },
      { principal: o.backPrincipal, bonus: o.backBonus },
      amount,
    );
  });
