/**
 * The months orders are kept in (server/order/schema.ts): each month's table
 * is made ahead of the orders it will hold, by `order_months_ensure` (the
 * migration 0057_orders_by_month.sql defines it). An order outside every
 * month made lands in `orders_default` and moves to its month when that is
 * made; nothing is refused for want of a month.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';

/** Months made ahead of now: the hourly check has three months of slack, so a stopped upstream or a failing check has time to be noticed. */
export const MONTHS_AHEAD = 3;

/** Makes the missing months from `first`'s to `last`'s (by default this one to three ahead); answers how many it made. */
export async function ensureOrderMonths(db: Queryable, first: Date = new Date(), last?: Date): Promise<number> {
  const until = last ?? new Date(first.getTime());
  if (!last) until.setUTCMonth(until.getUTCMonth() + MONTHS_AHEAD);
  const [row] = await rowsOf<{ made: number }>(
    db,
    sql`select order_months_ensure(${first.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz) as made`,
  );
  return row!.made;
}
