/**
 * The months a fridge's temperature readings are kept in
 * (server/fresh/schema.ts `freshTemperatures`): made ahead as the orders'
 * are (server/order/months.ts), by `fresh_temperature_months_ensure` of
 * migration 0095. A reading outside every month made lands in the default
 * table and moves to its month when that is made. Old months are not
 * detached: a health inspector may ask for any day the fridge ran (the
 * operator drops a month's table by hand once the rules let it go).
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';

/** Makes the missing months from `first`'s to `last`'s (by default last month's to three ahead: a fridge's backlog may reach back a month). */
export async function ensureTemperatureMonths(db: Queryable, first?: Date, last?: Date): Promise<number> {
  const from = first ?? new Date(Date.now() - 31 * 86_400_000);
  const until = last ?? new Date(Date.now());
  if (!last) until.setUTCMonth(until.getUTCMonth() + 3);
  const [row] = await rowsOf<{ made: number }>(
    db,
    sql`select fresh_temperature_months_ensure(${from.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz) as made`,
  );
  return row!.made;
}
