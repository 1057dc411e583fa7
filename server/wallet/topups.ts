/**
 * Members' top-ups (docs/domains/wallet.md): a QR payment at the member's
 * tenant's own platform (its payment settings, a second-level tenant's
 * parent's where it has none), or the sandbox's where sandboxes are on.
 *
 * 1. Ask: under the wallet's lock, what it holds and the top-ups still open
 *    plus this one must stay within the cap (952); the bonus is the tiers'
 *    in force today. The top-up is committed, then its payment opened at the
 *    platform by its number: a QR code (`openNative`), or a payment in the
 *    mini-program for the member's openid (`openMiniProgram`, WeChat's JSAPI).
 * 2. Look: a job at its `settle_at` — the sandbox's answer WALLET_SETTLE_MS
 *    after it was asked; a platform's query, again and again with a growing
 *    wait (`nextLook`) — and one at its expiry; a slow sweep is the net.
 *    Each due top-up is claimed by one instance (SKIP LOCKED), and a
 *    platform is asked outside any transaction.
 * 3. Credit: paid for its amount, under its row's lock, the top-up moves
 *    out of `pending` once and the wallet takes principal and bonus with the
 *    key `topUp:payment:{id}` — a second answer finds nothing pending, and
 *    the key is the net. A paid top-up is credited even past a cap lowered
 *    since it was asked: the member's money is taken, and the cap was kept
 *    when it was asked.
 */
import { and, eq, isNull, lte, sql, type AnyColumn } from 'drizzle-orm';
import { businessDay } from '../../shared/business-time.js';
import { CODE } from '../../shared/domains.js';
import {
  bonusFor,
  WALLET_LIMITS,
  type MiniProgramPay,
  type TopUp,
  type TopUpInput,
} from '../../shared/wallet/index.js';
import type { Db, Queryable, Tx } from '../db/index.js';
import { BUSINESS_ZONE } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import { enqueue } from '../jobs/index.js';
import { envInteger, sandboxesOn } from '../manifest.js';
import { members } from '../member/index.js';
import {
  answerEffect,
  FIRST_QUERY_MS,
  lookAt,
  nextLook,
  notifyAddress,
  openMiniProgram,
  openNative,
  providerFor,
  type PaymentAnswer,
  type PaymentProvider,
} from '../payment/index.js';
import type { Scope } from '../scope.js';
import { lockWallet, moveWallet } from './ledger.js';
import { walletTopUps as u } from './schema.js';

/** Where the platforms post a top-up's notifications (notify.ts). */
export const TOP_UP_NOTIFY_PATH = '/notify/top-up';
import { settingsOf, tiersOn } from './settings.js';

/** A payment's number as the platforms see it: a prefix, the business day and the row's id (unique by construction). */
export const dayNumber = (prefix: string, id: AnyColumn) =>
  sql<string>`${prefix} || to_char(now() at time zone ${BUSINESS_ZONE}, 'YYYYMMDD') || lpad(${id}::text, 8, '0')`;

/** The job that looks at the top-ups due when it runs. */
export const TOP_UP_JOB = 'wallet.topUps';
export const TOP_UP_BATCH = 50;

/** How long the sandbox takes to say paid (WALLET_SETTLE_MS; 5 s by default: the time to scan and pay). */
export const topUpSettleMs = (env: NodeJS.ProcessEnv = process.env): number =>
  envInteger(env, 'WALLET_SETTLE_MS', 0, 5_000);

/** The sandbox's payment page: what its QR code carries (a platform's code URL in its place). */
const sandboxPayUrl = (number: string, platform: string) => `https://sandbox.pay.vend.example/${platform}/${number}`;

type Row = typeof u.$inferSelect;

const answer = (r: Row): TopUp => ({
  id: r.id,
  number: r.number,
  memberId: r.memberId,
  amount: r.amount,
  bonus: r.bonus,
  platform: r.platform,
  state: r.state,
  payUrl: r.state === 'pending' ? r.payUrl : null,
  miniProgramPay: r.state === 'pending' ? r.miniProgramPay : null,
  expiresAt: r.expiresAt.toISOString(),
  paidAt: r.paidAt?.toISOString() ?? null,
  platformCode: r.platformCode,
  createdAt: r.createdAt.toISOString(),
});

/** Who asks: the member's tenant collects it; a console user at the counter, or the member itself (null). */
interface Asker {
  memberId: number;
  tenantId: number;
  userId: number | null;
}

/** Step 1: a top-up asked, its payment opened; answers it as it stands. 952 past the cap, 984 nowhere to pay it. */
export async function askTopUp(db: Db, who: Asker, input: TopUpInput): Promise<TopUp> {
  const provider = sandboxesOn() ? null : await providerFor(db, who.tenantId, input.platform).catch(() => null);
  if (!sandboxesOn() && !provider) throw new BizError(CODE.paymentNotOpen);
  const inApp = input.payIn === 'miniProgram';
  const made = await db.transaction(async (tx) => {
    const held = await lockWallet(tx, who.memberId);
    const bonus = bonusFor(await tiersOn(tx, who.tenantId, businessDay()), input.amount);
    const [open] = await tx
      .select({ fen: sql<number>`coalesce(sum(${u.amount} + ${u.bonus}), 0)::int` })
      .from(u)
      .where(and(eq(u.memberId, who.memberId), eq(u.state, 'pending')));
    const cap = (await settingsOf(tx, who.tenantId)).capFen;
    if (held.principal + held.bonus + open!.fen + input.amount + bonus > cap) throw new BizError(CODE.walletCapReached);
    const settleAt = new Date(Date.now() + (provider ? FIRST_QUERY_MS : topUpSettleMs()));
    const expiresAt = new Date(Date.now() + WALLET_LIMITS.payMinutes * 60_000);
    const [row] = await tx
      .insert(u)
      .values({
        // Numbered below from its id (TU, the business day, the id), so unique by construction.
        number: sql`gen_random_uuid()::text`,
        tenantId: who.tenantId,
        memberId: who.memberId,
        amount: input.amount,
        bonus,
        platform: input.platform,
        provider: provider?.name ?? null,
        settleAt,
        expiresAt,
        createdBy: who.userId,
      })
      .returning({ id: u.id });
    const [numbered] = await tx
      .update(u)
      .set({ number: dayNumber('TU', u.id) })
      .where(eq(u.id, row!.id))
      .returning();
    // Its answer (or first query) is due at settleAt and its end at expiresAt: a job for each, rolled back with it.
    for (const runAt of [settleAt, expiresAt]) await enqueue(tx, TOP_UP_JOB, {}, { runAt });
    if (provider) return numbered!;
    const [sandboxed] = await tx
      .update(u)
      .set(
        inApp
          ? { miniProgramPay: sandboxPay(numbered!.number) }
          : { payUrl: sandboxPayUrl(numbered!.number, numbered!.platform) },
      )
      .where(eq(u.id, row!.id))
      .returning();
    return sandboxed!;
  });
  if (!provider) return answer(made);
  await openAtPlatform(db, provider, made, inApp ? await openidOf(db, who.memberId) : null);
  return answer((await db.select().from(u).where(eq(u.id, made.id)))[0]!);
}

/** The sandbox's pay parameters: nothing a real `wx.requestPayment` takes; the sandbox says paid on its own. */
const sandboxPay = (number: string): MiniProgramPay => ({
  appId: 'wx-sandbox',
  timeStamp: String(Math.floor(Date.now() / 1000)),
  nonceStr: number,
  package: `prepay_id=sandbox-${number}`,
  signType: 'SANDBOX',
  paySign: 'SANDBOX',
});

const openidOf = async (db: Queryable, memberId: number) =>
  (await db.select({ openid: members.openid }).from(members).where(eq(members.id, memberId)))[0]!.openid;

/** Opens the payment at the platform: a QR code, or (`openid`: the member's) a payment in the mini-program. */
async function openAtPlatform(db: Db, provider: PaymentProvider, topUp: Row, openid: string | null) {
  const ask = {
    number: topUp.number,
    amount: topUp.amount,
    description: `储值充值 ${(topUp.amount / 100).toFixed(2)} 元`,
    expiresAt: topUp.expiresAt,
    notifyUrl: notifyAddress(`${TOP_UP_NOTIFY_PATH}/${provider.name}/${topUp.tenantId}`),
  };
  const made = openid === null ? await openNative(provider, ask) : await openMiniProgram(provider, { ...ask, openid });
  await db
    .update(u)
    .set(
      made.state !== 'created'
        ? // Nobody has a code to scan or parameters to pay with, so nothing can be paid.
          { state: 'failed', settleAt: null, platformCode: made.code }
        : 'codeUrl' in made
          ? { payUrl: made.codeUrl }
          : { miniProgramPay: made.pay },
    )
    .where(and(eq(u.id, topUp.id), eq(u.state, 'pending')));
}

/** Step 3 under the top-up's lock: paid for its amount → credited once; closed → failed; unpaid at its end → expired. */
export async function recordTopUp(db: Db | Tx, id: number, said: PaymentAnswer, expired: boolean): Promise<boolean> {
  return (db as Db).transaction(async (tx) => {
    const [topUp] = await tx.select().from(u).where(eq(u.id, id)).for('update');
    if (!topUp || topUp.state !== 'pending') return false;
    const effect = answerEffect(said, topUp.amount, expired);
    if (effect.then === 'paid') {
      await tx
        .update(u)
        .set({ ...effect.patch, state: 'paid', paidAt: sql`now()` })
        .where(eq(u.id, id));
      await moveWallet(
        tx,
        { memberId: topUp.memberId, kind: 'topUp', key: `topUp:payment:${id}`, reason: topUp.number },
        { principal: topUp.amount, bonus: topUp.bonus },
        { capped: false },
      );
      return true;
    }
    if (effect.patch) await tx.update(u).set(effect.patch).where(eq(u.id, id));
    return effect.then === 'ended';
  });
}

/** Claims the next top-up due (the sandbox's, or a platform's with its next look moved on); null when none is. */
async function claimOne(db: Db): Promise<Row | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(u)
      .where(and(eq(u.state, 'pending'), lte(u.settleAt, sql`now()`)))
      .orderBy(u.settleAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    if (due.provider !== null) {
      const at = nextLook(due.attempts + 1, due.expiresAt);
      await tx
        .update(u)
        .set({ attempts: due.attempts + 1, settleAt: at })
        .where(eq(u.id, due.id));
      await enqueue(tx, TOP_UP_JOB, {}, { runAt: at });
    }
    return due;
  });
}

/**
 * Step 2 for every top-up due, up to `batch`: the sandbox says paid (or, with sandboxes off, nothing: it expires
 * at its time), a platform is queried (closed first past the expiry). Answers how many moved.
 */
export async function settleDueTopUps(db: Db, batch = TOP_UP_BATCH): Promise<number> {
  let moved = 0;
  for (let i = 0; i < batch; i++) {
    const topUp = await claimOne(db);
    if (!topUp) break;
    const expired = topUp.expiresAt.getTime() <= Date.now();
    let said: PaymentAnswer;
    if (topUp.provider === null) said = sandboxesOn() ? { state: 'paid', amount: topUp.amount } : { state: 'pending' };
    else {
      const provider = await providerFor(db, topUp.tenantId, topUp.platform).catch(() => null);
      said =
        provider && provider.name === topUp.provider
          ? await lookAt(provider, topUp.number, expired)
          : // The tenant's settings changed under it: nothing can be asked; it expires at its time.
            { state: 'missing', code: 'NO_PROVIDER' };
    }
    if (await recordTopUp(db, topUp.id, said, expired)) moved++;
    else if (topUp.provider === null)
      // The sandbox off and the payment unpaid: nothing is due before its end.
      await db
        .update(u)
        .set({ settleAt: expired ? null : topUp.expiresAt })
        .where(and(eq(u.id, topUp.id), eq(u.state, 'pending')));
  }
  return moved;
}

/** A top-up of a member in the caller's scope (953 otherwise). */
export async function topUpOf(db: Queryable, scope: Scope, id: number): Promise<TopUp> {
  const [row] = await db
    .select()
    .from(u)
    .where(and(eq(u.id, id), scope.where(u.tenantId)));
  if (!row) throw new BizError(CODE.topUpNotFound);
  return answer(row);
}

/** One of the member's own top-ups by its number (953 for any other). */
export async function myTopUp(db: Queryable, memberId: number, number: string): Promise<TopUp> {
  const [row] = await db
    .select()
    .from(u)
    .where(and(eq(u.memberId, memberId), eq(u.number, number)));
  if (!row) throw new BizError(CODE.topUpNotFound);
  return answer(row);
}

/** A member of the caller's scope, for a top-up at the counter (707 otherwise): whose tenant collects it. */
export async function memberInScope(db: Queryable, scope: Scope, memberId: number) {
  const [row] = await db
    .select({ id: members.id, tenantId: members.tenantId })
    .from(members)
    .where(and(eq(members.id, memberId), scope.where(members.tenantId), isNull(members.erasedAt)));
  if (!row) throw new BizError(CODE.programmeMemberNotFound);
  return row;
}
