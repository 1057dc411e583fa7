/**
 * A member's own data (PIPL arts. 45 and 47): the console exports what the
 * tenant keeps of one member as a file, and erases a member at the person's
 * request — personal fields emptied and sessions ended in one transaction,
 * the ledger closed, orders kept with their amounts (the tenant's books need
 * them; they name the member by an id that no longer leads to a person).
 * Refused while the member holds points (708): the tenant settles them
 * first, as Monyx blocks deletion.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { Db } from '../db/index.js';
import { memberOrderList } from './ports.js';
import { BizError } from '../http/errors.js';
import { tell } from '../http/events.js';
import type { AuthUser } from '../http/principal.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';
import { balanceOf, closeLedger } from './ledger.js';
import { members, memberSessions, phoneCodes, pointEntries, pointLots } from './schema.js';

export async function exportMember(db: Db, scope: Scope, id: number, at = new Date()) {
  const [row] = await db
    .select({
      id: members.id,
      cardNumber: members.cardNumber,
      nickname: members.nickname,
      phone: members.phone,
      birthday: members.birthday,
      registeredAt: members.registeredAt,
      registeredAddress: members.registeredAddress,
      tenant: tenants.name,
      owed: members.owed,
      orders: memberOrderList.use()(members.id),
    })
    .from(members)
    .innerJoin(tenants, eq(tenants.id, members.tenantId))
    .where(and(eq(members.id, id), scope.where(members.tenantId), isNull(members.erasedAt)));
  if (!row) throw new BizError(CODE.programmeMemberNotFound);
  const lots = await db
    .select({
      earned: pointLots.earned,
      left: pointLots.left,
      expiresAt: pointLots.expiresAt,
      orderNumber: pointLots.orderNumber,
      createdAt: pointLots.createdAt,
    })
    .from(pointLots)
    .where(eq(pointLots.memberId, id))
    .orderBy(asc(pointLots.id));
  const entries = await db
    .select({
      kind: pointEntries.kind,
      points: pointEntries.points,
      owed: pointEntries.owed,
      reason: pointEntries.reason,
      orderNumber: pointEntries.orderNumber,
      createdAt: pointEntries.createdAt,
    })
    .from(pointEntries)
    .where(eq(pointEntries.memberId, id))
    .orderBy(asc(pointEntries.id));
  const { orders, owed, ...profile } = row;
  const document = {
    exportedAt: at.toISOString(),
    member: profile,
    points: { balance: await balanceOf(db, id, at), owed, lots, entries },
    orders,
  };
  return {
    name: `member-${row.cardNumber}.json`,
    data: Buffer.from(JSON.stringify(document, null, 2), 'utf8').toString('base64'),
  };
}

export async function eraseMember(db: Db, user: AuthUser, scope: Scope, id: number, at = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: members.id, tenantId: members.tenantId })
      .from(members)
      .where(and(eq(members.id, id), scope.where(members.tenantId)));
    if (!row) throw new BizError(CODE.programmeMemberNotFound);
    await closeLedger(tx, id, at);
    await tx
      .update(members)
      .set({
        // The person who signs in again with the same WeChat account is a new member.
        openid: sql`'erased:' || ${members.id}`,
        nickname: '',
        searchKey: '',
        phone: null,
        phoneVerifiedAt: null,
        employeeNumber: null,
        birthday: null,
        registeredAddress: null,
        inviterId: null,
        operatorId: user.id,
        erasedAt: at,
      })
      .where(eq(members.id, id));
    await tx.delete(memberSessions).where(eq(memberSessions.memberId, id));
    await tx.delete(phoneCodes).where(eq(phoneCodes.memberId, id));
    // What the domains above keep of the person goes too (a customer group's claimed identifier is their phone).
    await tell(tx, 'member', row.tenantId, { kind: 'erased', memberId: id });
    return { erased: true };
  });
}
