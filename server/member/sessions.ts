/**
 * The member-facing sign-in (shared/member/app.ts): a WeChat code becomes a
 * member — made at the person's first sign-in to that tenant's programme —
 * and a session token. What every upstream instance must agree on is in
 * PostgreSQL: a code already used (703) and the sessions themselves.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { MEMBER_SESSION_HOURS, WECHAT_CODE_MINUTES, type MemberProfile } from '../../shared/member/index.js';
import type { z } from 'zod';
import type { memberSignIn, memberUpdate } from '../../shared/member/index.js';
import type { Db, Queryable } from '../db/index.js';
import { searchKey } from '../db/pinyin.js';
import { BizError } from '../http/errors.js';
import { tell } from '../http/events.js';
import type { MemberCaller } from '../http/principal.js';
import { tenants } from '../identity/schema.js';
import { devices } from '../device/index.js';
import { points } from '../point/schema.js';
import { balanceOf } from './ledger.js';
import { memberGrades, members, memberSessions, wechatCodesUsed } from './schema.js';
import { exchangeCode } from './wechat.js';

const hash = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
/** What WeChat calls a person who shared no nickname. */
const DEFAULT_NICKNAME = '微信用户';

/**
 * A WeChat code (a sign-in code, a phone-number grant) works once, on
 * whichever instance sees it first: 703 for one used already.
 */
export async function useOnce(tx: Queryable, code: string): Promise<void> {
  const [fresh] = await tx
    .insert(wechatCodesUsed)
    .values({ codeHash: hash(code) })
    .onConflictDoNothing()
    .returning({ codeHash: wechatCodesUsed.codeHash });
  if (!fresh) throw new BizError(CODE.wechatCodeUsed);
}

/** What a member sees of itself. */
export async function profileOf(db: Queryable, memberId: number, at = new Date()): Promise<MemberProfile> {
  const [row] = await db
    .select({
      id: members.id,
      tenantId: members.tenantId,
      cardName: tenants.memberCardName,
      cardNumber: members.cardNumber,
      nickname: members.nickname,
      phone: members.phone,
      phoneVerifiedAt: members.phoneVerifiedAt,
      employeeNumber: members.employeeNumber,
      birthday: members.birthday,
      state: members.state,
      owed: members.owed,
      registeredAt: members.registeredAt,
      gradeName: memberGrades.name,
      gradePercent: memberGrades.pointsPercent,
    })
    .from(members)
    .innerJoin(tenants, eq(tenants.id, members.tenantId))
    .leftJoin(memberGrades, eq(memberGrades.id, members.gradeId))
    .where(eq(members.id, memberId));
  if (!row) throw new BizError(CODE.programmeMemberNotFound);
  const { phoneVerifiedAt, gradeName, gradePercent, ...rest } = row;
  return {
    ...rest,
    grade: gradeName === null ? null : { name: gradeName, pointsPercent: gradePercent! },
    phoneVerified: phoneVerifiedAt !== null,
    points: await balanceOf(db, memberId, at),
    registeredAt: row.registeredAt.toISOString(),
  };
}

/** Where a machine stands, as a member's registration address: its point's name and address. */
async function addressOfDevice(db: Queryable, tenantId: number, serial: string | undefined) {
  if (!serial) return null;
  const [row] = await db
    .select({ name: points.name, address: points.address })
    .from(devices)
    .innerJoin(points, eq(points.id, devices.pointId))
    .where(and(eq(devices.serial, serial), eq(devices.tenantId, tenantId)));
  return row ? `${row.name} ${row.address}`.trim() : null;
}

/** The tenant's member programme, or 705 when it has none (unknown, disabled, switched off). */
async function programme(db: Queryable, tenantId: number) {
  const [row] = await db
    .select({ on: tenants.membersEnabled, disabled: tenants.disabled })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!row || !row.on || row.disabled) throw new BizError(CODE.memberProgrammeOff);
}

export async function signIn(db: Db, input: z.output<typeof memberSignIn>, now = new Date()) {
  await programme(db, input.tenantId);
  const person = exchangeCode(input.code, now);
  return db.transaction(async (tx) => {
    await useOnce(tx, input.code);
    const nickname = person.nickname ?? DEFAULT_NICKNAME;
    const [inviter] = input.inviterId
      ? await tx
          .select({ id: members.id })
          .from(members)
          .where(and(eq(members.id, input.inviterId), eq(members.tenantId, input.tenantId)))
      : [];
    // Two first sign-ins of one person race on the unique openid: one makes the member, both find it.
    const [made] = await tx
      .insert(members)
      .values({
        tenantId: input.tenantId,
        openid: person.openid,
        nickname,
        searchKey: searchKey(nickname),
        registeredAddress: await addressOfDevice(tx, input.tenantId, input.deviceSerial),
        // A stale or foreign invitation is no reason to refuse a sign-in: it is dropped.
        inviterId: inviter?.id ?? null,
      })
      .onConflictDoNothing({ target: [members.tenantId, members.openid] })
      .returning({ id: members.id });
    const [member] = await tx
      .select({ id: members.id, state: members.state })
      .from(members)
      .where(and(eq(members.tenantId, input.tenantId), eq(members.openid, person.openid)));
    if (member!.state === 'blocked') throw new BizError(CODE.memberBlocked);
    await identified(tx, member!.id);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + MEMBER_SESSION_HOURS * 3_600_000);
    await tx.insert(memberSessions).values({ memberId: member!.id, tokenHash: hash(token), expiresAt });
    return {
      token,
      expiresAt: expiresAt.toISOString(),
      created: made !== undefined,
      member: await profileOf(tx, member!.id, now),
    };
  });
}

/** The member of a live session's token: 706 for none or an ended one, 704 for a blocked member. */
export async function memberCaller(db: Db, token: string | undefined): Promise<MemberCaller> {
  if (!token || token.length > 100) throw new BizError(CODE.memberSessionInvalid);
  const [row] = await db
    .select({ sessionId: memberSessions.id, id: members.id, tenantId: members.tenantId, state: members.state })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(and(eq(memberSessions.tokenHash, hash(token)), gt(memberSessions.expiresAt, sql`now()`)));
  if (!row) throw new BizError(CODE.memberSessionInvalid);
  if (row.state === 'blocked') throw new BizError(CODE.memberBlocked);
  return { id: row.id, tenantId: row.tenantId, sessionId: row.sessionId };
}

export async function signOut(db: Queryable, caller: MemberCaller) {
  await db.delete(memberSessions).where(eq(memberSessions.id, caller.sessionId));
  return { signedOut: true };
}

/**
 * Tells the customer groups which identifiers the member holds now, in the
 * transaction of its sign-in or profile change (a `tell`: a person's phone
 * is never announced to the consoles listening). A phone only once proven.
 */
export async function identified(tx: Queryable, memberId: number) {
  const [row] = await tx
    .select({
      tenantId: members.tenantId,
      phone: sql<string | null>`case when ${members.phoneVerifiedAt} is not null then ${members.phone} end`,
      employeeNumber: members.employeeNumber,
      cardNumber: members.cardNumber,
    })
    .from(members)
    .where(eq(members.id, memberId));
  const { tenantId, ...held } = row!;
  await tell(tx, 'member', tenantId, { kind: 'identified', memberId, ...held });
}

export async function updateMe(db: Db, caller: MemberCaller, change: z.output<typeof memberUpdate>) {
  const set = {
    ...(change.nickname !== undefined ? { nickname: change.nickname, searchKey: searchKey(change.nickname) } : {}),
    ...(change.employeeNumber !== undefined ? { employeeNumber: change.employeeNumber } : {}),
    ...(change.birthday !== undefined ? { birthday: change.birthday } : {}),
  };
  if (!Object.keys(set).length) return profileOf(db, caller.id);
  return db.transaction(async (tx) => {
    await tx.update(members).set(set).where(eq(members.id, caller.id));
    await identified(tx, caller.id);
    return profileOf(tx, caller.id);
  });
}

/** Ended sessions and codes past their life: nothing reads them again. Safe to race. */
export async function sweepSessions(db: Db) {
  await db.delete(memberSessions).where(lt(memberSessions.expiresAt, sql`now()`));
  await db
    .delete(wechatCodesUsed)
    .where(lt(wechatCodesUsed.usedAt, sql`now() - make_interval(mins => ${WECHAT_CODE_MINUTES * 2})`));
}
