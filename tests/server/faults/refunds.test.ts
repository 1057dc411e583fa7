/**
 * 100 refunds at once, spread over two upstream instances, one of them
 * killed (SIGKILL) while they are under way: none lost (every refund an
 * instance answered is there, once), none doubled (no more refunds than
 * requests), never more refunded than paid per order and per item, and every
 * refund settles — the killed instance's too, by the other's sweep.
 * PostgreSQL only (two processes, one database).
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '../../../shared/domains.js';
import { orderItems, orders } from '../../../server/order/index.js';
import { refunds } from '../../../server/refund/schema.js';
import { postgresUrl, suiteApp } from '../helpers.js';
import { until, upstream, type Upstream } from '../upstreams.js';

const ORDERS = 50;

describe.skipIf(!postgresUrl)('refunds across an upstream killed mid-flight', () => {
  const t = suiteApp(['tenant1']);

  it('loses none, doubles none, refunds no more than paid, and settles every one', async () => {
    // Recent paid sales of tenant A, nothing refunded yet: within its refund period.
    const chosen = await t.db
      .select({ id: orders.id, received: orders.receivedAmount })
      .from(orders)
      .where(
        and(
          eq(orders.tenantId, t.ids.tenant('A')),
          eq(orders.paymentState, 'success'),
          eq(orders.refundAmount, 0),
          gt(orders.receivedAmount, 1),
          sql`${orders.createdAt} > now() - interval '10 days'`,
        ),
      )
      .limit(ORDERS);
    expect(chosen).toHaveLength(ORDERS);
    const env = { REFUND_SETTLE_MS: '300' };
    let a: Upstream | undefined;
    let b: Upstream | undefined;
    try {
      [a, b] = await Promise.all([upstream(env), upstream(env)]);
      const ask = (url: string, order: { id: number; received: number }, i: number) =>
        fetch(`${url}${api['refund.create'].path.replace(':id', String(order.id))}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${t.token.tenant1}`, 'content-type': 'application/json' },
          // Two asks per order, racing: the whole of it and a part; every fifth fails at the provider.
          body: JSON.stringify({
            reason: i % 5 === 0 ? '断电测试 #fail' : '断电测试',
            amount: i % 2 ? Math.ceil(order.received / 2) : order.received,
          }),
        }).then(
          async (r) => ({ sent: url, ...((await r.json()) as { code: number; content?: { id: number } }) }),
          (): { sent: string; code: number; content?: { id: number } } => ({ sent: url, code: 0 }),
        );
      let answered = 0;
      const asks = chosen
        .flatMap((order, k) => [2 * k, 2 * k + 1])
        .map((i) => {
          const order = chosen[Math.floor(i / 2)]!;
          return ask(i % 2 ? b!.url : a!.url, order, i).then((x) => {
            answered++;
            return x;
          });
        });
      // The first instance dies once a few answers are back: the rest of its share is in flight or never read.
      await until(async () => answered >= 10, 20_000);
      await a.kill();
      const answers = await Promise.all(asks);

      // The survivor answered every one of its share, each a refund or a clean refusal.
      const fromB = answers.filter((x) => x.sent === b!.url);
      expect(fromB.every((x) => x.code === 200 || x.code === 920)).toBe(true);
      // None lost: every refund an instance answered is there, once.
      const made = await t.db
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.orderId,
            chosen.map((o) => o.id),
          ),
        );
      const ids = answers.flatMap((x) => (x.code === 200 && x.content ? [x.content.id] : []));
      expect(ids.every((id) => made.filter((r) => r.id === id).length === 1)).toBe(true);
      // None doubled: at most one refund per ask, and the dead instance's asks made at most what was sent to it.
      expect(made.length).toBeLessThanOrEqual(answers.length);
      expect(made.length).toBeGreaterThanOrEqual(ids.length);

      // Every refund settles, the killed instance's too (the survivor's sweep).
      await until(async () => {
        const [row] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(refunds)
          .where(
            and(
              inArray(
                refunds.orderId,
                chosen.map((o) => o.id),
              ),
              eq(refunds.state, 'pending'),
            ),
          );
        return row!.n === 0;
      }, 30_000);
      const after = await t.db
        .select({ id: orders.id, received: orders.receivedAmount, refunded: orders.refundAmount })
        .from(orders)
        .where(
          inArray(
            orders.id,
            chosen.map((o) => o.id),
          ),
        );
      const settled = await t.db
        .select({ orderId: refunds.orderId, amount: refunds.amount, state: refunds.state })
        .from(refunds)
        .where(
          inArray(
            refunds.orderId,
            chosen.map((o) => o.id),
          ),
        );
      for (const o of after) {
        expect(o.refunded).toBeLessThanOrEqual(o.received);
        // What the order says was refunded is the sum of its refunds that succeeded: a failed one gave its reservation back.
        const succeeded = settled.filter((r) => r.orderId === o.id && r.state === 'success');
        expect(o.refunded, `order ${o.id}`).toBe(succeeded.reduce((s, r) => s + r.amount, 0));
      }
      const items = await t.db
        .select({ amount: orderItems.amount, refunded: orderItems.refundAmount })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            chosen.map((o) => o.id),
          ),
        );
      expect(items.every((i) => i.refunded <= i.amount)).toBe(true);
    } finally {
      await a?.kill();
      await b?.kill();
    }
  }, 120_000);
});
