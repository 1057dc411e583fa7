/**
 * The months records are kept in: made ahead as the orders' are
 * (server/order/months.ts), by `oplog_months_ensure` of migration 0064; and,
 * past the retention (OPLOG_RETENTION_MONTHS, default 36: three years, the
 * horizon of the personal-information and tax rules; docs/operations.md),
 * detached whole — kept as a table of its own to dump and drop, never
 * deleted row by row. Each chain's last record in a detached month becomes
 * its anchor, where the walk of the chain starts from then on.
 */
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { envInteger } from '../manifest.js';

export async function ensureOplogMonths(db: Queryable, first: Date = new Date(), last?: Date): Promise<number> {
  const until = last ?? new Date(first.getTime());
  if (!last) until.setUTCMonth(until.getUTCMonth() + 3);
  const [row] = await rowsOf<{ made: number }>(
    db,
    sql`select oplog_months_ensure(${first.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz) as made`,
  );
  return row!.made;
}

export const retentionMonths = () => envInteger(process.env, 'OPLOG_RETENTION_MONTHS', 1, 36);

/** Detaches the months that ended more than `months` ago (oldest first); answers their tables' names. */
export async function detachOldMonths(db: Db, months = retentionMonths(), now = new Date()): Promise<string[]> {
  const cut = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const old = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'op_records'::regclass and c.relname ~ '^op_records_[0-9]{4}_[0-9]{2}$'
        and to_date(substr(c.relname, 12), 'YYYY_MM') < (${cut.toISOString()}::timestamptz at time zone 'UTC')::date
      order by c.relname`,
  );
  for (const { name } of old)
    await db.transaction(async (tx) => {
      const month = sql.identifier(name);
      await tx.execute(sql`insert into op_anchors (chain, last_id, last_hash)
        select distinct on (chain) chain, id, hash from ${month} order by chain, id desc
        on conflict (chain) do update set last_id = excluded.last_id, last_hash = excluded.last_hash
        where op_anchors.last_id < excluded.last_id`);
      await tx.execute(sql`alter table op_records detach partition ${month}`);
    });
  return old.map((o) => o.name);
}
