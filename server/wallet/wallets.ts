/** A member's wallet as the console reads it: its parts, the tenant's spend order, its moves newest first. */
import { and, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../shared/api/define.js';
import { CODE } from '../../shared/domains.js';
import type { SpendOrder, WalletInfo } from '../../shared/wallet/index.js';
import { users } from '../account/schema.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import { members } from '../member/index.js';
import type { Scope } from '../scope.js';
import { walletMoves as m, wallets } from './schema.js';
import { settingsOf } from './settings.js';

/**
 * A member's wallet: its parts, its tenant's spend order, its moves newest first a page at a time — for the
 * console with each move's reason and who made it (`who`), for the member itself without (707 out of scope).
 */
async function walletView(db: Queryable, memberId: number, query: PageQuery, where: SQL | undefined, who: boolean) {
  const [member] = await db
    .select({ tenantId: members.tenantId, principal: wallets.principal, bonus: wallets.bonus })
    .from(members)
    .leftJoin(wallets, eq(wallets.memberId, members.id))
    .where(and(eq(members.id, memberId), where));
  if (!member) throw new BizError(CODE.programmeMemberNotFound);
  const mine = eq(m.memberId, memberId);
  const base = { id: m.id, kind: m.kind, principal: m.principal, bonus: m.bonus, orderNumber: m.orderNumber };
  const moves = await paged(
    query,
    db
      .select({ ...base, ...(who ? { reason: m.reason, operatorName: users.name } : {}), createdAt: m.createdAt })
      .from(m)
      .leftJoin(users, eq(users.id, m.operatorId))
      .where(mine)
      .orderBy(desc(m.id)),
    db.select({ total: count() }).from(m).where(mine),
    (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
  );
  return {
    principal: member.principal ?? 0,
    bonus: member.bonus ?? 0,
    spendOrder: (await settingsOf(db, member.tenantId)).spendOrder,
    moves,
  };
}

export const walletOf = (db: Queryable, scope: Scope, memberId: number, query: PageQuery) =>
  walletView(db, memberId, query, scope.where(members.tenantId), true) as Promise<WalletInfo>;

/** The member's own wallet (the member-facing API): its moves without who made them or why. */
export const myWallet = (db: Queryable, memberId: number, query: PageQuery) =>
  walletView(db, memberId, query, undefined, false);

/** The key of a machine's wallet-paid sale: once per device and sale id, as the sale itself is. */
export const saleKey = (deviceId: number, saleId: string) => `spend:sale:${deviceId}:${saleId}`;

/**
 * What a wallet-paid sale's receipt states: the principal and bonus the spend took, the tenant's spend order,
 * and what the wallet held just after it (its moves up to this one), so a retried sale answers the same
 * receipt. Null when no spend has that key.
 */
export async function spendReceipt(db: Queryable, key: string): Promise<SpendReceipt | null> {
  const [move] = await db
    .select({ id: m.id, memberId: m.memberId, tenantId: m.tenantId, principal: m.principal, bonus: m.bonus })
    .from(m)
    .where(and(eq(m.key, key), eq(m.kind, 'spend')));
  if (!move) return null;
  const [after] = await db
    .select({
      principal: sql<number>`coalesce(sum(${m.principal}), 0)::int`,
      bonus: sql<number>`coalesce(sum(${m.bonus}), 0)::int`,
    })
    .from(m)
    .where(and(eq(m.memberId, move.memberId), lte(m.id, move.id)));
  return {
    // `0 - x`: a part the spend did not touch reads 0, not -0.
    principal: 0 - move.principal,
    bonus: 0 - move.bonus,
    spendOrder: (await settingsOf(db, move.tenantId)).spendOrder,
    balance: after!,
  };
}

export interface SpendReceipt {
  principal: number;
  bonus: number;
  spendOrder: SpendOrder;
  balance: { principal: number; bonus: number };
}
