/**
 * Pieces of SQL the bulk seeds share (seed.ts, seed-linked.ts): when an
 * order was drawn to be made, its number, and what the seeds leave behind.
 */
import { BUSINESS_ZONE } from '../db/sql.js';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';

/**
 * A random instant on one of the `days` China-time days up to `until`, from
 * 07:00 for `hours` hours (a machine's business day). Today's hours still to
 * come fall on the day before: no order from the future, no heap of them at
 * this minute. Names the instant `created_at`; reads `p.drawn` from a CTE
 * whose column is `drawnAt(…)`.
 */
export const drawnAt = (until: string, days: number, hours: number): SQL =>
  sql`((date_trunc('day', ${until}::timestamptz at time zone ${BUSINESS_ZONE}) - floor(random() * ${days}) * interval '1 day'
    + interval '7 hours' + random() * ${`${hours} hours`}::interval) at time zone ${BUSINESS_ZONE})`;
export const notInFuture = (until: string): SQL =>
  sql`case when p.drawn > ${until}::timestamptz then p.drawn - interval '1 day' else p.drawn end as created_at`;

/** An order's number: its China-time minute and the running number (shared/order ORDER_LIST.numberLength). */
export const orderNumber = (createdAt: SQL): SQL =>
  sql`to_char(${createdAt} at time zone ${BUSINESS_ZONE}, 'YYYYMMDDHH24MI') || to_char(nextval('order_number_seq') % 100000000, 'FM00000000')`;

/** Rows an insert made, as either driver says it. */
export const affectedRows = (result: unknown): number =>
  Number((result as { rowCount?: number | null }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0);

/** Explicit ids went past the identity: the machines' next sales number on from the last. */
export const resumeOrderIds = (db: Queryable) =>
  db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), greatest((select max(id) from orders), 1))`);
