/**
 * The books (docs/domains/books.md): every domain's checks find the demo balanced,
 * and each invariant broken on purpose straight in the database is named by
 * its check; the run is a job, asked for by the screen and answered with
 * what the caller may see.
 */
import { and, asc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDay, monthStart } from '../../../shared/business-time.js';
import { BOOK_CHECKS } from '../../../shared/books/index.js';
import { CODE } from '../../../shared/domains.js';
import { activities } from '../../../server/activity/index.js';
import { activityUses, coupons } from '../../../server/activity/schema.js';
import { reconcile } from '../../../server/books/index.js';
import { bookRuns } from '../../../server/books/schema.js';
import type { Queryable } from '../../../server/db/index.js';
import { members, pointEntries } from '../../../server/member/index.js';
import { orderItems, orders, salesRollups } from '../../../server/order/index.js';
import { closeMonth } from '../../../server/share/index.js';
import { shareLineDays, shareLines, shareStatements } from '../../../server/share/schema.js';
import { walletMoves } from '../../../server/wallet/index.js';
import { suiteApp } from '../helpers.js';
import { memberSession } from '../member/support.js';
import { activityBody, sell, stockMachine } from '../activity/support.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const A = () => t.ids.tenant('A');

/** The keys of the checks that find a difference. */
const named = async (db: Queryable) =>
  (await reconcile(db, null)).filter((c) => c.differences.length > 0).map((c) => c.key);

/** Runs `breakIt` in a transaction, reconciles inside it, and rolls it all back: what the checks named. */
async function brokenBy(breakIt: (tx: Queryable) => Promise<unknown>): Promise<string[]> {
  let keys: string[] = [];
  await t.db
    .transaction(async (tx) => {
      await breakIt(tx);
      keys = await named(tx);
      throw new Error('rolled back');
    })
    .catch((e: unknown) => {
      if (!(e instanceof Error) || e.message !== 'rolled back') throw e;
    });
  return keys;
}

beforeAll(async () => {
  // Last month's statements (the demo's hosts and rules), and a coupon redeemed by a sale.
  await closeMonth(t.db, A(), monthStart(addDays(monthStart(businessDay()), -1)).slice(0, 7));
  const m = await stockMachine(t);
  const a = await t.ok(
    'activity.create',
    {
      body: activityBody(m.deviceId, m.productA, {
        type: 'coupon',
        products: [{ productId: m.productA }],
        coupon: { type: 'reduction', amount: 300, quantity: 50, validDays: 7 } as never,
      }) as never,
    },
    t.token.tenant1,
  );
  const { token, member } = await memberSession(t, A());
  await t.ok('activity.claim', { body: { activityId: a.id } }, token);
  expect((await sell(t, { memberId: member.id })).body.content.amount).toBe(700);
});

afterEach(async () => {
  await t.db.delete(bookRuns);
});

describe('the checks', () => {
  it('find the demo balanced, every check of every domain run', async () => {
    const results = await reconcile(t.db, null);
    expect(results.map((r) => r.key).sort()).toEqual([...BOOK_CHECKS].sort());
    expect(results.filter((r) => r.differences.length)).toEqual([]);
  });

  it('name each invariant broken on purpose in the database', async () => {
    const one = async <T>(rows: Promise<T[]>) => (await rows)[0]!;
    const member = await one(t.db.select({ id: members.id }).from(members).where(eq(members.tenantId, A())).limit(1));
    expect(
      await brokenBy((tx) =>
        tx.insert(pointEntries).values({ memberId: member.id, tenantId: A(), kind: 'adjust', points: 5 }),
      ),
    ).toEqual(['member.points']);
    expect(
      await brokenBy((tx) =>
        tx.insert(walletMoves).values({
          memberId: member.id,
          tenantId: A(),
          kind: 'import',
          principal: 500,
          bonus: 0,
          key: 'books:a move with no wallet behind it',
        }),
      ),
      // The member's wallet and its tenant's sum both miss it.
    ).toEqual(['wallet.balances', 'wallet.liability']);

    const day = await one(
      t.db
        .select({ bucket: salesRollups.bucket, deviceId: salesRollups.deviceId })
        .from(salesRollups)
        .where(and(eq(salesRollups.tenantId, A()), eq(salesRollups.grain, 'day'), eq(salesRollups.productId, 0)))
        .orderBy(asc(salesRollups.bucket))
        .limit(1),
    );
    expect(
      await brokenBy((tx) =>
        tx
          .update(salesRollups)
          .set({ sales: sql`${salesRollups.sales} + 1` })
          .where(
            and(
              eq(salesRollups.tenantId, A()),
              eq(salesRollups.grain, 'day'),
              eq(salesRollups.bucket, day.bucket),
              eq(salesRollups.deviceId, day.deviceId),
              eq(salesRollups.productId, 0),
            ),
          ),
      ),
    ).toContain('order.rollups');

    const paid = await one(
      t.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.tenantId, A()), gt(orders.receivedAmount, 0), eq(orders.refundAmount, 0)))
        .limit(1),
    );
    expect(await brokenBy((tx) => tx.update(orders).set({ refundAmount: 1 }).where(eq(orders.id, paid.id)))).toEqual([
      'refund.orders',
    ]);

    const item = await one(
      t.db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(and(eq(orderItems.tenantId, A()), gt(orderItems.amount, 0), eq(orderItems.refundAmount, 0)))
        .limit(1),
    );
    expect(
      await brokenBy((tx) => tx.update(orderItems).set({ refundAmount: 1 }).where(eq(orderItems.id, item.id))),
    ).toEqual(['refund.lines']);

    const use = await one(t.db.select().from(activityUses).where(eq(activityUses.tenantId, A())).limit(1));
    expect(
      await brokenBy((tx) =>
        tx
          .update(activityUses)
          .set({ discount: sql`${activityUses.discount} + 1` })
          .where(eq(activityUses.id, use.id)),
      ),
    ).toContain('activity.discounts');

    const redeemed = await one(t.db.select({ id: coupons.id }).from(coupons).where(isNotNull(coupons.orderId)));
    expect(
      await brokenBy((tx) => tx.update(coupons).set({ orderId: null }).where(eq(coupons.id, redeemed.id))),
    ).toEqual(['activity.coupons']);

    expect(
      await brokenBy((tx) => tx.update(activities).set({ budgetAmount: 1 }).where(eq(activities.id, use.activityId))),
    ).toEqual(['activity.budgets']);

    // The demo's staff offer: one of its members bought at it more than once.
    const [often] = await t.db
      .select({ activityId: activityUses.activityId })
      .from(activityUses)
      .where(isNotNull(activityUses.memberId))
      .groupBy(activityUses.activityId, activityUses.memberId)
      .having(sql`count(*) > 1`)
      .limit(1);
    expect(
      await brokenBy((tx) =>
        tx.update(activities).set({ participationLimit: 1 }).where(eq(activities.id, often!.activityId)),
      ),
    ).toEqual(['activity.limits']);

    const statement = await one(
      t.db.select({ id: shareStatements.id }).from(shareStatements).where(gt(shareStatements.sales, 0)).limit(1),
    );
    expect(
      await brokenBy((tx) =>
        tx
          .update(shareStatements)
          .set({ sales: sql`${shareStatements.sales} + 1` })
          .where(eq(shareStatements.id, statement.id)),
      ),
    ).toEqual(['share.sums']);

    const lineDay = await one(
      t.db
        .select({ lineId: shareLineDays.lineId, day: shareLineDays.day, deviceId: shareLineDays.deviceId })
        .from(shareLineDays)
        .limit(1),
    );
    const ofLineDay = and(
      eq(shareLineDays.lineId, lineDay.lineId),
      eq(shareLineDays.day, lineDay.day),
      eq(shareLineDays.deviceId, lineDay.deviceId),
    );
    expect(
      await brokenBy((tx) =>
        tx
          .update(shareLineDays)
          .set({ sales: sql`${shareLineDays.sales} + 1` })
          .where(ofLineDay),
      ),
    ).toEqual(expect.arrayContaining(['share.days']));

    // The same device-day in a second host statement's line.
    const [other] = await t.db
      .select({ id: shareLines.id })
      .from(shareLines)
      .innerJoin(shareStatements, eq(shareStatements.id, shareLines.statementId))
      .where(and(eq(shareStatements.party, 'host'), lt(shareLines.id, lineDay.lineId)))
      .limit(1);
    const [again] = await t.db
      .select({ id: shareLines.id })
      .from(shareLines)
      .innerJoin(shareStatements, eq(shareStatements.id, shareLines.statementId))
      .where(and(eq(shareStatements.party, 'host'), sql`${shareLines.id} <> ${lineDay.lineId}`))
      .limit(1);
    const into = (other ?? again)!.id;
    expect(
      await brokenBy((tx) =>
        tx
          .insert(shareLineDays)
          .values({ lineId: into, day: lineDay.day, deviceId: lineDay.deviceId, sales: 0, refunds: 0 }),
      ),
    ).toEqual(expect.arrayContaining(['share.once']));
  });
});

describe('books.run', () => {
  it('queues one run however often it is asked at once; the job runs every check', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.call('books.run', { body: {} }, t.token.tenant1)),
    );
    expect(answers.every((a) => a.body.code === CODE.ok)).toBe(true);
    expect(new Set(answers.map((a) => a.body.content.id)).size).toBe(1);
    const before = await t.ok('books.latest', { query: {} }, t.token.tenant1);
    expect(before.pending).toMatchObject({ state: 'queued', kind: 'asked', askedBy: 'tenant1' });
    await t.runJobs();
    const after = await t.ok('books.latest', { query: {} }, t.token.tenant1);
    expect(after.pending).toBeNull();
    expect(after.last).toMatchObject({ state: 'done', kind: 'asked' });
    expect(after.checks.map((c) => c.key).sort()).toEqual([...BOOK_CHECKS].sort());
  });
});

describe('books.latest', () => {
  it("shows a tenant its own tenants' differences only; the admin every tenant's", async () => {
    const [b] = await t.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.tenantId, t.ids.tenant('B')))
      .limit(1);
    const [entry] = await t.db
      .insert(pointEntries)
      .values({ memberId: b!.id, tenantId: t.ids.tenant('B'), kind: 'adjust', points: 7 })
      .returning({ id: pointEntries.id });
    try {
      await t.ok('books.run', { body: {} }, t.token.admin);
      await t.runJobs();
      const admin = await t.ok('books.latest', { query: {} }, t.token.admin);
      const points = (x: typeof admin) => x.checks.find((c) => c.key === 'member.points')!.differences;
      expect(points(admin)).toEqual([
        expect.objectContaining({
          tenantId: t.ids.tenant('B'),
          subject: 'member',
          subjectId: b!.id,
          actual: expect.any(Number),
        }),
      ]);
      // The admin's nightly-like run covers tenant A too, which sees none of B's.
      expect(points(await t.ok('books.latest', { query: {} }, t.token.tenant1))).toEqual([]);
      expect(points(await t.ok('books.latest', { query: {} }, t.token.tenant2))).toHaveLength(1);
      // A tenant not the caller's is 1401.
      expect(await t.code('books.latest', { query: { tenantId: t.ids.tenant('B') } }, t.token.tenant1)).toBe(
        CODE.tenantNotFound,
      );
    } finally {
      await t.db.delete(pointEntries).where(eq(pointEntries.id, entry!.id));
    }
  });
});
