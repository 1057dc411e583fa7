/**
 * Giving back what is left (docs/domains/wallet.md): a member's principal goes back to the payments it came
 * from, and the bonus is forfeited with it, as the top-up tiers' terms say.
 *
 * Asked (by the member, or at the counter), in one transaction under the wallet's lock: the principal and the
 * bonus leave the wallet (moves `giveBack` and `forfeit`, keyed by the give-back), so nothing can spend them
 * meanwhile and a second give-back finds nothing left (954). The principal is split over the member's paid
 * top-ups newest first (`splitGiveBack`): each at most what it paid in less what earlier give-backs sent back
 * to it; a top-up whose platform refused a give-back once is not asked again. What no top-up covers — a
 * balance imported from the operator's old cards — is paid at the counter by hand. Each platform refund is
 * then sent by the give-back job (giveBackRefunds.ts); one its platform refuses comes back into the wallet.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { splitGiveBack, type GiveBack } from '../../shared/wallet/index.js';
import type { Db, Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { enqueue } from '../jobs/index.js';
import type { Scope } from '../scope.js';
import { lockWallet, moveWallet } from './ledger.js';
import { walletGiveBackRefunds as r, walletGiveBacks as g, walletTopUps as u } from './schema.js';
import { dayNumber, topUpSettleMs } from './topups.js';

/** The job that sends and asks after the give-back refunds due when it runs. */
export const GIVE_BACK_JOB = 'wallet.giveBacks';

/** Who asks: the member's tenant pays it; a console user at the counter, or the member itself (null). */
interface Asker {
  memberId: number;
  tenantId: number;
  userId: number | null;
}

/** What each paid top-up of the member may still take back, newest first (0 once its platform refused one). */
async function topUpsLeft(tx: Queryable, memberId: number) {
  const rows = await tx
    .select({
      id: u.id,
      provider: u.provider,
      amount: u.amount,
      sent: sql<number>`coalesce(sum(${r.amount}), 0)::int`,
      refused: sql<boolean>`coalesce(bool_or(${r.state} = 'failed'), false)`,
    })
    .from(u)
    .leftJoin(r, eq(r.topUpId, u.id))
    .where(and(eq(u.memberId, memberId), eq(u.state, 'paid')))
    .groupBy(u.id)
    .orderBy(desc(u.paidAt), desc(u.id));
  return rows.map((x) => ({ id: x.id, provider: x.provider, left: x.refused ? 0 : x.amount - x.sent }));
}

/** A give-back asked: the wallet emptied of principal and bonus, its refunds written and their job queued. */
export async function askGiveBack(db: Db, who: Asker, reason: string | null): Promise<GiveBack> {
  const id = await db.transaction(async (tx) => {
    const held = await lockWallet(tx, who.memberId);
    if (held.principal <= 0) throw new BizError(CODE.nothingToGiveBack);
    const [row] = await tx
      .insert(g)
      .values({
        number: sql`gen_random_uuid()::text`,
        tenantId: held.tenantId,
        memberId: who.memberId,
        principal: held.principal,
        bonus: held.bonus,
        reason,
        createdBy: who.userId,
      })
      .returning({ id: g.id });
    const [made] = await tx
      .update(g)
      .set({ number: dayNumber('GB', g.id) })
      .where(eq(g.id, row!.id))
      .returning({ id: g.id, number: g.number });
    const move = { memberId: who.memberId, reason: made!.number, operatorId: who.userId };
    await moveWallet(
      tx,
      { ...move, kind: 'giveBack', key: `giveBack:${made!.id}` },
      { principal: -held.principal, bonus: 0 },
    );
    if (held.bonus > 0)
      await moveWallet(
        tx,
        { ...move, kind: 'forfeit', key: `forfeit:${made!.id}` },
        { principal: 0, bonus: -held.bonus },
      );

    const topUps = await topUpsLeft(tx, who.memberId);
    const split = splitGiveBack(held.principal, topUps);
    const base = { giveBackId: made!.id, tenantId: held.tenantId };
    for (const piece of split.refunds) {
      const provider = topUps.find((t) => t.id === piece.topUpId)!.provider;
      // A platform is asked at once; the sandbox answers as it does a top-up, after WALLET_SETTLE_MS.
      const settleAt = new Date(Date.now() + (provider ? 0 : topUpSettleMs()));
      await tx.insert(r).values({ ...base, ...piece, state: 'pending', provider, settleAt });
      await enqueue(tx, GIVE_BACK_JOB, {}, { runAt: settleAt });
    }
    if (split.byHand > 0)
      await tx.insert(r).values({ ...base, amount: split.byHand, state: 'byHand', settledAt: sql`now()` });
    if (split.refunds.length === 0)
      await tx
        .update(g)
        .set({ state: 'done', settledAt: sql`now()` })
        .where(eq(g.id, made!.id));
    return made!.id;
  });
  return readGiveBack(db, eq(g.id, id));
}

/** A give-back with its refunds; 955 when `where` finds none. */
async function readGiveBack(db: Queryable, where: ReturnType<typeof eq>): Promise<GiveBack> {
  const [row] = await db.select().from(g).where(where);
  if (!row) throw new BizError(CODE.giveBackNotFound);
  const refunds = await db
    .select({
      id: r.id,
      topUpNumber: u.number,
      platform: u.platform,
      amount: r.amount,
      state: r.state,
      platformCode: r.platformCode,
      settledAt: r.settledAt,
    })
    .from(r)
    .leftJoin(u, eq(u.id, r.topUpId))
    .where(eq(r.giveBackId, row.id))
    .orderBy(r.id);
  return {
    id: row.id,
    number: row.number,
    memberId: row.memberId,
    principal: row.principal,
    bonus: row.bonus,
    state: row.state,
    reason: row.reason,
    refunds: refunds.map((x) => ({ ...x, settledAt: x.settledAt?.toISOString() ?? null })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A give-back of a member in the caller's scope (955 otherwise). */
export const giveBackOf = (db: Queryable, scope: Scope, id: number) =>
  readGiveBack(db, and(eq(g.id, id), scope.where(g.tenantId))!);

/** One of the member's own give-backs by its number (955 for any other). */
export const myGiveBack = (db: Queryable, memberId: number, number: string) =>
  readGiveBack(db, and(eq(g.memberId, memberId), eq(g.number, number))!);
