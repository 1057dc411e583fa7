/**
 * Sign-up and birthday rewards (shared/activity/rewards.ts). The tenant sets them; a recurring job gives them:
 * each due member's grant is claimed by an insert keyed (member, kind, year) — a sign-up's year is 0, once
 * ever; a birthday's the business year — so two instances, or a run repeated, give each once. A grant's
 * points are credited under the member's lock with the grant's key; its coupon is issued while the activity
 * is active and has coupons left (otherwise the grant is points alone, and says so with no coupon).
 */
import { and, eq, sql } from 'drizzle-orm';
import { businessDay } from '../../shared/business-time.js';
import { REWARD_KINDS, type MemberReward, type RewardKind } from '../../shared/activity/index.js';
import type { Db, Queryable, Tx } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { RequestValidationError } from '../http/errors.js';
import { addPoints, members } from '../member/index.js';
import { couponValidUntil, lockLiveCouponActivity } from './coupons.js';
import { activities, coupons, memberRewardGrants as g, memberRewards as r } from './schema.js';

/** Members rewarded in one run at most, per tenant and kind: a backlog is worked off run by run. */
const BATCH = 500;
const REASON: Record<RewardKind, string> = { signUp: '注册奖励', birthday: '生日奖励' };

export async function rewardsOf(db: Queryable, tenantId: number): Promise<MemberReward[]> {
  const rows = await db
    .select({ kind: r.kind, points: r.points, activityId: r.activityId, activityName: activities.name })
    .from(r)
    .leftJoin(activities, eq(activities.id, r.activityId))
    .where(eq(r.tenantId, tenantId));
  const given = await db
    .select({ kind: g.kind, n: sql<number>`count(*)::int` })
    .from(g)
    .where(eq(g.tenantId, tenantId))
    .groupBy(g.kind);
  return REWARD_KINDS.map((kind) => {
    const row = rows.find((x) => x.kind === kind);
    return {
      kind,
      points: row?.points ?? 0,
      activityId: row?.activityId ?? null,
      activityName: row?.activityName ?? null,
      given: given.find((x) => x.kind === kind)?.n ?? 0,
    };
  });
}

export async function saveRewards(
  db: Queryable,
  tenantId: number,
  rewards: readonly { kind: RewardKind; points: number; activityId: number | null }[],
) {
  const kinds = new Set(rewards.map((x) => x.kind));
  if (kinds.size !== REWARD_KINDS.length) throw new RequestValidationError({ rewards: 'validation.invalid' });
  for (const [i, reward] of rewards.entries()) {
    if (reward.activityId === null) continue;
    const [a] = await db
      .select({ type: activities.type })
      .from(activities)
      .where(and(eq(activities.id, reward.activityId), eq(activities.tenantId, tenantId)));
    if (!a || a.type !== 'coupon')
      throw new RequestValidationError({ [`rewards.${i}.activityId`]: 'activity.rewards.notCoupon' });
  }
  for (const reward of rewards)
    await db
      .insert(r)
      .values({ tenantId, ...reward })
      .onConflictDoUpdate({
        target: [r.tenantId, r.kind],
        set: { points: reward.points, activityId: reward.activityId, updatedAt: sql`now()` },
      });
  return rewardsOf(db, tenantId);
}

/** The members due a reward of `kind` now, claimed by their grant rows (inserted; a repeat inserts nothing). */
async function claimDue(tx: Tx, reward: typeof r.$inferSelect, now: Date) {
  const day = businessDay(now.getTime());
  const due =
    reward.kind === 'signUp' ? sql`m.created_at >= ${reward.since}` : sql`substr(m.birthday, 6, 5) = ${day.slice(5)}`;
  const year = reward.kind === 'signUp' ? 0 : Number(day.slice(0, 4));
  return rowsOf<{ member_id: number }>(
    tx,
    sql`insert into ${g} (member_id, kind, year, tenant_id, points)
      select m.id, ${reward.kind}, ${year}, m.tenant_id, ${reward.points} from ${members} m
      where m.tenant_id = ${reward.tenantId} and m.erased_at is null and ${due}
        and not exists (select 1 from ${g} x where x.member_id = m.id and x.kind = ${reward.kind} and x.year = ${year})
      order by m.id limit ${BATCH}
      on conflict do nothing returning member_id`,
  ).then((rows) => ({ year, members: rows.map((x) => Number(x.member_id)) }));
}

/** A coupon of the reward's activity for the member, while it is active and has coupons left; its id or null. */
async function rewardCoupon(tx: Tx, activityId: number, memberId: number, now: Date): Promise<number | null> {
  const a = await lockLiveCouponActivity(tx, activityId, now);
  if (!a || a.issued >= a.coupon.quantity) return null;
  const [made] = await tx
    .insert(coupons)
    .values({
      activityId: a.id,
      tenantId: a.tenantId,
      memberId,
      validUntil: couponValidUntil(a, a.coupon.validDays, now),
    })
    .returning({ id: coupons.id });
  return made!.id;
}

/** Gives every reward due now, up to a batch per tenant and kind; answers how many members were rewarded. */
export async function grantRewards(db: Db, now = new Date()): Promise<number> {
  const rewards = await db
    .select()
    .from(r)
    .where(sql`${r.points} > 0 or ${r.activityId} is not null`);
  let given = 0;
  for (const reward of rewards)
    given += await db.transaction(async (tx) => {
      const { year, members: due } = await claimDue(tx, reward, now);
      for (const memberId of due) {
        if (reward.points > 0)
          await addPoints(
            tx,
            'adjust',
            reward.points,
            { memberId, reason: REASON[reward.kind], key: `reward:${reward.kind}:${year}` },
            now,
          );
        const couponId = reward.activityId === null ? null : await rewardCoupon(tx, reward.activityId, memberId, now);
        if (couponId !== null)
          await tx
            .update(g)
            .set({ couponId })
            .where(and(eq(g.memberId, memberId), eq(g.kind, reward.kind), eq(g.year, year)));
      }
      return due.length;
    });
  return given;
}
