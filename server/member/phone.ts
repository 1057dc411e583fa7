/**
 * A member's phone, proven before it counts: a six-digit code sent to it
 * (server/member/sms.ts) or WeChat's phone-number grant. Only then is the
 * number the member's, and only then does a customer group waiting for it
 * take it (the `identified` tell of sessions.ts). One number is one member's
 * within a tenant: checked first for a clear 2405, and held by the unique
 * index `members_phone_idx` against a racing claim.
 *
 * Limits (shared/member/app.ts PHONE_CODE): a code lives five minutes and
 * takes five tries; a number, and a member, is sent at most one code a
 * minute and ten in 24 hours. The last day's `phone_codes` rows are the count,
 * so every upstream instance counts the same; sends for one number take
 * turns under a transaction-scoped advisory lock, sends of one member under
 * its row's lock, so two at once cannot both pass the count.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import { PHONE_CODE, type memberAppApi } from '../../shared/member/index.js';
import type { Db, Queryable } from '../db/index.js';
import { BizError, uniqueAs } from '../http/errors.js';
import type { MemberCaller } from '../http/principal.js';
import { members, phoneCodes } from './schema.js';
import { identified, profileOf, useOnce } from './sessions.js';
import { smsProvider } from './sms.js';
import { exchangePhoneGrant } from './wechat.js';

type Proof = z.output<(typeof memberAppApi)['member.verifyPhone']['body']>;

const codeHash = (id: number, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

/** 2405 when another member of the tenant holds `phone`. */
async function heldByAnother(db: Queryable, caller: MemberCaller, phone: string) {
  const [other] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, caller.tenantId), eq(members.phone, phone), ne(members.id, caller.id)));
  if (other) throw new BizError(CODE.phoneHeld);
}

/** Sends a code to `phone` for the member: when it expires and when another may be asked for. */
export async function sendPhoneCode(db: Db, caller: MemberCaller, phone: string, now = new Date()) {
  await heldByAnother(db, caller, phone);
  const provider = smsProvider();
  const day = new Date(now.getTime() - 86_400_000);
  const gap = new Date(now.getTime() - PHONE_CODE.gapSeconds * 1000);
  return db.transaction(async (tx) => {
    // The number's turn, then the member's: always in this order, so two sends never wait on each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`);
    await tx.select({ id: members.id }).from(members).where(eq(members.id, caller.id)).for('update');
    const [sent] = await tx
      .select({
        today: count(),
        last: sql<string | null>`max(${phoneCodes.sentAt})`,
      })
      .from(phoneCodes)
      .where(and(or(eq(phoneCodes.phone, phone), eq(phoneCodes.memberId, caller.id)), gt(phoneCodes.sentAt, day)));
    const last = sent?.last ? new Date(sent.last) : null;
    if (last && last > gap) {
      const wait = Math.ceil((last.getTime() + PHONE_CODE.gapSeconds * 1000 - now.getTime()) / 1000);
      throw new BizError(CODE.phoneCodeTooOften, undefined, undefined, { retryAfter: Math.max(1, wait) });
    }
    if ((sent?.today ?? 0) >= PHONE_CODE.perDay) {
      throw new BizError(CODE.phoneCodeTooOften, undefined, undefined, { retryAfter: 3600 });
    }
    // A new code replaces the member's earlier ones: only the newest message on the phone works.
    await tx
      .update(phoneCodes)
      .set({ expiresAt: now })
      .where(and(eq(phoneCodes.memberId, caller.id), isNull(phoneCodes.usedAt), gt(phoneCodes.expiresAt, now)));
    const expiresAt = new Date(now.getTime() + PHONE_CODE.minutes * 60_000);
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const [row] = await tx
      .insert(phoneCodes)
      .values({ tenantId: caller.tenantId, memberId: caller.id, phone, codeHash: '', sentAt: now, expiresAt })
      .returning({ id: phoneCodes.id });
    await tx
      .update(phoneCodes)
      .set({ codeHash: codeHash(row!.id, code) })
      .where(eq(phoneCodes.id, row!.id));
    // Sent inside the transaction: a message the provider refused leaves no row counting against the limits.
    await provider.sendVerification({ phone, code, minutes: PHONE_CODE.minutes });
    return {
      expiresAt: expiresAt.toISOString(),
      resendAt: new Date(now.getTime() + PHONE_CODE.gapSeconds * 1000).toISOString(),
    };
  });
}

/** Checks a code against the member's newest live one for `phone`: the phone, or why not. */
async function byCode(db: Db, caller: MemberCaller, phone: string, code: string, now: Date) {
  const outcome = await db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: phoneCodes.id, codeHash: phoneCodes.codeHash, tries: phoneCodes.tries })
      .from(phoneCodes)
      .where(
        and(
          eq(phoneCodes.memberId, caller.id),
          eq(phoneCodes.phone, phone),
          isNull(phoneCodes.usedAt),
          gt(phoneCodes.expiresAt, now),
          lt(phoneCodes.tries, PHONE_CODE.tries),
        ),
      )
      .orderBy(desc(phoneCodes.sentAt))
      .limit(1)
      .for('update');
    if (!live) return 'expired' as const;
    if (live.codeHash !== codeHash(live.id, code)) {
      // The wrong try counts, committed before the refusal is answered.
      await tx
        .update(phoneCodes)
        .set({ tries: sql`${phoneCodes.tries} + 1` })
        .where(eq(phoneCodes.id, live.id));
      return 'wrong' as const;
    }
    await tx.update(phoneCodes).set({ usedAt: now }).where(eq(phoneCodes.id, live.id));
    return 'right' as const;
  });
  if (outcome === 'expired') throw new BizError(CODE.phoneCodeExpired);
  if (outcome === 'wrong') throw new BizError(CODE.phoneCodeWrong);
}

/** The member proves a phone and holds it from now on: its profile. */
export async function verifyPhone(db: Db, caller: MemberCaller, proof: Proof, now = new Date()) {
  const phone = 'grant' in proof ? exchangePhoneGrant(proof.grant, now) : proof.phone;
  // Checked before a try is spent; a claim racing this one meets the unique index below.
  await heldByAnother(db, caller, phone);
  if ('code' in proof) await byCode(db, caller, phone, proof.code, now);
  return uniqueAs(CODE.phoneHeld, () =>
    db.transaction(async (tx) => {
      // A grant works once, as a sign-in code does.
      if ('grant' in proof) await useOnce(tx, proof.grant);
      await tx.update(members).set({ phone, phoneVerifiedAt: now }).where(eq(members.id, caller.id));
      await identified(tx, caller.id);
      return profileOf(tx, caller.id, now);
    }),
  );
}

/** Codes of more than a day ago count for no limit and work no more. Safe to race. */
export async function sweepPhoneCodes(db: Queryable, now = new Date()) {
  await db.delete(phoneCodes).where(lt(phoneCodes.sentAt, new Date(now.getTime() - 2 * 86_400_000)));
}
