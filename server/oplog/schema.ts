/**
 * The operation log: one record per change made through the API table, in
 * the transaction of the change (server/oplog/record.ts), and per sign-in,
 * sign-out and export. Each chain (a tenant's records; the platform's
 * under 0) is a hash chain: a record carries the hash of the one before it
 * in its chain, so a record altered, removed or slipped in out of order is
 * found by `npm run oplog:verify` (server/oplog/verify.ts).
 *
 * Partitioned by month of `at` like the orders (migration 0064 makes the
 * table and `oplog_months_ensure`); the upstream never updates or deletes a
 * record (a trigger refuses both), and older months are detached as a whole
 * when the retention passes (docs/operations.md).
 */
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One target an operation named: an entity (`ref('order')`) and its id, with its fields before and after. */
export interface OpTarget {
  entity: string;
  id: number;
  /** The fields that changed (secrets as "changed"); absent when the row was not read (beyond the first few). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export const opRecords = pgTable(
  'op_records',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The chain: the tenant the change is of (the actor's, or the target's for the platform acting for one); 0 the platform's. */
    chain: integer('chain').notNull(),
    /** The kind of record: an operation of the table, a sign-in and its failures, a sign-out, an export. */
    kind: text('kind').notNull(),
    /** The operation's id of the API table (`refund.create`), or the sign-in's (`account.login`). */
    op: text('op').notNull(),
    userId: integer('user_id'),
    username: text('username').notNull().default(''),
    role: text('role').notNull().default(''),
    /** The actor's own tenant (null: the platform). */
    tenantId: integer('tenant_id'),
    /** The session's token, the install (`x-install-id`) and the address it came from. */
    tokenId: integer('token_id'),
    install: text('install').notNull().default(''),
    address: text('address').notNull().default(''),
    targets: jsonb('targets').$type<OpTarget[]>().notNull().default([]),
    /** What the request asked, with secrets as "changed" and files left out. */
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    reason: text('reason').notNull().default(''),
    /** 0: done; otherwise the code it was refused with. */
    result: integer('result').notNull().default(0),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    index('op_records_chain_idx').on(t.chain, t.id),
    index('op_records_at_idx').on(t.at),
    // A target's history (`targets @> [{ entity, id }]`: an order's page) without reading the chain's every record.
    index('op_records_targets_idx').using('gin', t.targets.op('jsonb_path_ops')),
  ],
);

/**
 * Where a chain goes on after its oldest months were detached (the retention,
 * server/oplog/months.ts): the last record of the chain in them. The walk
 * starts from here rather than from the chain's first hash.
 */
export const opAnchors = pgTable('op_anchors', {
  chain: integer('chain').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  lastHash: text('last_hash').notNull(),
});
