/**
 * Coupons (shared/activity/coupons.ts): claimed by a member within the
 * activity's quantity and the member's limit — the claim locks the
 * activity's row, so concurrent claims are counted one after the other and
 * never issue one too many — and held for the sale that redeems them
 * (pricing.ts): a guarded update that finds the coupon taken meanwhile
 * refuses the sale, never uses it twice.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import type { CouponItem, HeldCoupon } from '../../shared/activity/index.js';
import type { Db, Queryable, Tx } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import type { MemberCaller } from '../http/principal.js';
import { activities, coupons } from './schema.js';
import { couponFree } from './uses.js';
import { members, spendPoints } from '../member/index.js';
import { stateOfRow } from './activities.js';

const DAY = 86_400_000;

/** A coupon's end: its days from `now`, and never past its activity's end (after it, no sale is priced by it). */
export const couponValidUntil = (a: { endAt: Date; extendedEndAt: Date | null }, days: number, now: Date) =>
  new Date(Math.min(now.getTime() + days * DAY, (a.extendedEndAt ?? a.endAt).getTime()));

/**
 * A coupon activity locked for the rest of the transaction, with the coupons it has issued so far (claimed,
 * sent or given); null when it is no coupon activity running now.
 */
export async function lockLiveCouponActivity(tx: Tx, activityId: number, now: Date) {
  const [a] = await tx.select().from(activities).where(eq(activities.id, activityId)).for('update');
  if (!a || a.type !== 'coupon' || !a.coupon || stateOfRow(a, now) !== 'active') return null;
  const [issued] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(coupons)
    .where(eq(coupons.activityId, a.id));
  return { ...a, coupon: a.coupon, issued: issued!.n };
}

/** The coupon activities of the member's tenant active now, with what is left. */
export async function claimable(db: Queryable, member: MemberCaller) {
  const now = new Date();
  const list = await db
    .select()
    .from(activities)
    .where(and(eq(activities.tenantId, member.tenantId), eq(activities.type, 'coupon')))
    .orderBy(desc(activities.id));
  const live = list.filter((a) => a.coupon && stateOfRow(a, now) === 'active');
  const counts = new Map<number, { all: number; mine: number }>();
  for (const a of live) {
    const [row] = await db
      .select({
        all: sql<number>`count(*)::int`,
        mine: sql<number>`(count(*) filter (where ${coupons.memberId} = ${member.id}))::int`,
      })
      .from(coupons)
      .where(eq(coupons.activityId, a.id));
    counts.set(a.id, row!);
  }
  return live.map((a) => ({
    activityId: a.id,
    name: a.name,
    tag: a.tag,
    type: a.coupon!.type,
    amount: a.coupon!.amount ?? null,
    threshold: a.coupon!.threshold,
    endAt: (a.extendedEndAt ?? a.endAt).toISOString(),
    left: Math.max(0, a.coupon!.quantity - counts.get(a.id)!.all),
    mine: counts.get(a.id)!.mine,
    perMember: a.coupon!.perMember,
    points: a.coupon!.points ?? null,
  }));
}

async function couponOf(db: Queryable, id: number): Promise<CouponItem> {
  const [item] = await mine(db, sql`c.id = ${id}`, 1, 0);
  return item!;
}

/** Claims one coupon: 3410 for no coupon activity of the member's tenant, 3418 when it is not active, 3419 sold out, 3420 past the member's limit. */
export async function claim(db: Db, member: MemberCaller, activityId: number) {
  const id = await db.transaction(async (tx) => {
    // The member first, then the activity: the order a sale takes them in (its buyer, then the activities it
    // locks), so a claim that spends points never waits crosswise on a sale of the same member.
    await tx.select({ id: members.id }).from(members).where(eq(members.id, member.id)).for('update');
    const [a] = await tx
      .select()
      .from(activities)
      .where(and(eq(activities.id, activityId), eq(activities.tenantId, member.tenantId)))
      .for('update');
    if (!a) throw new BizError(CODE.activityNotFound);
    const now = new Date();
    if (a.type !== 'coupon' || !a.coupon || stateOfRow(a, now) !== 'active')
      throw new BizError(CODE.couponNotClaimable);
    const [row] = await tx
      .select({
        all: sql<number>`count(*)::int`,
        mine: sql<number>`(count(*) filter (where ${coupons.memberId} = ${member.id}))::int`,
      })
      .from(coupons)
      .where(eq(coupons.activityId, a.id));
    if (row!.all >= a.coupon.quantity) throw new BizError(CODE.couponsGone);
    if (row!.mine >= a.coupon.perMember) throw new BizError(CODE.couponClaimLimit);
    const [made] = await tx
      .insert(coupons)
      .values({
        activityId: a.id,
        tenantId: a.tenantId,
        memberId: member.id,
        validUntil: couponValidUntil(a, a.coupon.validDays, now),
      })
      .returning({ id: coupons.id });
    // Exchanged for points: spent with the coupon, keyed by it; short (950), the claim rolls back whole.
    if (a.coupon.points)
      await spendPoints(
        tx,
        'spend',
        a.coupon.points,
        { memberId: member.id, key: `exchange:coupon:${made!.id}`, reason: a.name },
        now,
      );
    return made!.id;
  });
  return couponOf(db, id);
}

interface CouponRow {
  id: number;
  activity_id: number;
  activity_name: string;
  coupon: { type: CouponItem['type']; amount?: number; threshold: number };
  claimed_at: string | Date;
  valid_until: string | Date;
  free: boolean;
}
const when = (v: string | Date) => new Date(v).toISOString();

function mine(db: Queryable, where: ReturnType<typeof sql>, limit: number, offset: number) {
  return rowsOf<CouponRow>(
    db,
    sql`select c.id, c.activity_id, a.name as activity_name, a.coupon, c.claimed_at, c.valid_until, ${couponFree} as free
      from ${coupons} c join ${activities} a on a.id = c.activity_id
      where ${where}
      order by ${couponFree} desc, c.valid_until asc, c.id asc
      limit ${limit} offset ${offset}`,
  ).then((rows) =>
    rows.map((r): CouponItem => ({
      id: r.id,
      activityId: r.activity_id,
      activityName: r.activity_name,
      type: r.coupon.type,
      amount: r.coupon.amount ?? null,
      threshold: r.coupon.threshold,
      claimedAt: when(r.claimed_at),
      validUntil: when(r.valid_until),
      state: !r.free ? 'used' : new Date(r.valid_until) <= new Date() ? 'expired' : 'unused',
    })),
  );
}

export async function myCoupons(db: Queryable, member: MemberCaller, query: PageQuery) {
  const size = query.pageSize ?? 20;
  const offset = ((query.pageNum ?? 1) - 1) * size;
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(coupons)
    .where(eq(coupons.memberId, member.id));
  return {
    list: await mine(db, sql`c.member_id = ${member.id}`, size, offset),
    total: total!.n,
    pageNum: query.pageNum ?? 1,
    pageSize: size,
  };
}

/**
 * The member's coupons a sale may use, locked for it: the one it names (3421
 * unless it is the member's, valid and free), or every free valid one of the
 * live coupon activities — those another sale holds skipped, so two sales
 * never pick the same one.
 */
export async function holdCoupons(
  tx: Queryable,
  memberId: number,
  activityIds: readonly number[],
  chosen: number | null,
  /** False for a look at them only (the member's basket price): nothing is locked. */
  lock: boolean,
  /** The products of each coupon activity (read with the live activities). */
  productsOf: (activityId: number) => number[],
): Promise<HeldCoupon[]> {
  if (!activityIds.length) {
    if (chosen !== null) throw new BizError(CODE.couponUnusable);
    return [];
  }
  const ids = sql.raw(`(${activityIds.map(Number).join(',')})`);
  const rows = await rowsOf<{ id: number; activity_id: number; coupon: NonNullable<CouponRow['coupon']> }>(
    tx,
    sql`select c.id, c.activity_id, a.coupon from ${coupons} c join ${activities} a on a.id = c.activity_id
      where c.member_id = ${memberId} and c.valid_until > now() and c.activity_id in ${ids} and ${couponFree}
        ${chosen === null ? sql`` : sql`and c.id = ${chosen}`}
      order by c.valid_until, c.id
      ${lock ? sql`for update of c ${chosen === null ? sql`skip locked` : sql``}` : sql``}`,
  );
  if (chosen !== null && !rows.length) throw new BizError(CODE.couponUnusable);
  return rows.map((r) => ({
    id: r.id,
    activityId: r.activity_id,
    type: r.coupon.type,
    amount: r.coupon.amount ?? 0,
    threshold: r.coupon.threshold,
    // Every coupon buys only its activity's products: a reduction counts them toward its threshold and spreads over them alone.
    products: productsOf(r.activity_id),
  }));
}

/** Takes the coupon for the order; none taken (used meanwhile) refuses the sale (3421). */
export async function redeem(tx: Tx, couponId: number, orderId: number) {
  const taken = await rowsOf<{ id: number }>(
    tx,
    sql`update ${coupons} c set order_id = ${orderId}, used_at = now()
      from ${activities} a
      where a.id = c.activity_id and c.id = ${couponId} and c.valid_until > now() and ${couponFree}
      returning c.id`,
  );
  if (!taken.length) throw new BizError(CODE.couponUnusable);
}
