/**
 * Points as a ledger (docs/domains/member.md). Every change of one member's
 * points runs under a lock on the member's row, taken first: concurrent
 * spends, credits and reversals of one member are serialised, so a balance
 * read under the lock is the balance the change acts on and no two spends
 * both see the same points (open-source loyalty systems have credited twenty
 * times a balance under twenty concurrent gifts; locking on debit is the
 * known mend). Different members never wait for each other.
 *
 * - An earn is a lot with its own expiry (the tenant's rule when earned:
 *   never, or N months), first paying off whatever a refund left owed.
 * - A spend takes the soonest-expiring live lots first; past the balance it
 *   is refused (950) and changes nothing.
 * - A refund takes back what its order earned, in proportion to what was
 *   refunded, from the order's own lot first, then the soonest-expiring
 *   others; what the balance cannot cover is recorded as owed.
 * - A lot past its expiry is dead at once (the balance counts live lots);
 *   the next change of its member writes the `expire` entry for it.
 * - The entries are the balance: their points sum to the balance minus the
 *   points owed, after any sequence of changes, and their `owed` to what is
 *   owed. A reverse counts all it takes back (what the balance covered and
 *   what it left owed); paying the debt off later moves the balance and the
 *   debt together, so its `settle` entry moves 0 points and −n owed.
 * Every entry carries a key where a repeat must be harmless (`earn:order:42`).
 */
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { Db, Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { tenants } from '../identity/schema.js';
import { members, pointEntries, pointLots } from './schema.js';

/** Points a sale earns: one for each whole yuan paid, times the member's grade's multiplier (percent), rounded down. */
export const pointsForAmount = (fen: number, percent = 100) => Math.floor((fen * percent) / 10_000);

export interface Change {
  memberId: number;
  /** What the change is of: a second change with the same key changes nothing. */
  key?: string | undefined;
  reason: string;
  operatorId?: number | null | undefined;
  orderId?: number | null | undefined;
  orderNumber?: string | null | undefined;
}

const liveAt = (at: Date) => and(gt(pointLots.left, 0), or(isNull(pointLots.expiresAt), gt(pointLots.expiresAt, at)));

/** The live points of a member (no lock: a read). */
export async function balanceOf(db: Queryable, memberId: number, at: Date): Promise<number> {
  const [row] = await db
    .select({ points: sql<number>`coalesce(sum(${pointLots.left}), 0)::int` })
    .from(pointLots)
    .where(and(eq(pointLots.memberId, memberId), liveAt(at)));
  return row!.points;
}

/** The member's row, locked for the rest of the transaction; 707 when there is none. */
async function lock(tx: Queryable, memberId: number) {
  const [row] = await tx
    .select({
      id: members.id,
      tenantId: members.tenantId,
      owed: members.owed,
      months: tenants.pointsExpiryMonths,
      erased: sql<boolean>`${members.erasedAt} is not null`,
    })
    .from(members)
    .innerJoin(tenants, eq(tenants.id, members.tenantId))
    .where(eq(members.id, memberId))
    .for('update', { of: members });
  if (!row) throw new BizError(CODE.programmeMemberNotFound);
  return row;
}

async function recorded(tx: Queryable, memberId: number, key: string | undefined) {
  if (key === undefined) return false;
  const [row] = await tx
    .select({ id: pointEntries.id })
    .from(pointEntries)
    .where(and(eq(pointEntries.memberId, memberId), eq(pointEntries.key, key)));
  return row !== undefined;
}

type Member = Awaited<ReturnType<typeof lock>>;

/** An entry is dated with its change's moment `at`: now, but for the demo's history, written after the fact. */
async function entry(
  tx: Queryable,
  m: Member,
  kind: typeof pointEntries.$inferInsert.kind,
  points: number,
  c: Change,
  at: Date,
  owed = 0,
) {
  await tx.insert(pointEntries).values({
    createdAt: at,
    memberId: m.id,
    tenantId: m.tenantId,
    kind,
    points,
    owed,
    reason: c.reason,
    operatorId: c.operatorId ?? null,
    orderId: c.orderId ?? null,
    orderNumber: c.orderNumber ?? null,
    key: c.key ?? null,
  });
}

/** Writes the `expire` entry of each of the member's lots that ran out by `at`, and empties it (under the member's lock). */
async function expire(tx: Queryable, m: Member, at: Date) {
  const due = await tx
    .select({ id: pointLots.id, left: pointLots.left })
    .from(pointLots)
    .where(and(eq(pointLots.memberId, m.id), gt(pointLots.left, 0), lte(pointLots.expiresAt, at)));
  for (const lot of due) {
    await tx.update(pointLots).set({ left: 0 }).where(eq(pointLots.id, lot.id));
    await entry(tx, m, 'expire', -lot.left, { memberId: m.id, reason: '', key: `expire:lot:${lot.id}` }, at);
  }
}

/**
 * Adds points as a new lot under the tenant's expiry rule: an order's earn,
 * an operator's credit. Owed points are paid off first. Answers the balance.
 */
export async function addPoints(
  tx: Queryable,
  kind: 'earn' | 'adjust',
  points: number,
  change: Change,
  at: Date,
): Promise<number> {
  const m = await lock(tx, change.memberId);
  // An erased member's ledger is closed.
  if (m.erased) throw new BizError(CODE.programmeMemberNotFound);
  if (await recorded(tx, m.id, change.key)) return balanceOf(tx, m.id, at);
  await expire(tx, m, at);
  await writeLot(tx, m, kind, points, change, at);
  return balanceOf(tx, m.id, at);
}

/** Takes up to `points` from the live lots, `first` (a lot id) before the others, then soonest expiry; answers how many it took. */
async function take(tx: Queryable, m: Member, points: number, at: Date, first?: number): Promise<number> {
  const lots = await tx
    .select({ id: pointLots.id, left: pointLots.left })
    .from(pointLots)
    .where(and(eq(pointLots.memberId, m.id), liveAt(at)))
    .orderBy(desc(sql`${pointLots.id} = ${first ?? 0}`), sql`${pointLots.expiresAt} asc nulls last`, asc(pointLots.id));
  let rest = points;
  for (const lot of lots) {
    if (rest === 0) break;
    const n = Math.min(lot.left, rest);
    await tx
      .update(pointLots)
      .set({ left: sql`${pointLots.left} - ${n}` })
      .where(eq(pointLots.id, lot.id));
    rest -= n;
  }
  return points - rest;
}

/** Spends points, soonest-expiring first: 950 past the balance, and nothing changes. Answers the balance. */
export async function spendPoints(
  tx: Queryable,
  kind: 'spend' | 'adjust',
  points: number,
  change: Change,
  at: Date,
): Promise<number> {
  const m = await lock(tx, change.memberId);
  if (m.erased) throw new BizError(CODE.programmeMemberNotFound);
  if (await recorded(tx, m.id, change.key)) return balanceOf(tx, m.id, at);
  await expire(tx, m, at);
  if ((await balanceOf(tx, m.id, at)) < points) throw new BizError(CODE.pointsShort);
  await take(tx, m, points, at);
  await entry(tx, m, kind, -points, change, at);
  return balanceOf(tx, m.id, at);
}

/**
 * A refund of an order that earned points: takes back the share of them the
 * order's refunds have reached by now (`refunded` of `received` fen; all of
 * them once the whole was refunded), less what earlier refunds took back.
 * From the order's own lot first; what the balance cannot cover is owed.
 */
export async function reverseEarned(
  tx: Queryable,
  refund: Change & { orderId: number; refunded: number; received: number },
  at: Date,
): Promise<void> {
  const m = await lock(tx, refund.memberId);
  // An erased member's ledger is closed: nothing is taken back, and the refund itself goes on.
  if (m.erased || (await recorded(tx, m.id, refund.key))) return;
  const [sums] = await tx
    .select({
      earned: sql<number>`coalesce(sum(${pointEntries.points}) filter (where ${pointEntries.kind} = 'earn'), 0)::int`,
      reversed: sql<number>`coalesce(-sum(${pointEntries.points}) filter (where ${pointEntries.kind} = 'reverse'), 0)::int`,
    })
    .from(pointEntries)
    .where(and(eq(pointEntries.memberId, m.id), eq(pointEntries.orderId, refund.orderId)));
  const { earned, reversed } = sums!;
  const due =
    refund.refunded >= refund.received ? earned : Math.floor((earned * refund.refunded) / Math.max(1, refund.received));
  const points = due - reversed;
  if (points <= 0) return;
  await expire(tx, m, at);
  const [own] = await tx
    .select({ id: pointLots.id })
    .from(pointLots)
    .where(and(eq(pointLots.memberId, m.id), eq(pointLots.orderId, refund.orderId)));
  const taken = await take(tx, m, points, at, own?.id);
  if (taken < points) {
    await tx
      .update(members)
      .set({ owed: sql`${members.owed} + ${points - taken}` })
      .where(eq(members.id, m.id));
  }
  await entry(tx, m, 'reverse', -points, refund, at, points - taken);
}

/**
 * A refund of an order points paid part of: gives back the share of the points it spent that the order's
 * refunds have reached by now (`refunded` of `received` fen; all of them once the whole was refunded), less
 * what earlier refunds gave back — as a new lot under the tenant's expiry rule, paying off what is owed first.
 */
export async function returnSpent(
  tx: Queryable,
  refund: Change & { orderId: number; refunded: number; received: number; spent: number },
  at: Date,
): Promise<void> {
  const m = await lock(tx, refund.memberId);
  if (m.erased || (await recorded(tx, m.id, refund.key))) return;
  const [sums] = await tx
    .select({
      returned: sql<number>`coalesce(sum(${pointEntries.points}) filter (where ${pointEntries.kind} = 'return'), 0)::int`,
    })
    .from(pointEntries)
    .where(and(eq(pointEntries.memberId, m.id), eq(pointEntries.orderId, refund.orderId)));
  const due =
    refund.refunded >= refund.received
      ? refund.spent
      : Math.floor((refund.spent * refund.refunded) / Math.max(1, refund.received));
  const points = due - sums!.returned;
  if (points <= 0) return;
  await expire(tx, m, at);
  await writeLot(tx, m, 'return', points, refund, at);
}

/** Members expired a batch at a time: each in a transaction of its own, under its lock, so none waits long. */
const EXPIRE_BATCH = 200;

/**
 * Writes the `expire` entry of every lot past its expiry by `at` that no
 * change of its member has written yet (the upstream's hourly chore), so
 * the history sums to the balance shown between a member's changes too.
 * Answers how many members it went through. Safe to race: each member's
 * lots are written off under its lock, and a lot already emptied is skipped.
 */
export async function expireDue(db: Db, at: Date): Promise<number> {
  let done = 0;
  for (;;) {
    const due = await db
      .selectDistinct({ memberId: pointLots.memberId })
      .from(pointLots)
      .where(and(gt(pointLots.left, 0), lte(pointLots.expiresAt, at)))
      .limit(EXPIRE_BATCH);
    for (const { memberId } of due)
      await db.transaction(async (tx) => {
        const m = await lock(tx, memberId);
        await expire(tx, m, at);
      });
    done += due.length;
    if (due.length < EXPIRE_BATCH) return done;
  }
}

/**
 * Closes a member's ledger for its erasure, under the member's lock: 708
 * while it holds live points (the tenant settles them first), its expired
 * lots written off, what a refund left owed forgiven — by a `settle` entry
 * that gives the points back to the sum, so the entries still add up.
 */
export async function closeLedger(tx: Queryable, memberId: number, at: Date): Promise<void> {
  const m = await lock(tx, memberId);
  if (m.erased) throw new BizError(CODE.programmeMemberNotFound);
  if ((await balanceOf(tx, m.id, at)) > 0) throw new BizError(CODE.memberHasBalance);
  await expire(tx, m, at);
  if (m.owed > 0) {
    await tx.update(members).set({ owed: 0 }).where(eq(members.id, m.id));
    await entry(tx, m, 'settle', m.owed, { memberId: m.id, reason: '', key: 'settle:erased' }, at, -m.owed);
  }
}

/**
 * A new lot of `points` and its entry, what a refund left owed paid off from
 * it first (a `settle` entry): the one way points come into being.
 */
async function writeLot(
  tx: Queryable,
  m: { id: number; tenantId: number; owed: number; months: number },
  kind: 'earn' | 'adjust' | 'return',
  points: number,
  change: Change,
  at: Date,
) {
  const settle = Math.min(m.owed, points);
  await tx.insert(pointLots).values({
    memberId: m.id,
    tenantId: m.tenantId,
    earned: points,
    left: points - settle,
    expiresAt: m.months > 0 ? sql`${at.toISOString()}::timestamptz + make_interval(months => ${m.months})` : null,
    orderId: change.orderId ?? null,
    orderNumber: change.orderNumber ?? null,
    createdAt: at,
  });
  const line = {
    memberId: m.id,
    tenantId: m.tenantId,
    createdAt: at,
    reason: change.reason,
    operatorId: change.operatorId ?? null,
    orderId: change.orderId ?? null,
    orderNumber: change.orderNumber ?? null,
  };
  const entries: (typeof pointEntries.$inferInsert)[] = [{ ...line, kind, points, key: change.key ?? null }];
  // The debt paid off moves with the earn: 0 points of the balance less the debt, −n owed.
  const key = change.key ? `${change.key}:settle` : null;
  if (settle > 0) entries.push({ ...line, kind: 'settle', points: 0, owed: -settle, key });
  await tx.insert(pointEntries).values(entries);
  if (settle > 0)
    await tx
      .update(members)
      .set({ owed: sql`${members.owed} - ${settle}` })
      .where(eq(members.id, m.id));
}

/**
 * A new order's earn, for a member `memberForSale` locked in the same
 * transaction. The order is new, so nothing was recorded under its key yet;
 * the member's dead lots wait for its next other change to be written off.
 */
export async function earnForOrder(
  tx: Queryable,
  m: { id: number; tenantId: number; owed: number; months: number },
  points: number,
  order: { id: number; number: string },
  at: Date,
): Promise<void> {
  const change = {
    memberId: m.id,
    key: `earn:order:${order.id}`,
    reason: '',
    orderId: order.id,
    orderNumber: order.number,
  };
  await writeLot(tx, m, 'earn', points, change, at);
}
