/**
 * The hash chain of the operation log. A record's hash is SHA-256 over the
 * previous record's hash in its chain and the record's own fields in one
 * canonical JSON (keys sorted at every depth: jsonb gives its keys back in
 * its own order, so the writer and the verifier must agree on one). Appends
 * to a chain take turns under a transaction's advisory lock on the chain:
 * the previous record read is the last committed one, and ids in a chain
 * rise in the order the records were committed.
 */
import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { opRecords } from './schema.js';

/** The lock appends to a chain take turns under (a constant of the project's own, with the chain). */
const CHAIN_LOCK = 7_301_064;

/** The hash a chain starts from. */
export const GENESIS = '0'.repeat(64);

export type OpRecordRow = typeof opRecords.$inferSelect;
/** What a record says, as hashed: every column but its id and the two hashes. */
export type RecordFields = Omit<OpRecordRow, 'id' | 'prevHash' | 'hash'>;

/** JSON with object keys sorted at every depth. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The fields a hash covers, in one shape whether read back from the table or about to be written. */
export const hashedFields = (r: RecordFields) => ({
  at: r.at.toISOString(),
  chain: r.chain,
  kind: r.kind,
  op: r.op,
  userId: r.userId,
  username: r.username,
  role: r.role,
  tenantId: r.tenantId,
  tokenId: r.tokenId,
  install: r.install,
  address: r.address,
  targets: r.targets,
  input: r.input,
  reason: r.reason,
  result: r.result,
});

export const hashOf = (prevHash: string, r: RecordFields): string =>
  createHash('sha256')
    .update(prevHash)
    .update(canonical(hashedFields(r)))
    .digest('hex');

/** Appends a record to its chain, inside the caller's transaction. */
export async function append(tx: Queryable, fields: Omit<RecordFields, 'at'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK}, ${fields.chain})`);
  const [last] = await tx
    .select({ hash: opRecords.hash })
    .from(opRecords)
    .where(eq(opRecords.chain, fields.chain))
    .orderBy(desc(opRecords.id))
    .limit(1);
  // A millisecond's time: the column keeps it exactly, so the hash is over what the table gives back.
  const record: RecordFields = { ...fields, at: new Date() };
  const prevHash = last?.hash ?? GENESIS;
  await tx.insert(opRecords).values({ ...record, prevHash, hash: hashOf(prevHash, record) });
}
