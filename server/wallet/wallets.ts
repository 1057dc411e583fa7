/** A member's wallet as the console reads it: its parts, the tenant's spend order, its moves newest first. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { PageQuery } from '../../shared/api/define.js';
import { CODE } from '../../shared/domains.js';
import type { WalletInfo } from '../../shared/wallet/index.js';
import { users } from '../account/schema.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import { members } from '../member/index.js';
import type { Scope } from '../scope.js';
import { walletMoves as m, wallets } from './schema.js';
import { settingsOf } from './settings.js';

export async function walletOf(db: Queryable, scope: Scope, memberId: number, query: PageQuery): Promise<WalletInfo> {
  const [member] = await db
    .select({ tenantId: members.tenantId, principal: wallets.principal, bonus: wallets.bonus })
    .from(members)
    .leftJoin(wallets, eq(wallets.memberId, members.id))
    .where(and(eq(members.id, memberId), scope.where(members.tenantId)));
  if (!member) throw new BizError(CODE.programmeMemberNotFound);
  const where = eq(m.memberId, memberId);
  const moves = await paged(
    query,
    db
      .select({
        id: m.id,
        kind: m.kind,
        principal: m.principal,
        bonus: m.bonus,
        orderNumber: m.orderNumber,
        reason: m.reason,
        operatorName: users.name,
        createdAt: m.createdAt,
      })
      .from(m)
      .leftJoin(users, eq(users.id, m.operatorId))
      .where(where)
      .orderBy(desc(m.id)),
    db.select({ total: count() }).from(m).where(where),
    (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
  );
  return {
    principal: member.principal ?? 0,
    bonus: member.bonus ?? 0,
    spendOrder: (await settingsOf(db, member.tenantId)).spendOrder,
    moves,
  };
}
