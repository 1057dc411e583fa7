/** The pricing engine (shared/activity/engine.ts): its stated rules, per type, and over generated baskets. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LOWEST_UNIT_PRICE,
  priceBasket,
  type BasketLine,
  type Customer,
  type HeldCoupon,
  type PricingRule,
} from '../../../shared/activity/engine.js';

const anyone: Customer = { known: true, newUser: false, groups: [] };
// A Wednesday, 12:30 in China.
const noon = new Date('2026-11-25T04:30:00Z');

function rule(over: Partial<PricingRule> & Pick<PricingRule, 'id' | 'type'>): PricingRule {
  return {
    exclusive: false,
    products: null,
    rate: null,
    minUnits: null,
    threshold: null,
    reduction: null,
    crowd: { kind: 'everyone' },
    newUserOnly: false,
    weekdays: null,
    hours: null,
    platforms: null,
    unitsLeft: null,
    usable: true,
    amountLeft: null,
    ...over,
  };
}
const line = (
  key: number,
  productId: number,
  price: number,
  count = 1,
  staffPrice: number | null = null,
): BasketLine => ({
  key,
  productId,
  price,
  count,
  staffPrice,
});
const price = (lines: BasketLine[], rules: PricingRule[], extra: Partial<Parameters<typeof priceBasket>[0]> = {}) =>
  priceBasket({ lines, rules, coupons: [], customer: anyone, at: noon, platform: 'wechat', ...extra });

describe('each type', () => {
  it('a discount sells its products at their fixed price', () => {
    const r = price(
      [line(1, 7, 800, 2), line(2, 8, 500)],
      [rule({ id: 1, type: 'discount', products: new Map([[7, 600]]) })],
    );
    expect(r.total).toBe(600 * 2 + 500);
    expect(r.lines[0]).toMatchObject({ listPrice: 800, unitPrice: 600, amount: 1200, activityIds: [1] });
    expect(r.applied).toEqual([{ activityId: 1, lane: 'price', discount: 400, units: 2, couponId: null }]);
  });
  it('a discount offer charges its rate, rounded up to the fen', () => {
    const r = price([line(1, 7, 333)], [rule({ id: 1, type: 'discountOffer', rate: 80 })]);
    expect(r.lines[0]!.unitPrice).toBe(267);
  });
  it('a team discount needs its units of its products in one order', () => {
    const team = rule({
      id: 1,
      type: 'teamDiscount',
      rate: 50,
      minUnits: 3,
      products: new Map([
        [7, null],
        [8, null],
      ]),
    });
    expect(price([line(1, 7, 400, 2), line(2, 9, 400)], [team]).total).toBe(1200);
    expect(price([line(1, 7, 400, 2), line(2, 8, 400)], [team]).total).toBe(600);
  });
  it('a full reduction takes its sum off once the threshold is reached, spread over the lines to the fen', () => {
    const full = rule({ id: 1, type: 'fullReduction', threshold: 1000, reduction: 301 });
    expect(price([line(1, 7, 999)], [full]).total).toBe(999);
    const r = price([line(1, 7, 500), line(2, 8, 700)], [full]);
    expect(r.total).toBe(899);
    expect(r.lines.map((l) => l.amount).reduce((a, b) => a + b)).toBe(899);
    expect(r.lines.every((l) => l.activityIds.includes(1))).toBe(true);
  });
  it('a coupon applies last, on what the other lanes left', () => {
    const coupon: HeldCoupon = {
      id: 9,
      activityId: 3,
      type: 'reduction',
      amount: 200,
      threshold: 1000,
      products: null,
    };
    const rules = [rule({ id: 1, type: 'discountOffer', rate: 90 }), rule({ id: 3, type: 'coupon' })];
    // 1 100 × 90 % = 990: below the coupon's threshold.
    expect(price([line(1, 7, 1100)], rules, { coupons: [coupon] }).total).toBe(990);
    const r = price([line(1, 7, 1200)], rules, { coupons: [coupon] });
    expect(r.total).toBe(880);
    expect(r.lines[0]!.couponId).toBe(9);
  });
  it('a money-off coupon touches only its products: they alone reach its threshold and take its amount', () => {
    const rules = [rule({ id: 3, type: 'coupon' })];
    const off2: HeldCoupon = { id: 9, activityId: 3, type: 'reduction', amount: 200, threshold: 0, products: [7] };
    // A basket of another product alone: nothing off (it took ¥2 off before).
    expect(price([line(1, 8, 350)], rules, { coupons: [off2] }).total).toBe(350);
    const mixed = price([line(1, 7, 300), line(2, 8, 350)], rules, { coupons: [off2] });
    expect(mixed.lines.map((l) => [l.amount, l.couponId])).toEqual([
      [100, 9],
      [350, null],
    ]);
    // ¥3 off ¥15 of product 7: ¥10 of it and ¥10 of product 8 do not reach it.
    const off3: HeldCoupon = { id: 9, activityId: 3, type: 'reduction', amount: 300, threshold: 1500, products: [7] };
    expect(price([line(1, 7, 1000), line(2, 8, 1000)], rules, { coupons: [off3] }).total).toBe(2000);
    expect(price([line(1, 7, 800, 2), line(2, 8, 1000)], rules, { coupons: [off3] }).lines[1]!.amount).toBe(1000);
  });
  it('an exchange coupon gives one unit away; a fixed-price coupon sells one at its amount', () => {
    const rules = [rule({ id: 3, type: 'coupon' })];
    const exchange: HeldCoupon = { id: 9, activityId: 3, type: 'exchange', amount: 0, threshold: 0, products: [7] };
    expect(price([line(1, 7, 500, 2)], rules, { coupons: [exchange] }).total).toBe(500);
    const fixed: HeldCoupon = { id: 9, activityId: 3, type: 'fixedPrice', amount: 100, threshold: 0, products: [7] };
    expect(price([line(1, 7, 500, 2)], rules, { coupons: [fixed] }).total).toBe(600);
  });
});

describe('a markdown near expiry (fresh food)', () => {
  it('is a price of lane price: the best of it, the staff price and the product activities, then the baskets on top', () => {
    const marked = { ...line(1, 7, 1000), markdown: 30 };
    // Alone: 30 % off, said on the line.
    expect(price([marked], []).lines[0]).toMatchObject({ unitPrice: 700, markdown: 30, activityIds: [] });
    // A product activity that does better wins instead; one that does worse does not price it.
    const better = price([marked], [rule({ id: 1, type: 'discount', products: new Map([[7, 600]]) })]);
    expect(better.lines[0]).toMatchObject({ unitPrice: 600, markdown: 0, activityIds: [1] });
    const worse = price([marked], [rule({ id: 2, type: 'discount', products: new Map([[7, 800]]) })]);
    expect(worse.lines[0]).toMatchObject({ unitPrice: 700, markdown: 30, activityIds: [] });
    expect(worse.applied).toEqual([]);
    // A staff price below the markdown's: the staff price.
    expect(price([{ ...line(1, 7, 1000, 1, 500), markdown: 30 }], []).lines[0]).toMatchObject({
      unitPrice: 500,
      markdown: 0,
    });
    // A full reduction sees what the markdown left.
    const basket = price(
      [{ ...marked, count: 2 }],
      [rule({ id: 3, type: 'fullReduction', threshold: 1400, reduction: 100 })],
    );
    expect(basket.total).toBe(1300);
    // Never below a fen.
    expect(price([{ ...line(1, 7, 1), markdown: 90 }], []).lines[0]).toMatchObject({ unitPrice: 1 });
  });
});

describe('who an activity prices', () => {
  const inGroup = rule({ id: 1, type: 'discountOffer', rate: 50, crowd: { kind: 'inGroups', groups: [5] } });
  const notInGroup = rule({ id: 2, type: 'discountOffer', rate: 50, crowd: { kind: 'notInGroups', groups: [5] } });
  it('a group-only activity never prices anyone outside the group (Medusa #10783)', () => {
    expect(price([line(1, 7, 400)], [inGroup], { customer: { ...anyone, groups: [6] } }).total).toBe(400);
    expect(price([line(1, 7, 400)], [inGroup], { customer: { known: false, newUser: false, groups: [] } }).total).toBe(
      400,
    );
    expect(price([line(1, 7, 400)], [inGroup], { customer: { ...anyone, groups: [5] } }).total).toBe(200);
  });
  it('"not in group" holds for a customer in no group at all (Medusa #14168)', () => {
    expect(price([line(1, 7, 400)], [notInGroup], { customer: { ...anyone, groups: [] } }).total).toBe(200);
    expect(price([line(1, 7, 400)], [notInGroup], { customer: { ...anyone, groups: [5] } }).total).toBe(400);
  });
  it('a tier-only activity prices its grades alone: not a member below them, not a buyer without a grade', () => {
    const gold = rule({ id: 1, type: 'discountOffer', rate: 50, grades: [7, 8] });
    expect(price([line(1, 7, 400)], [gold], { customer: { ...anyone, grade: 8 } }).total).toBe(200);
    expect(price([line(1, 7, 400)], [gold], { customer: { ...anyone, grade: 6 } }).total).toBe(400);
    expect(price([line(1, 7, 400)], [gold], { customer: { ...anyone, grade: null } }).total).toBe(400);
    expect(price([line(1, 7, 400)], [gold]).total).toBe(400);
    expect(price([line(1, 7, 400)], [{ ...gold, grades: null }]).total).toBe(200);
  });
  it('a new-user activity prices only a new user', () => {
    const fresh = rule({ id: 1, type: 'discountOffer', rate: 50, newUserOnly: true });
    expect(price([line(1, 7, 400)], [fresh]).total).toBe(400);
    expect(price([line(1, 7, 400)], [fresh], { customer: { ...anyone, newUser: true } }).total).toBe(200);
  });
  it('a staff buyer pays the better of the staff price and the discount', () => {
    const offer = rule({ id: 1, type: 'discountOffer', rate: 90 });
    expect(price([line(1, 7, 1000, 1, 700)], [offer]).lines[0]).toMatchObject({ unitPrice: 700, activityIds: [] });
    expect(price([line(1, 7, 1000, 1, 950)], [offer]).lines[0]).toMatchObject({ unitPrice: 900, activityIds: [1] });
  });
  it('a happy hour prices only inside its weekdays and hours, across midnight too', () => {
    const happy = rule({
      id: 1,
      type: 'discountOffer',
      rate: 50,
      weekdays: [3],
      hours: { from: 12 * 60, to: 13 * 60 },
    });
    expect(price([line(1, 7, 400)], [happy]).total).toBe(200);
    expect(price([line(1, 7, 400)], [happy], { at: new Date('2026-11-25T05:30:00Z') }).total).toBe(400);
    expect(price([line(1, 7, 400)], [happy], { at: new Date('2026-11-26T04:30:00Z') }).total).toBe(400);
    const night = rule({ id: 1, type: 'discountOffer', rate: 50, hours: { from: 22 * 60, to: 2 * 60 } });
    expect(price([line(1, 7, 400)], [night], { at: new Date('2026-11-25T17:00:00Z') }).total).toBe(200);
    expect(price([line(1, 7, 400)], [night]).total).toBe(400);
  });
  it('a platform restriction prices only that platform', () => {
    const ali = rule({ id: 1, type: 'discountOffer', rate: 50, platforms: ['alipay'] });
    expect(price([line(1, 7, 400)], [ali]).total).toBe(400);
    expect(price([line(1, 7, 400)], [ali], { platform: 'alipay' }).total).toBe(200);
  });
});

describe('limits and budgets', () => {
  it('a purchase limit discounts only the units left; the rest pay the price', () => {
    const r = price(
      [line(1, 7, 500, 3)],
      [rule({ id: 1, type: 'discount', products: new Map([[7, 300]]), unitsLeft: 2 })],
    );
    expect(r.total).toBe(300 * 2 + 500);
    expect(r.lines.map((l) => [l.count, l.unitPrice])).toEqual([
      [2, 300],
      [1, 500],
    ]);
  });
  it('a per-customer limit never prices an anonymous buyer (it could not be counted)', () => {
    const limited = rule({ id: 1, type: 'discountOffer', rate: 50, unitsLeft: 5 });
    expect(price([line(1, 7, 400)], [limited], { customer: { known: false, newUser: false, groups: [] } }).total).toBe(
      400,
    );
  });
  it('a spent activity prices nothing; a budget never gives more than is left', () => {
    expect(price([line(1, 7, 400)], [rule({ id: 1, type: 'discountOffer', rate: 50, usable: false })]).total).toBe(400);
    const r = price([line(1, 7, 400, 3)], [rule({ id: 1, type: 'discountOffer', rate: 50, amountLeft: 450 })]);
    expect(r.applied[0]!.discount).toBeLessThanOrEqual(450);
    expect(r.total).toBe(200 * 2 + 400);
    const full = rule({ id: 1, type: 'fullReduction', threshold: 500, reduction: 100, amountLeft: 99 });
    expect(price([line(1, 7, 600)], [full]).total).toBe(600);
  });
  it('an activity that gives nothing is not applied (Medusa #5278: it uses nothing)', () => {
    const r = price([line(1, 7, 400)], [rule({ id: 1, type: 'discount', products: new Map([[7, 450]]) })]);
    expect(r.applied).toEqual([]);
    expect(r.lines[0]!.activityIds).toEqual([]);
  });
});

describe('the conflict rule', () => {
  it('within a lane the best for the customer wins', () => {
    const r = price(
      [line(1, 7, 1000)],
      [
        rule({ id: 1, type: 'discountOffer', rate: 80 }),
        rule({ id: 2, type: 'discount', products: new Map([[7, 750]]) }),
      ],
    );
    expect(r.lines[0]).toMatchObject({ unitPrice: 750, activityIds: [2] });
  });
  it('a threshold sees the total the price lane left', () => {
    const r = price(
      [line(1, 7, 1000)],
      [
        rule({ id: 1, type: 'discountOffer', rate: 90 }),
        rule({ id: 2, type: 'fullReduction', threshold: 1000, reduction: 100 }),
      ],
    );
    expect(r.total).toBe(900);
  });
  it('an exclusive activity is priced alone, and only when it beats the rest together', () => {
    const rules = [
      rule({ id: 1, type: 'discountOffer', rate: 90 }),
      rule({ id: 2, type: 'fullReduction', threshold: 500, reduction: 100 }),
      rule({ id: 3, type: 'discountOffer', rate: 75, exclusive: true }),
    ];
    // Together: 1 000 → 900 → 800; alone: 750.
    const r = price([line(1, 7, 1000)], rules);
    expect(r.total).toBe(750);
    expect(r.applied.map((a) => a.activityId)).toEqual([3]);
    // 600 → 540 → 440 together beats 450 alone.
    expect(price([line(1, 7, 600)], rules).applied.map((a) => a.activityId)).toEqual([1, 2]);
  });
});

const arbRule = (id: number) =>
  fc
    .record({
      type: fc.constantFrom('discount', 'discountOffer', 'teamDiscount', 'fullReduction', 'coupon' as const),
      exclusive: fc.boolean(),
      products: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 })),
      fixed: fc.integer({ min: 1, max: 3000 }),
      rate: fc.integer({ min: 1, max: 99 }),
      minUnits: fc.integer({ min: 2, max: 5 }),
      threshold: fc.integer({ min: 1, max: 5000 }),
      reduction: fc.integer({ min: 1, max: 6000 }),
      unitsLeft: fc.option(fc.integer({ min: 0, max: 5 })),
      amountLeft: fc.option(fc.integer({ min: 0, max: 3000 })),
    })
    .map((r): PricingRule =>
      rule({
        id,
        type: r.type,
        exclusive: r.exclusive,
        products: r.products ? new Map(r.products.map((p) => [p, r.type === 'discount' ? r.fixed : null])) : null,
        rate: r.rate,
        minUnits: r.minUnits,
        threshold: r.threshold,
        reduction: r.reduction,
        unitsLeft: r.unitsLeft,
        amountLeft: r.amountLeft,
      }),
    );
const arbLines = fc
  .array(
    fc.record({
      productId: fc.integer({ min: 1, max: 6 }),
      price: fc.integer({ min: 1, max: 3000 }),
      count: fc.integer({ min: 1, max: 5 }),
      staff: fc.option(fc.integer({ min: 1, max: 3000 })),
    }),
    { minLength: 1, maxLength: 10 },
  )
  .map((ls) => ls.map((l, i) => line(i + 1, l.productId, l.price, l.count, l.staff)));
const arbRules = fc
  .integer({ min: 0, max: 6 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbRule(i + 1))));
const arbCoupons = fc.array(
  fc.record({
    type: fc.constantFrom('reduction', 'exchange', 'fixedPrice' as const),
    amount: fc.integer({ min: 1, max: 3000 }),
    threshold: fc.integer({ min: 0, max: 3000 }),
    activityId: fc.integer({ min: 1, max: 6 }),
  }),
  { maxLength: 3 },
);

/** Whether a rule's or a coupon's scope holds a product (null: every product). */
const inScope = (products: ReadonlyMap<number, unknown> | readonly number[] | null, productId: number) =>
  products === null || (products instanceof Map ? products.has(productId) : (products as number[]).includes(productId));

describe('scope over generated baskets', () => {
  it('no discount lands on a line outside the scope of what priced it; thresholds count only lines inside it', () => {
    const arbHeld = fc.array(
      fc.record({
        type: fc.constantFrom('reduction', 'exchange', 'fixedPrice' as const),
        amount: fc.integer({ min: 1, max: 3000 }),
        threshold: fc.integer({ min: 0, max: 5000 }),
        activityId: fc.integer({ min: 1, max: 6 }),
        products: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 })),
      }),
      { maxLength: 3 },
    );
    fc.assert(
      fc.property(arbLines, arbRules, arbHeld, (lines, rules, held) => {
        const coupons: HeldCoupon[] = held.map((c, i) => ({ ...c, id: i + 1 }));
        const r = priceBasket({ lines, rules, coupons, customer: anyone, at: noon, platform: null });
        const coupon = coupons.find((c) => r.lines.some((l) => l.couponId === c.id));
        for (const l of r.lines) {
          for (const id of l.activityIds) {
            const of = rules.find((x) => x.id === id)!;
            const scope = of.type === 'coupon' ? (coupon?.products ?? null) : of.products;
            expect(inScope(scope, l.productId), `activity ${id} on product ${l.productId}`).toBe(true);
          }
          // A line nothing in scope priced pays its own price (the staff price is not an activity).
          if (!l.activityIds.length) {
            const own = lines.find((x) => x.key === l.key)!;
            expect(l.amount).toBe(Math.min(own.price, own.staffPrice ?? own.price) * l.count);
          }
        }
        for (const a of r.applied) {
          const of = rules.find((x) => x.id === a.activityId)!;
          const touched = r.lines.filter((l) => l.activityIds.includes(a.activityId));
          if (a.lane === 'basket' && of.type === 'fullReduction')
            expect(touched.reduce((s, l) => s + l.unitPrice * l.count, 0)).toBeGreaterThanOrEqual(of.threshold!);
          if (a.lane === 'coupon' && coupon?.type === 'reduction')
            expect(touched.reduce((s, l) => s + l.amount, 0) + a.discount).toBeGreaterThanOrEqual(coupon.threshold);
        }
      }),
      { numRuns: 2000, seed: 77 },
    );
  });
});

describe('over generated baskets', () => {
  it('never a negative price, never below the lowest price but for a free unit, the lines add up, no one pays more than without activities', () => {
    fc.assert(
      fc.property(arbLines, arbRules, arbCoupons, (lines, rules, held) => {
        const coupons = held.map((c, i) => ({ ...c, id: i + 1, products: null }));
        const r = priceBasket({ lines, rules, coupons, customer: anyone, at: noon, platform: null });
        const none = priceBasket({ lines, rules: [], coupons: [], customer: anyone, at: noon, platform: null });
        expect(r.total).toBe(r.lines.reduce((s, l) => s + l.amount, 0));
        expect(r.total).toBeLessThanOrEqual(none.total);
        expect(r.listTotal - none.total + r.applied.reduce((s, a) => s + a.discount, 0)).toBe(r.listTotal - r.total);
        // Units sold: as many as asked for, line by line.
        for (const l of lines)
          expect(r.lines.filter((p) => p.key === l.key).reduce((s, p) => s + p.count, 0)).toBe(l.count);
        for (const l of r.lines) {
          expect(l.amount).toBeGreaterThanOrEqual(0);
          const free = l.couponId !== null && coupons.find((c) => c.id === l.couponId)?.type === 'exchange' ? 1 : 0;
          expect(l.amount).toBeGreaterThanOrEqual((l.count - free) * LOWEST_UNIT_PRICE);
        }
        // A budget is never overspent; a unit limit never exceeded.
        for (const a of r.applied) {
          const of = rules.find((x) => x.id === a.activityId)!;
          if (of.amountLeft !== null && a.lane !== 'coupon') expect(a.discount).toBeLessThanOrEqual(of.amountLeft);
          if (of.unitsLeft !== null && a.lane === 'price') expect(a.units).toBeLessThanOrEqual(of.unitsLeft);
        }
        // An exclusive activity priced nothing beside another.
        const used = new Set(r.applied.map((a) => a.activityId));
        if ([...used].some((id) => rules.find((x) => x.id === id)!.exclusive)) expect(used.size).toBe(1);
      }),
      { numRuns: 2000, seed: 52 },
    );
  });
});

describe('lane points', () => {
  const pay = (balance: number, perYuan = 100, maxPercent = 50) => ({ points: { balance, perYuan, maxPercent } });

  it('pays after the activities, within the share of what they left, at the rate, spread over the lines', () => {
    // ¥10 and ¥5, a full reduction of ¥3 at ¥12: ¥12 left, at most half of it (¥6) by points.
    const lines = [line(1, 1, 1_000), line(2, 2, 500)];
    const rules = [rule({ id: 7, type: 'fullReduction', threshold: 1_200, reduction: 300 })];
    const priced = price(lines, rules, pay(10_000));
    expect(priced.total).toBe(600);
    expect(priced.points).toEqual({ used: 600, discount: 600 });
    expect(priced.lines.map((l) => l.pointsDiscount)).toEqual([400, 200]);
    expect(priced.lines.reduce((s, l) => s + l.pointsDiscount, 0)).toBe(priced.points.discount);
    // Fewer points than the share: all of them, and no more.
    expect(price(lines, rules, pay(150)).points).toEqual({ used: 150, discount: 150 });
    // 50 points = ¥1: a point is 2 fen; 75 points are worth ¥1.50.
    expect(price(lines, rules, pay(75, 50)).points).toEqual({ used: 75, discount: 150 });
    // 1 000 points = ¥1: 1 234 points are worth 123 fen, and take 1 230.
    expect(price(lines, rules, pay(1_234, 1_000)).points).toEqual({ used: 1_230, discount: 123 });
  });

  it('pays nothing without points, without a share, or for a customer who does not ask', () => {
    const lines = [line(1, 1, 1_000)];
    expect(price(lines, [], pay(0)).points).toEqual({ used: 0, discount: 0 });
    expect(price(lines, [], pay(1_000, 100, 0)).points).toEqual({ used: 0, discount: 0 });
    expect(price(lines, []).points).toEqual({ used: 0, discount: 0 });
    expect(price(lines, []).total).toBe(1_000);
  });

  it('never takes more points than the member holds, nor a unit below the lowest price', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 4 })), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.nat({ max: 100_000 }),
        fc.integer({ min: 1, max: 2_000 }),
        fc.integer({ min: 0, max: 100 }),
        (shape, balance, perYuan, maxPercent) => {
          const lines = shape.map(([p, c], i) => line(i + 1, i + 1, p, c));
          const priced = price(lines, [], pay(balance, perYuan, maxPercent));
          const before = lines.reduce((s, l) => s + l.price * l.count, 0);
          expect(priced.points.used).toBeLessThanOrEqual(balance);
          expect(priced.points.discount).toBeLessThanOrEqual(Math.floor((before * maxPercent) / 100));
          expect(priced.total).toBe(before - priced.points.discount);
          for (const l of priced.lines) expect(l.amount).toBeGreaterThanOrEqual(l.count * LOWEST_UNIT_PRICE);
        },
      ),
    );
  });
});
