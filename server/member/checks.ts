/**
 * The points ledger's invariant for the books (server/db/checks.ts): a
 * member's entries sum to its lots' points less what it owes (ledger.ts),
 * whatever happened — a lot past its expiry counts until its `expire` entry
 * is written, on both sides.
 */
import { sql } from 'drizzle-orm';
import { statementCheck, tenantIn, type BookCheck } from '../db/checks.js';
import { members, pointEntries, pointLots } from './schema.js';

export const memberChecks: BookCheck[] = [
  statementCheck(
    'member.points',
    (tenantIds, limit) =>
      sql`select m.tenant_id as "tenantId", 'member' as subject, m.id as "subjectId", m.card_number as label,
          (coalesce(l.points, 0) - m.owed)::int as expected, coalesce(e.points, 0)::int as actual
        from ${members} m
        left join (select member_id, sum("left") as points from ${pointLots} group by member_id) l on l.member_id = m.id
        left join (select member_id, sum(points) as points from ${pointEntries} group by member_id) e on e.member_id = m.id
        where ${tenantIn(sql`m.tenant_id`, tenantIds)} and coalesce(l.points, 0) - m.owed <> coalesce(e.points, 0)
        order by m.id limit ${limit}`,
  ),
];
