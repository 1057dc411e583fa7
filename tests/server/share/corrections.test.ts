/**
 * Refunds that reach back into an issued month (server/share/close.ts
 * `corrections`): a refund settled this month of a sale an issued statement
 * was paid for is charged back to that statement's party, on a line naming
 * the issued statement, and is no part of this month's days — so a point's
 * new host never bears its former host's refunds, and two refunds of the
 * same month's sales in two later months take back exactly what the issued
 * line would have paid on the net left.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businessDay } from '../../../shared/business-time.js';
import { reconcile } from '../../../server/books/index.js';
import { orders } from '../../../server/order/index.js';
import { refunds } from '../../../server/refund/index.js';
import type { ShareTermsInput } from '../../../shared/share/index.js';
import { suiteApp } from '../helpers.js';
import { PEOPLES_SQUARE, shareWorld } from './support.js';

const t = suiteApp(['tenant1']);
const w = shareWorld(t);

/** 5 % of the first ¥1 000 a month, 10 % above: what a refund takes back depends on what is left. */
const tiered: ShareTermsInput = {
  kind: 'percent',
  tiers: [
    { upTo: 100_000, rate: 500 },
    { upTo: null, rate: 1_000 },
  ],
};

/** A paid order of tenant A's machine at `serial`, sold at `at`, for `amount` fen (a copy of a demo order). */
async function soldAt(serial: string, at: string, amount: number) {
  const [demo] = await t.db
    .select()
    .from(orders)
    .where(eq(orders.tenantId, t.ids.tenant('A')))
    .limit(1);
  const { id: _id, number: _number, ...row } = demo!;
  const [made] = await t.db
    .insert(orders)
    .values({
      ...row,
      saleId: null,
      deviceId: t.ids.device(serial),
      amount,
      receivedAmount: amount,
      refundAmount: 0,
      paymentState: 'success',
      createdAt: new Date(at),
      paidAt: new Date(at),
    })
    .returning({ id: orders.id });
  await w.day(serial, businessDayOf(at), amount);
  return made!.id;
}

/** A refund of `orderId` that settled successfully at `at` (and its day's rollup, as the settle writes it). */
async function refundedAt(orderId: number, serial: string, at: string, amount: number) {
  await t.db.insert(refunds).values({
    orderId,
    tenantId: t.ids.tenant('A'),
    amount,
    reason: '测试退款',
    state: 'success',
    requestedBy: 'tenant1',
    settleAt: new Date(at),
    settledAt: new Date(at),
  });
  await w.day(serial, businessDayOf(at), 0, amount);
}

const businessDayOf = (at: string) => businessDay(new Date(at));

describe('a refund of a sale an issued statement paid for', () => {
  it('is charged back to that party on a line naming the statement, never to the point’s new host', async () => {
    const former = await w.host(['peoplesSquare'], '2025-07-01');
    await w.rule({ hostId: former.id }, '2025-07', tiered);
    // Sold on 31 July at 23:30 Beijing time: a July sale, though its UTC date is the 31st too.
    const order = await soldAt(PEOPLES_SQUARE[0], '2025-07-31T15:30:00Z', 300_000);
    await w.close('2025-07');
    const july = await w.statementOf('2025-07', former.name);
    expect(july.share).toBe(25_000);
    await t.ok('share.issue', { params: { id: july.id } }, t.token.tenant1);

    const next = await w.host(['peoplesSquare'], '2025-08-01');
    await w.rule({ hostId: next.id }, '2025-08', tiered);
    await soldAt(PEOPLES_SQUARE[0], '2025-08-03T02:00:00Z', 50_000);
    await refundedAt(order, PEOPLES_SQUARE[0], '2025-08-03T03:00:00Z', 100_000);
    await w.close('2025-08');

    // The new host is paid on what it sold, bearing nothing of the refund.
    expect(await w.statementOf('2025-08', next.name)).toMatchObject({ sales: 50_000, refunds: 0, share: 2_500 });
    // The former host gives back what ¥1 000 less would have paid in July: 25 000 → 15 000.
    const august = await w.statementOf('2025-08', former.name);
    expect(august).toMatchObject({ sales: 0, refunds: 100_000, net: -100_000, share: -10_000, total: -10_000 });
    expect(august.lines).toHaveLength(1);
    expect(august.lines[0]).toMatchObject({
      subject: 'host',
      label: former.name,
      refunds: 100_000,
      share: -10_000,
      corrects: { statementId: july.id, month: '2025-07' },
    });
    // A second close finds the same and writes nothing; the issued July is as issued.
    expect((await w.close('2025-08')).written).toBe(0);
    expect(await w.statementOf('2025-07', former.name)).toMatchObject({ state: 'issued', share: 25_000 });

    // A second refund a month later takes back from what is left (¥2 000 → ¥500: 15 000 → 2 500), not from July's whole net.
    await refundedAt(order, PEOPLES_SQUARE[0], '2025-09-02T03:00:00Z', 150_000);
    await w.close('2025-09');
    expect(await w.statementOf('2025-09', former.name)).toMatchObject({ refunds: 150_000, share: -12_500 });
    expect(await w.statementOf('2025-09', next.name)).toMatchObject({ refunds: 0, share: 0 });

    // What the books check of statements holds still holds: lines sum to statements, days to rollups, each day once.
    const shareChecks = (await reconcile(t.db, [t.ids.tenant('A')])).filter((c) => c.key.startsWith('share.'));
    expect(shareChecks.flatMap((c) => c.differences)).toEqual([]);
  });
});
