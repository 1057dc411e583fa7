/**
 * A sale that names a member (the machine learned it from the mini-program's
 * scan): the member must be of the machine's tenant or of that tenant's
 * first-level tenant, whose programme covers its second-level tenants'
 * machines, and not blocked. Its row is locked for the sale's transaction,
 * as every change of its points locks it (server/member/ledger.ts), so the
 * earn that follows needs no second read.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { tenants } from '../identity/schema.js';
import { externalMembers, memberGrades, members } from './schema.js';

export interface SaleMember {
  id: number;
  tenantId: number;
  /** Whether the member's tenant gives points (its member and points switches are on). */
  earns: boolean;
  /** Points a refund left owed, and the tenant's expiry rule (months; 0 never). */
  owed: number;
  months: number;
  /** The member's grade's points multiplier, in percent (100 without a grade). */
  pointsPercent: number;
}

/** The member a sale at a machine of `tenantIds` names: 707 for none of theirs, 704 for a blocked one. */
export async function memberForSale(
  tx: Queryable,
  memberId: number,
  tenantIds: readonly number[],
): Promise<SaleMember> {
  const [row] = await tx
    .select({
      id: members.id,
      tenantId: members.tenantId,
      owed: members.owed,
      months: tenants.pointsExpiryMonths,
      state: members.state,
      erased: sql<boolean>`${members.erasedAt} is not null`,
      on: tenants.membersEnabled,
      points: tenants.pointsEnabled,
      pointsPercent: sql<number>`coalesce(${memberGrades.pointsPercent}, 100)`,
    })
    .from(members)
    .innerJoin(tenants, eq(tenants.id, members.tenantId))
    .leftJoin(memberGrades, eq(memberGrades.id, members.gradeId))
    .where(and(eq(members.id, memberId), inArray(members.tenantId, [...tenantIds])))
    .for('update', { of: members });
  if (!row || row.erased) throw new BizError(CODE.programmeMemberNotFound);
  if (row.state === 'blocked') throw new BizError(CODE.memberBlocked);
  return {
    id: row.id,
    tenantId: row.tenantId,
    earns: row.on && row.points,
    owed: row.owed,
    months: row.months,
    pointsPercent: Number(row.pointsPercent),
  };
}

/** A sale named a member of another programme: counted against it (made at its first sale), in the sale's transaction. */
export async function recordExternalSale(
  tx: Queryable,
  tenantId: number,
  member: { programme: string; id: string },
  amount: number,
): Promise<void> {
  await tx
    .insert(externalMembers)
    .values({ tenantId, programme: member.programme, externalId: member.id, orders: 1, amount })
    .onConflictDoUpdate({
      target: [externalMembers.tenantId, externalMembers.programme, externalMembers.externalId],
      set: {
        orders: sql`${externalMembers.orders} + 1`,
        amount: sql`${externalMembers.amount} + ${amount}`,
        lastSeenAt: sql`now()`,
      },
    });
}
