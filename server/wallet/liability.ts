/**
 * The liability report (docs/domains/wallet.md): per tenant, what its
 * members' wallets held at the start of a business month, what each kind of
 * move did in it and what they held at its end — one pass over the moves up
 * to the month's end, grouped by tenant, so opening + moves = closing holds
 * by construction and the books' `wallet.balances` ties the moves to the
 * wallets.
 */
import { and, asc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { businessInstant, nextMonth } from '../../shared/business-time.js';
import { WALLET_MOVE_KINDS, type LiabilityRow, type WalletMoveKind } from '../../shared/wallet/index.js';
import type { Queryable } from '../db/index.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';
import { tenantFilter } from '../tenant/index.js';
import { walletMoves as m } from './schema.js';

const sum = (part: typeof m.principal | typeof m.bonus, where: SQL) =>
  sql<number>`coalesce(sum(${part}) filter (where ${where}), 0)::int`;

export async function liability(
  db: Queryable,
  scope: Scope,
  body: { tenantId?: number | undefined; month: string },
): Promise<LiabilityRow[]> {
  const start = businessInstant(`${body.month}-01 00:00`)!;
  const end = businessInstant(`${nextMonth(`${body.month}-01`)} 00:00`)!;
  const before = sql`${m.createdAt} < ${start.toISOString()}::timestamptz`;
  const inMonth = (kind: WalletMoveKind) =>
    sql`${m.createdAt} >= ${start.toISOString()}::timestamptz and ${m.kind} = ${kind}`;
  const columns = Object.fromEntries(
    WALLET_MOVE_KINDS.flatMap((k) => [
      [`${k}Principal`, sum(m.principal, inMonth(k))],
      [`${k}Bonus`, sum(m.bonus, inMonth(k))],
    ]),
  ) as Record<string, SQL<number>>;
  const rows = await db
    .select({
      tenantId: m.tenantId,
      tenantName: tenants.name,
      openingPrincipal: sum(m.principal, before),
      openingBonus: sum(m.bonus, before),
      closingPrincipal: sql<number>`coalesce(sum(${m.principal}), 0)::int`,
      closingBonus: sql<number>`coalesce(sum(${m.bonus}), 0)::int`,
      wallets: sql<number>`(select count(*)::int from (select w.member_id from ${m} w
        where w.tenant_id = ${m.tenantId} and w.created_at < ${end.toISOString()}::timestamptz
        group by w.member_id having sum(w.principal + w.bonus) > 0) held)`,
      ...columns,
    })
    .from(m)
    .innerJoin(tenants, eq(tenants.id, m.tenantId))
    .where(and(scope.where(m.tenantId), await tenantFilter(db, scope, m.tenantId, body.tenantId), lt(m.createdAt, end)))
    .groupBy(m.tenantId, tenants.name)
    .orderBy(asc(m.tenantId));
  return rows.map((r) => {
    const row = r as typeof r & Record<string, number>;
    return {
      tenantId: r.tenantId,
      tenantName: r.tenantName,
      opening: { principal: r.openingPrincipal, bonus: r.openingBonus },
      moves: Object.fromEntries(
        WALLET_MOVE_KINDS.map((k) => [k, { principal: row[`${k}Principal`]!, bonus: row[`${k}Bonus`]! }]),
      ) as LiabilityRow['moves'],
      closing: { principal: r.closingPrincipal, bonus: r.closingBonus },
      wallets: r.wallets,
    };
  });
}
