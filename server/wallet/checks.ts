/**
 * The wallets' invariants for the books (server/db/checks.ts): each wallet's
 * principal and bonus are the sums of its moves, and a member with moves
 * has a wallet (ledger.ts writes both in one transaction); and each tenant's
 * liability — its moves summed by the tenant they were written for, the
 * monthly report's closing (liability.ts) — is the sum of its members'
 * wallets, so the report says what the wallets hold.
 */
import { sql } from 'drizzle-orm';
import { statementCheck, tenantIn, type BookCheck } from '../db/checks.js';
import { tenants } from '../identity/schema.js';
import { members } from '../member/index.js';
import { walletMoves, wallets } from './schema.js';

export const walletChecks: BookCheck[] = [
  statementCheck(
    'wallet.balances',
    (tenantIds, limit) =>
      sql`select m.tenant_id as "tenantId", 'member' as subject, m.id as "subjectId", m.card_number as label,
          (coalesce(w.principal, 0) + coalesce(w.bonus, 0))::int as expected,
          (coalesce(e.principal, 0) + coalesce(e.bonus, 0))::int as actual
        from ${members} m
        left join ${wallets} w on w.member_id = m.id
        left join (select member_id, sum(principal) as principal, sum(bonus) as bonus from ${walletMoves}
          group by member_id) e on e.member_id = m.id
        where ${tenantIn(sql`m.tenant_id`, tenantIds)}
          and (coalesce(w.principal, 0) <> coalesce(e.principal, 0) or coalesce(w.bonus, 0) <> coalesce(e.bonus, 0))
        order by m.id limit ${limit}`,
  ),
  statementCheck(
    'wallet.liability',
    (tenantIds, limit) =>
      sql`select t.id as "tenantId", 'tenant' as subject, t.id as "subjectId", t.name as label,
          coalesce(w.held, 0)::int as expected, coalesce(e.owed, 0)::int as actual
        from ${tenants} t
        left join (select tenant_id, sum(principal + bonus) as held from ${wallets} group by tenant_id) w
          on w.tenant_id = t.id
        left join (select tenant_id, sum(principal + bonus) as owed from ${walletMoves} group by tenant_id) e
          on e.tenant_id = t.id
        where ${tenantIn(sql`t.id`, tenantIds)} and coalesce(w.held, 0) <> coalesce(e.owed, 0)
        order by t.id limit ${limit}`,
  ),
];
