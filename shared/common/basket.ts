/**
 * A basket and its priced lines: what the order domain's sale hands the
 * pricing engine (shared/activity/engine.ts) and takes back. Here, below
 * both, so the sale's port (server/db/provided.ts `salePricing`) and the
 * engine use one type rather than two copies that could drift apart.
 */

export interface BasketLine {
  /** The caller's key (the channel). */
  key: number;
  productId: number;
  count: number;
  /** The channel's price of one unit: the undiscounted price. */
  price: number;
  /** A staff buyer's price of one unit (null: not a staff buyer, or no staff price). */
  staffPrice: number | null;
  /** Percent off the channel's price for goods near their expiry (fresh food's markdown); absent or 0: none. */
  markdown?: number | undefined;
}

export interface PricedLine {
  key: number;
  productId: number;
  count: number;
  /** The undiscounted unit price, and the unit price after lane `price`. */
  listPrice: number;
  unitPrice: number;
  /** What the line pays in all, after every lane. */
  amount: number;
  /** The activities that lowered it, in lane order, and the coupon. */
  activityIds: number[];
  couponId: number | null;
  /** Fen of `amount`'s discount that points paid (lane `points`); 0 when none did. */
  pointsDiscount: number;
  /** The markdown (percent off) that gave the unit price, where it beat the staff price and every product activity; 0 otherwise. */
  markdown: number;
}
