/**
 * One pricing path: the machine's sale, the member's
 * basket price and the console's preview build the engine's input in one
 * step and decide coupons the same way, so the price shown is the price
 * charged. Before, the basket price quietly dropped a chosen coupon the sale
 * refused (3421), and priced an Alipay-only offer for a WeChat sale.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp, type Answer } from '../helpers.js';
import { memberSession } from '../member/support.js';
import { activityBody, freshMachine, sell } from './support.js';

const t = suiteApp(['tenant1']);
const m = freshMachine(t);
const A = () => t.ids.tenant('A');

const create = (over: Parameters<typeof activityBody>[2]) =>
  t.ok('activity.create', { body: activityBody(m().deviceId, m().productA, over) as never }, t.token.tenant1);
const couponOf = async (token: string, over: object, products = [m().productA, m().productB]) => {
  const a = await create({
    type: 'coupon',
    products: products.map((productId) => ({ productId })),
    coupon: { type: 'reduction', amount: 300, quantity: 50, validDays: 7, ...over } as never,
  });
  return (await t.ok('activity.claim', { body: { activityId: a.id } }, token)) as { id: number };
};
type Items = { channel: number; count: number }[];
/** What the member is shown, and what the machine then charges: a total, or the refusal's code. */
const shown = (token: string, items: Items, extra: object = {}) =>
  t.call('activity.basketPrice', { body: { deviceId: m().deviceId, items, ...extra } }, token);
const outcome = (r: Answer) =>
  r.body.code === CODE.ok ? (r.body.content.total ?? r.body.content.amount) : r.body.code;

describe('the price shown is the price charged', () => {
  it('a chosen coupon a better exclusive activity leaves out is 3421 on both', async () => {
    const { token, member } = await memberSession(t, A());
    const coupon = await couponOf(token, { amount: 100 });
    await create({ exclusive: true, products: [{ productId: m().productA, price: 500 }] });
    const items = [{ channel: 1, count: 1 }];
    expect(outcome(await shown(token, items, { couponId: coupon.id }))).toBe(CODE.couponUnusable);
    expect(outcome(await sell(t, { memberId: member.id, items, couponId: coupon.id }))).toBe(CODE.couponUnusable);
    // Without choosing, both take the exclusive price.
    expect(outcome(await shown(token, items))).toBe(500);
    expect(outcome(await sell(t, { memberId: member.id, items }))).toBe(500);
  });

  it('a free-product coupon named on a basket without its product is 3421 on both', async () => {
    const { token, member } = await memberSession(t, A());
    const coupon = await couponOf(token, { type: 'exchange', amount: undefined }, [m().productB]);
    const items = [{ channel: 1, count: 1 }];
    expect(outcome(await shown(token, items, { couponId: coupon.id }))).toBe(CODE.couponUnusable);
    expect(outcome(await sell(t, { memberId: member.id, items, couponId: coupon.id }))).toBe(CODE.couponUnusable);
  });

  it('an Alipay-only offer is not shown to a member paying by WeChat, nor charged', async () => {
    const { token, member } = await memberSession(t, A());
    await create({ type: 'discountOffer', rate: 50, products: [{ productId: m().productA }], platforms: ['alipay'] });
    const items = [{ channel: 1, count: 1 }];
    expect(outcome(await shown(token, items))).toBe(1000);
    expect(outcome(await sell(t, { memberId: member.id, items, platform: 'wechat' }))).toBe(1000);
    expect(outcome(await shown(token, items, { platform: 'alipay' }))).toBe(500);
    expect(outcome(await sell(t, { memberId: member.id, items, platform: 'alipay' }))).toBe(500);
  });

  it('over random baskets, the basket price, the preview and the sale agree', async () => {
    const { token, member } = await memberSession(t, A());
    await create({ products: [{ productId: m().productA, price: 800 }], purchaseLimit: undefined });
    await create({
      type: 'fullReduction',
      products: [{ productId: m().productB }],
      threshold: 1200,
      reduction: 200,
      exclusive: true,
    });
    await create({ type: 'discountOffer', rate: 60, products: [{ productId: m().productB }], platforms: ['alipay'] });
    await create({ type: 'teamDiscount', rate: 90, minUnits: 3, products: [{ productId: m().productA }] });
    const held = await Promise.all(
      [{ amount: 150, threshold: 1500 }, { amount: 100 }].map((c, i) =>
        couponOf(token, c, i ? [m().productB] : [m().productA]),
      ),
    );
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ channel: fc.integer({ min: 1, max: 2 }), count: fc.integer({ min: 1, max: 3 }) }), {
          minLength: 1,
          maxLength: 2,
          selector: (i) => i.channel,
        }),
        fc.constantFrom('wechat', 'alipay' as const),
        fc.option(fc.constantFrom(0, 1), { nil: undefined }),
        async (items, platform, chosen) => {
          const couponId = chosen === undefined ? undefined : held[chosen]!.id;
          const basket = await shown(token, items, { platform, ...(couponId ? { couponId } : {}) });
          const preview =
            couponId === undefined
              ? await t.call(
                  'activity.preview',
                  {
                    body: {
                      deviceId: m().deviceId,
                      memberId: member.id,
                      platform,
                      items: items.map((i) => ({
                        productId: i.channel === 1 ? m().productA : m().productB,
                        count: i.count,
                      })),
                    },
                  },
                  t.token.tenant1,
                )
              : undefined;
          const sale = await sell(t, { memberId: member.id, items, platform, ...(couponId ? { couponId } : {}) });
          const charged = outcome(sale);
          expect(outcome(basket), JSON.stringify({ items, platform, couponId })).toBe(charged);
          if (preview) expect(outcome(preview)).toBe(charged);
          checked++;
          // A coupon the sale took is used: claim it again for the next basket.
          if (couponId !== undefined && sale.body.code === CODE.ok) {
            const again = await couponOf(token, chosen ? { amount: 100 } : { amount: 150, threshold: 1500 }, [
              chosen ? m().productB : m().productA,
            ]);
            held[chosen!] = again;
          }
        },
      ),
      { numRuns: 25, seed: 77 },
    );
    expect(checked).toBe(25);
  });
});
