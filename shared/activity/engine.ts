/**
 * The pricing engine: what a basket costs a customer at one device at one
 * moment, under the activities loaded for that device. One pure function,
 * called by the machine's sale (`order.sale`), the member's basket price and
 * the console's preview and dry run, so the three can never disagree.
 *
 * The conflict rule (docs/domains/activity.md states it for operators):
 * 1. Lanes in a fixed order. Lane `price`: each unit's price is the best of
 *    the channel's price, the enterprise staff price (a staff buyer) and the
 *    product activities (discount: a fixed price; discount offer: a rate).
 *    Lane `basket`: full reduction or team discount, on what lane `price`
 *    left — thresholds see that total. Lane `coupon`: one coupon, last, on
 *    what lane `basket` left. Lane `points`: a member who asks pays part of
 *    what is left with points, at its tenant's rate (N points = ¥1), at most
 *    its share of the basket (X %), spread over the lines like a basket
 *    discount; after every activity, before the wallet (docs/domains/wallet.md).
 * 2. Within a lane the best for the customer wins; one activity per lane.
 * 3. An exclusive activity is priced alone (with the staff price, which is
 *    not an activity): the engine prices the basket once with every
 *    non-exclusive activity and once with each exclusive one alone, and the
 *    customer pays the lowest of those totals (ties: the non-exclusive one).
 * 4. No unit is priced below LOWEST_UNIT_PRICE, except the unit an exchange
 *    coupon gives away (0); a reduction that would go lower gives less.
 * 5. An activity that would give nothing is not applied and uses nothing;
 *    one whose budget or limits are spent (the loader says what is left)
 *    does not price at all, never part of a basket.
 */
import { businessWall } from '../business-time.js';
import type { BasketLine, PricedLine } from '../common/basket.js';
import type { ActivityRule, ActivityType, CouponType } from './rules.js';

export type { BasketLine, PricedLine };

/** The lowest price a unit is sold at by an activity: one fen (an exchange coupon's free unit is the exception). */
export const LOWEST_UNIT_PRICE = 1;

/** The activities' lanes; lane `points` comes after them and is no activity's. */
export type Lane = 'price' | 'basket' | 'coupon';
export const LANE_OF: Record<ActivityType, Lane> = {
  discount: 'price',
  discountOffer: 'price',
  fullReduction: 'basket',
  teamDiscount: 'basket',
  coupon: 'coupon',
};

/** An activity as the engine sees it: already chosen for this device, live, and within its budget. */
export interface PricingRule {
  id: number;
  type: ActivityType;
  exclusive: boolean;
  /** The products it applies to with their fixed price (discount) or null (any price); null: every product. */
  products: ReadonlyMap<number, number | null> | null;
  /** Percent of the price paid (discount offer, team discount): 80 is 20 % off. */
  rate: number | null;
  /** Team discount: the fewest units of its products bought together. */
  minUnits: number | null;
  /** Full reduction: `reduction` off once the products' total reaches `threshold`. */
  threshold: number | null;
  reduction: number | null;
  /** Who it prices (group ids: the customer's activated groups decide). */
  crowd: { kind: 'everyone' } | { kind: 'inGroups' | 'notInGroups'; groups: readonly number[] };
  /** A tier-only activity: the member grades it prices (its grade and those above); null or absent: any buyer. */
  grades?: readonly number[] | null | undefined;
  newUserOnly: boolean;
  /** ISO weekdays 1–7 and minutes of the business day [from, to); null: always. */
  weekdays: readonly number[] | null;
  hours: { from: number; to: number } | null;
  /** Payment platforms it applies to; null: any. */
  platforms: readonly string[] | null;
  /** What is left, as the loader counted it (null: no limit). Units per customer in this period; orders per customer; the budget. */
  unitsLeft: number | null;
  /** When false the customer has used up its participations, or the activity its uses: it prices nothing. */
  usable: boolean;
  /** Fen of discount the budget still allows (null: no budget). */
  amountLeft: number | null;
}

/** A coupon the customer holds, valid now (the loader checked its window and that it is unused). */
export interface HeldCoupon {
  id: number;
  activityId: number;
  type: CouponType;
  /** Reduction: fen off; fixed price: what the unit costs. */
  amount: number;
  /** Reduction: the total it needs (0: none). */
  threshold: number;
  /**
   * The products it applies to (its activity's): an exchange or fixed price
   * buys one of them; a reduction counts only their lines toward its
   * threshold and takes its amount off them alone. Null: every product.
   */
  products: readonly number[] | null;
}

export interface Customer {
  /** Known: a member or a staff buyer (limits per customer count only for a known one). */
  known: boolean;
  /** No paid order of the tenant before this one. */
  newUser: boolean;
  /** The customer groups in which the customer is an activated member. */
  groups: readonly number[];
  /** The member's grade as the last regrade found it; null or absent: none (an anonymous buyer, a staff buyer). */
  grade?: number | null | undefined;
}

/** A member's points offered as money: what it holds, and its tenant's rate and share (wallet settings). */
export interface PointsPay {
  balance: number;
  /** Points worth ¥1. */
  perYuan: number;
  /** The most of the basket points may pay, in percent of what is left after the activities. */
  maxPercent: number;
}

export interface PricingInput {
  lines: readonly BasketLine[];
  rules: readonly PricingRule[];
  coupons: readonly HeldCoupon[];
  customer: Customer;
  /** The moment, and the payment platform where known (the preview: any). */
  at: Date;
  platform: string | null;
  /** A coupon the customer chose; otherwise the best held one is used. */
  couponId?: number | undefined;
  /** The member pays with points (lane `points`); none: it does not. */
  points?: PointsPay | null | undefined;
}

export interface Applied {
  activityId: number;
  lane: Lane;
  /** Fen it took off, and the units it priced (lane price) or 1 (a basket or a coupon). */
  discount: number;
  units: number;
  couponId: number | null;
}

export interface Priced {
  lines: PricedLine[];
  applied: Applied[];
  listTotal: number;
  total: number;
  staffPriced: boolean;
  /** What points paid (fen, spread over the lines' `pointsDiscount`) and the points that takes; 0 and 0 without. */
  points: { used: number; discount: number };
}

/** The business weekday (1–7) and minute of the day, by arithmetic on every sale (shared/business-time.ts `businessWall`). */
function businessClock(at: Date) {
  const local = businessWall(at);
  return { weekday: local.getUTCDay() || 7, minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** Whether a rule may price this customer now, whatever the basket. */
export function ruleApplies(rule: PricingRule, customer: Customer, at: Date, platform: string | null): boolean {
  if (!rule.usable) return false;
  if (rule.unitsLeft !== null && (!customer.known || rule.unitsLeft <= 0)) return false;
  if (rule.newUserOnly && !customer.newUser) return false;
  if (rule.crowd.kind !== 'everyone') {
    const inOne = rule.crowd.groups.some((g) => customer.groups.includes(g));
    // Outside every group is "not in these groups" (a customer in no group at all included).
    if (rule.crowd.kind === 'inGroups' ? !inOne : inOne) return false;
  }
  if (rule.grades && (customer.grade == null || !rule.grades.includes(customer.grade))) return false;
  if (rule.platforms && platform !== null && !rule.platforms.includes(platform)) return false;
  if (rule.weekdays || rule.hours) {
    const { weekday, minute } = businessClock(at);
    if (rule.weekdays && !rule.weekdays.includes(weekday)) return false;
    if (rule.hours) {
      const { from, to } = rule.hours;
      // A window across midnight (22:00–02:00) holds before `to` or from `from`.
      const inside = from <= to ? minute >= from && minute < to : minute >= from || minute < to;
      if (!inside) return false;
    }
  }
  return true;
}

const covers = (rule: PricingRule, productId: number) => rule.products === null || rule.products.has(productId);

/** A product activity's price of one unit, or undefined where it does not price the product. */
function unitPriceBy(rule: PricingRule, line: BasketLine): number | undefined {
  if (!covers(rule, line.productId)) return undefined;
  const fixed = rule.products?.get(line.productId) ?? null;
  const price =
    rule.type === 'discount' && fixed !== null
      ? fixed
      : rule.rate !== null
        ? Math.ceil((line.price * rule.rate) / 100)
        : undefined;
  return price === undefined ? undefined : Math.max(price, LOWEST_UNIT_PRICE);
}

interface Working extends PricedLine {
  staffPriced: boolean;
}

/** Lane `price`: each line at its best unit price; a purchase limit splits a line into the units it covers and the rest. */
function priceLane(lines: readonly BasketLine[], rules: readonly PricingRule[], applied: Applied[]): Working[] {
  const left = new Map(rules.map((r) => [r.id, r.unitsLeft]));
  const spent = new Map(rules.map((r) => [r.id, 0]));
  const out: Working[] = [];
  for (const line of lines) {
    const marked = markdownPrice(line);
    const base = Math.min(line.staffPrice ?? line.price, line.price, marked);
    let rest = line.count;
    while (rest > 0) {
      let best: { rule: PricingRule; price: number } | undefined;
      for (const rule of rules) {
        const price = unitPriceBy(rule, line);
        const units = left.get(rule.id);
        if (price === undefined || price >= base || units === 0) continue;
        if (rule.amountLeft !== null && spent.get(rule.id)! + (base - price) > rule.amountLeft) continue;
        if (!best || price < best.price) best = { rule, price };
      }
      if (!best) {
        out.push(working(line, rest, base, []));
        break;
      }
      const units = left.get(best.rule.id);
      const budgetUnits =
        best.rule.amountLeft === null
          ? rest
          : Math.floor((best.rule.amountLeft - spent.get(best.rule.id)!) / (base - best.price));
      const take = Math.min(rest, units ?? rest, budgetUnits);
      if (units !== null && units !== undefined) left.set(best.rule.id, units - take);
      spent.set(best.rule.id, spent.get(best.rule.id)! + take * (base - best.price));
      out.push(working(line, take, best.price, [best.rule.id]));
      note(applied, best.rule.id, 'price', (base - best.price) * take, take, null);
      rest -= take;
    }
  }
  return out;
}

/** A line's price after its markdown near expiry (the channel's price without one). */
const markdownPrice = (line: BasketLine) =>
  line.markdown ? Math.max(Math.ceil((line.price * (100 - line.markdown)) / 100), LOWEST_UNIT_PRICE) : line.price;

function working(line: BasketLine, count: number, unitPrice: number, activityIds: number[]): Working {
  const marked = markdownPrice(line);
  return {
    key: line.key,
    productId: line.productId,
    count,
    listPrice: line.price,
    unitPrice,
    amount: unitPrice * count,
    activityIds,
    couponId: null,
    pointsDiscount: 0,
    // The markdown priced it where its price is the unit's and beat the staff price (no activity did better).
    markdown:
      !activityIds.length && marked < line.price && marked === unitPrice && marked < (line.staffPrice ?? Infinity)
        ? line.markdown!
        : 0,
    staffPriced: line.staffPrice !== null && line.staffPrice < line.price && line.staffPrice <= marked,
  };
}

function note(
  applied: Applied[],
  activityId: number,
  lane: Lane,
  discount: number,
  units: number,
  couponId: number | null,
) {
  const had = applied.find((a) => a.activityId === activityId && a.couponId === couponId);
  if (had) {
    had.discount += discount;
    had.units += units;
  } else applied.push({ activityId, lane, discount, units, couponId });
}

/**
 * Takes `discount` off `lines` in proportion to what each pays (largest
 * remainders, so the fen add up), never below the lowest unit price; what
 * cannot be taken is not given. Answers what was taken.
 */
function spread(lines: Working[], discount: number): number {
  const room = lines.map((l) => Math.max(0, l.amount - l.count * LOWEST_UNIT_PRICE));
  const total = room.reduce((a, b) => a + b, 0);
  const wanted = Math.min(discount, total);
  if (wanted <= 0) return 0;
  const exact = room.map((r) => (r * wanted) / total);
  const taken = exact.map(Math.floor);
  let rest = wanted - taken.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    if (taken[i]! < room[i]!) {
      taken[i]! += 1;
      rest -= 1;
    }
  }
  lines.forEach((l, i) => (l.amount -= taken[i]!));
  return wanted - rest;
}

/** What a basket rule would take off `lines` (before spreading it). */
function basketDiscount(rule: PricingRule, lines: readonly Working[]): number {
  const mine = lines.filter((l) => covers(rule, l.productId));
  const total = mine.reduce((s, l) => s + l.amount, 0);
  const units = mine.reduce((s, l) => s + l.count, 0);
  let off = 0;
  if (rule.type === 'fullReduction' && rule.threshold !== null && rule.reduction !== null && total >= rule.threshold)
    off = rule.reduction;
  if (rule.type === 'teamDiscount' && rule.rate !== null && units >= (rule.minUnits ?? 2))
    off = total - Math.ceil((total * rule.rate) / 100);
  return rule.amountLeft === null ? off : off <= rule.amountLeft ? off : 0;
}

/** The lines a coupon may touch: those of its products. */
const couponLines = (coupon: HeldCoupon, lines: readonly Working[]) =>
  coupon.products ? lines.filter((l) => coupon.products!.includes(l.productId)) : [...lines];

/** A coupon's discount on `lines`, and the line it lands on (exchange, fixed price) or none (reduction: spread over its lines). */
function couponDiscount(coupon: HeldCoupon, lines: readonly Working[]): { off: number; line?: Working } {
  const mine = couponLines(coupon, lines);
  if (coupon.type === 'reduction') {
    // The threshold counts its own products' lines only, as a spend-and-save activity's does (`basketDiscount`).
    const total = mine.reduce((s, l) => s + l.amount, 0);
    return total >= coupon.threshold && total > 0 ? { off: coupon.amount } : { off: 0 };
  }
  let best: { off: number; line?: Working } = { off: 0 };
  for (const line of mine) {
    // A unit's share of what the line pays now (rounded down: never more than one unit's worth).
    const unit = Math.floor(line.amount / line.count);
    const off = coupon.type === 'exchange' ? unit : Math.max(0, unit - Math.max(coupon.amount, LOWEST_UNIT_PRICE));
    if (off > best.off) best = { off, line };
  }
  return best;
}

function priceWith(input: PricingInput, rules: readonly PricingRule[]): Priced {
  const applied: Applied[] = [];
  const lane = (l: Lane) => rules.filter((r) => LANE_OF[r.type] === l);
  const lines = priceLane(input.lines, lane('price'), applied);
  // Lane basket: the rule that takes most off what lane price left.
  let basket: { rule: PricingRule; off: number } | undefined;
  for (const rule of lane('basket')) {
    const off = basketDiscount(rule, lines);
    if (off > 0 && (!basket || off > basket.off)) basket = { rule, off };
  }
  if (basket) {
    const mine = lines.filter((l) => covers(basket.rule, l.productId));
    const taken = spread(mine, basket.off);
    if (taken > 0) {
      for (const l of mine) l.activityIds.push(basket.rule.id);
      note(applied, basket.rule.id, 'basket', taken, 1, null);
    }
  }
  // Lane coupon: the chosen coupon, or the best held one whose activity may price now.
  const live = new Set(lane('coupon').map((r) => r.id));
  const coupons = input.coupons.filter(
    (c) => live.has(c.activityId) && (input.couponId === undefined || c.id === input.couponId),
  );
  let best: { coupon: HeldCoupon; off: number; line?: Working } | undefined;
  for (const coupon of coupons) {
    const found = couponDiscount(coupon, lines);
    if (found.off > 0 && (!best || found.off > best.off)) best = { coupon, ...found };
  }
  if (best) {
    const { coupon } = best;
    let taken: number;
    if (best.line) {
      // One unit of the line: an exchange gives it away (0 fen), a fixed price sells it at the coupon's amount.
      const line = best.line;
      taken = best.off;
      line.amount -= taken;
      line.couponId = coupon.id;
      line.activityIds.push(coupon.activityId);
    } else {
      const mine = couponLines(coupon, lines);
      taken = spread(mine, best.off);
      for (const l of mine) {
        l.couponId = coupon.id;
        l.activityIds.push(coupon.activityId);
      }
    }
    if (taken > 0) note(applied, coupon.activityId, 'coupon', taken, 1, coupon.id);
  }
  const points = input.points ? payWithPoints(lines, input.points) : { used: 0, discount: 0 };
  const listTotal = input.lines.reduce((s, l) => s + l.price * l.count, 0);
  return {
    lines: lines.map(({ staffPriced: _, ...l }) => l),
    applied: applied.filter((a) => a.discount > 0),
    listTotal,
    total: lines.reduce((s, l) => s + l.amount, 0),
    staffPriced: lines.some((l) => l.staffPriced),
    points,
  };
}

/**
 * Lane `points`: as much of what is left as the member's points are worth, within the tenant's share of it,
 * spread over the lines (never below the lowest unit price). The points it takes are the fen taken at the rate,
 * rounded up — never more than the member holds, since what they are worth was rounded down.
 */
function payWithPoints(lines: Working[], pay: PointsPay): { used: number; discount: number } {
  const total = lines.reduce((s, l) => s + l.amount, 0);
  const worth = Math.floor((pay.balance * 100) / pay.perYuan);
  const wanted = Math.min(worth, Math.floor((total * pay.maxPercent) / 100));
  if (wanted <= 0) return { used: 0, discount: 0 };
  const before = lines.map((l) => l.amount);
  const discount = spread(lines, wanted);
  lines.forEach((l, i) => (l.pointsDiscount = before[i]! - l.amount));
  return { used: Math.ceil((discount * pay.perYuan) / 100), discount };
}

/** Prices a basket (see the conflict rule above). */
export function priceBasket(input: PricingInput): Priced {
  const live = input.rules.filter((r) => ruleApplies(r, input.customer, input.at, input.platform));
  let best = priceWith(
    input,
    live.filter((r) => !r.exclusive),
  );
  for (const rule of live.filter((r) => r.exclusive)) {
    const alone = priceWith(input, [rule]);
    if (alone.total < best.total) best = alone;
  }
  return best;
}

/** An activity not saved yet (the form's draft, a dry run's) as the engine sees it: no uses, so its whole limits and budget left. */
export function draftPricingRule(a: ActivityRule, id: number, grades: readonly number[] | null = null): PricingRule {
  const limit = a.purchaseLimit && a.purchaseLimit.period !== 'unlimited' ? (a.purchaseLimit.count ?? 0) : null;
  return {
    id,
    type: a.type,
    exclusive: a.exclusive,
    products: new Map(a.products.map((p) => [p.productId, p.price ?? null])),
    rate: a.rate ?? null,
    minUnits: a.minUnits ?? null,
    threshold: a.threshold ?? null,
    reduction: a.reduction ?? null,
    crowd: a.crowd === 'everyone' ? { kind: 'everyone' } : { kind: a.crowd, groups: a.groupIds },
    grades,
    newUserOnly: a.newUserOnly,
    weekdays: a.weekdays ?? null,
    hours: a.hours ?? null,
    platforms: a.platforms ?? null,
    unitsLeft: limit,
    usable: true,
    amountLeft: a.budgetAmount ?? null,
  };
}
