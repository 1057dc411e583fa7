/** What the order domain needs from the domains built on it (server/ports.ts): how a sale is priced, and by what. */
import type { BasketLine, PricedLine } from '../../shared/common/basket.js';
import type { SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/index.js';
import { port } from '../../shared/ports.js';

/** A machine's sale as the pricing step takes it: the engine's own basket lines (shared/activity/engine.ts), not a copy. */
export interface SaleBasket {
  tenantId: number;
  deviceId: number;
  memberId: number | null;
  staffId: number | null;
  platform: string;
  couponId: number | null;
  /** The member pays part with its points (the pricing engine's lane `points`). */
  usePoints: boolean;
  /** Per channel (`key`): the channel's price of one unit, and a staff buyer's price (null: not a staff buyer). */
  lines: BasketLine[];
}
/** The sale priced: the engine's lines (a purchase limit may split one), and the uses to record once the order exists. */
export interface PricedSale {
  lines: PricedLine[];
  /** The member's points that pay part of it: spent by the sale (0: none). */
  pointsUsed: number;
  record: (orderId: number) => Promise<void>;
}
/** A device's prices in an older price version, per channel, and whether it left that version too long ago to sell at it. */
export interface VersionPrices {
  stale: boolean;
  prices: ReadonlyMap<number, { price: number; customerStaffPrice: number }>;
}

/** Prices a sale's basket inside its transaction (the activity domain): the order domain sells, the activity domain decides prices. */
export const salePricing = port<(tx: Tx, basket: SaleBasket) => Promise<PricedSale>>('order.salePricing');
/** The names of activities by id, in id order (the activity domain): what priced an order's lines. */
export const activityNames =
  port<(db: Queryable, ids: readonly number[]) => Promise<{ id: number; name: string; tenantId: number }[]>>(
    'order.activityNames',
  );
/** A device's prices in an older price version, for a sale stamped with it (the price domain). */
export const pricesAt = port<(tx: Tx, deviceId: number, version: number) => Promise<VersionPrices>>('order.pricesAt');

/**
 * What the refund domain, built on orders, keeps that the sales rollups and their seeds need: its successful
 * refunds as rollup rows, and the refunds of seeded orders written. `where` is SQL over `r` (a refund) and `o`
 * (its order): `r.id = …`, `r.order_id between …`, `o.tenant_id in …`.
 */
export interface RefundRows {
  /** Successful refunds as their order's row gives back (product 0), at the time each settled. */
  settled: (where: SQL) => SQL;
  /** The same and, per refunded line, its product's row: what a refund takes off every rollup. */
  contributions: (where: SQL) => SQL;
  /** The seeded orders `first`…`last` marked refunded get their refunds, settled 20 minutes after the sale (before `until`). */
  seed: (db: Queryable, first: number, last: number, until: string) => Promise<void>;
}
export const refundRows = port<RefundRows>('order.refundRows');

export const orderPorts = [salePricing, activityNames, pricesAt, refundRows] as const;
