/**
 * The demo's stored value at work (server/wallet/demo.ts, server/refund/demo.ts): 王芳 paid for a drink at a
 * machine from her wallet, the bonus first, and its refund settled back in the parts it came from — through
 * the machine's own sale and the console's own refund, so the order names the wallet and the books balance.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reconcile } from '../../../server/books/index.js';
import { members } from '../../../server/member/index.js';
import { orders } from '../../../server/order/index.js';
import { walletMoves, wallets } from '../../../server/wallet/index.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1']);

describe("the demo's wallet spend at a machine", () => {
  it('is an order paid from the wallet, refunded into it in the parts it came from', async () => {
    const [{ wang }] = (await t.db
      .select({ wang: members.id })
      .from(members)
      .where(and(eq(members.tenantId, t.ids.tenant('A')), eq(members.nickname, '王芳')))) as [{ wang: number }];
    const moves = await t.db
      .select()
      .from(walletMoves)
      .where(eq(walletMoves.memberId, wang))
      .orderBy(asc(walletMoves.id));
    expect(moves.map((m) => m.kind)).toEqual(['topUp', 'spend', 'refund']);
    const [, spent, back] = moves;
    // Bonus first: the ¥3 bonus went before the principal.
    expect(spent!.bonus).toBe(-300);
    expect(back!.principal).toBe(-spent!.principal);
    expect(back!.bonus).toBe(-spent!.bonus);
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.memberId, wang));
    expect(wallet).toMatchObject({ principal: 5_000, bonus: 300 });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, spent!.orderId!));
    expect(order).toMatchObject({ platform: 'wallet', memberId: wang });
    expect(order!.refundAmount).toBe(order!.receivedAmount);
    const books = await reconcile(t.db, [t.ids.tenant('A')]);
    for (const key of ['wallet.balances', 'wallet.liability'])
      expect(books.find((c) => c.key === key)!.differences).toEqual([]);
  });
});
