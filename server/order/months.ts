/**
 * The months orders are kept in (server/order/schema.ts): each month's table
 * is made ahead of the orders it will hold, by `order_months_ensure` (the
 * migration 0057_orders_by_month.sql defines it). An order outside every
 * month made lands in `orders_default` and moves to its month when that is
 * made; nothing is refused for want of a month.
 */
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { orders } from './schema.js';
import type { Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';

/**
 * One order, named with its time as well, so that the plan reads its month
 * alone: by id only it probes every month's primary key (1.5–2 ms of
 * planning at 17 months, docs/domains/order.md#by-month). A Date keeps
 * milliseconds and the column microseconds: the time is a millisecond's range.
 */
export const orderAt = (id: number, createdAt: Date): SQL =>
  and(eq(orders.id, id), gte(orders.createdAt, createdAt), lt(orders.createdAt, new Date(createdAt.getTime() + 1)))!;

/** The same over the alias `o` of raw SQL. */
export const orderAtSql = (id: number, createdAt: Date): SQL =>
  sql`o.id = ${id} and o.created_at >= ${createdAt.toISOString()}::timestamptz
    and o.created_at < ${new Date(createdAt.getTime() + 1).toISOString()}::timestamptz`;

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
