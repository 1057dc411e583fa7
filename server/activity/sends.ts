/**
 * Coupons sent to a customer group (shared/activity/sends.ts). One statement under the activity's lock inserts
 * a coupon for each activated member of the group who was never sent one of this activity, up to what the
 * activity's quantity has left; the partial unique index on (activity, member) for sent coupons is the net
 * under it, so a member is sent one once even by two sends at once to overlapping groups. What the quantity
 * left out, and who had one already, are counted on the send.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { CouponSend } from '../../shared/activity/index.js';
import { users } from '../account/schema.js';
import type { Db, Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { groupMembers, groups } from '../group/index.js';
import { BizError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { activityOf } from './activities.js';
import { couponValidUntil, lockLiveCouponActivity } from './coupons.js';
import { coupons, couponSends as s } from './schema.js';

export async function sendCoupons(
  db: Db,
  scope: Scope,
  userId: number,
  activityId: number,
  input: { groupId: number; validDays?: number | undefined },
): Promise<CouponSend> {
  await activityOf(db, scope, activityId);
  const id = await db.transaction(async (tx) => {
    const now = new Date();
    const a = await lockLiveCouponActivity(tx, activityId, now);
    if (!a) throw new BizError(CODE.couponNotClaimable);
    const [group] = await tx
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(and(eq(groups.id, input.groupId), eq(groups.tenantId, a.tenantId), eq(groups.state, 'normal')));
    if (!group) throw new BizError(CODE.groupNotFound);
    const validDays = Math.min(input.validDays ?? a.coupon.validDays, a.coupon.validDays);
    const validUntil = couponValidUntil(a, validDays, now);
    const [made] = await tx
      .insert(s)
      .values({
        activityId: a.id,
        tenantId: a.tenantId,
        groupId: group.id,
        groupName: group.name,
        sent: 0,
        already: 0,
        leftOut: 0,
        validDays,
        createdBy: userId,
      })
      .returning({ id: s.id });
    const room = Math.max(0, a.coupon.quantity - a.issued);
    // The group's activated members, each once; those sent one of this activity before are left as they are.
    const audience = sql`select distinct gm.member_id from ${groupMembers} gm
      where gm.group_id = ${group.id} and gm.state = 'activated' and gm.member_id is not null`;
    const [counts] = await rowsOf<{ members: number; already: number }>(
      tx,
      sql`select count(*)::int as members,
        (count(*) filter (where exists (select 1 from ${coupons} c
          where c.activity_id = ${a.id} and c.member_id = m.member_id and c.send_id is not null)))::int as already
        from (${audience}) m`,
    );
    const sent = await rowsOf<{ id: number }>(
      tx,
      sql`insert into ${coupons} (activity_id, tenant_id, member_id, valid_until, send_id)
        select ${a.id}, ${a.tenantId}, m.member_id, ${validUntil}, ${made!.id} from (${audience}) m
        where not exists (select 1 from ${coupons} c
          where c.activity_id = ${a.id} and c.member_id = m.member_id and c.send_id is not null)
        order by m.member_id limit ${room}
        on conflict do nothing returning id`,
    );
    const already = counts!.already;
    await tx
      .update(s)
      .set({ sent: sent.length, already, leftOut: counts!.members - already - sent.length })
      .where(eq(s.id, made!.id));
    return made!.id;
  });
  return (await sendsOf(db, eq(s.id, id)))[0]!;
}

async function sendsOf(db: Queryable, where: ReturnType<typeof eq>): Promise<CouponSend[]> {
  const rows = await db
    .select({
      id: s.id,
      groupId: s.groupId,
      groupName: s.groupName,
      sent: s.sent,
      already: s.already,
      leftOut: s.leftOut,
      validDays: s.validDays,
      createdBy: users.name,
      createdAt: s.createdAt,
    })
    .from(s)
    .leftJoin(users, eq(users.id, s.createdBy))
    .where(where)
    .orderBy(desc(s.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** An activity's sends, newest first (3410 outside the caller's scope). */
export async function couponSendsOf(db: Queryable, scope: Scope, activityId: number): Promise<CouponSend[]> {
  await activityOf(db, scope, activityId);
  return sendsOf(db, eq(s.activityId, activityId));
}
