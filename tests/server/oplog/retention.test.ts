/**
 * The operation log's months: a record lands in its month's table; months
 * past the retention are detached whole (never deleted row by row), and a
 * chain then walks on from its anchor — its last record in them — so the
 * walk still finds nothing broken, and still finds a record altered after.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  appendRecord,
  detachOldMonths,
  ensureOplogMonths,
  hashOf,
  opRecords,
  verifyChains,
} from '../../../server/oplog/index.js';
import { GENESIS } from '../../../server/oplog/chain.js';
import { rowsOf } from '../../../server/db/sql.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp([]);
const CHAIN = 990_001;
const fields = (op: string) => ({
  chain: CHAIN,
  kind: 'operation',
  op,
  userId: null,
  username: 'tenant1',
  role: 'tenant',
  tenantId: null,
  tokenId: null,
  install: '',
  address: '127.0.0.1',
  targets: [],
  input: {},
  reason: '',
  result: 0,
});

describe('the months of the operation log', () => {
  it('detaches the months past the retention whole; the chain walks on from its anchor', async () => {
    await ensureOplogMonths(t.db, new Date('2019-01-01T00:00:00Z'), new Date('2019-02-28T00:00:00Z'));
    let prev = GENESIS;
    for (const [op, at] of [
      ['point.update', '2019-01-15T02:00:00Z'],
      ['point.delete', '2019-02-10T02:00:00Z'],
    ] as const) {
      const record = { ...fields(op), at: new Date(at) };
      const hash = hashOf(prev, record);
      await t.db.insert(opRecords).values({ ...record, prevHash: prev, hash });
      prev = hash;
    }
    await t.db.transaction((tx) => appendRecord(tx, fields('point.create')));
    const tables = await rowsOf<{ name: string }>(
      t.db,
      sql`select tableoid::regclass::text as name from ${opRecords} where chain = ${CHAIN} order by id`,
    );
    expect(tables.map((r) => r.name).slice(0, 2)).toEqual(['op_records_2019_01', 'op_records_2019_02']);
    expect((await verifyChains(t.db, [CHAIN])).broken).toEqual([]);

    expect(await detachOldMonths(t.db, 36)).toEqual(['op_records_2019_01', 'op_records_2019_02']);
    const left = await t.db.select().from(opRecords).where(eq(opRecords.chain, CHAIN));
    expect(left.map((r) => r.op)).toEqual(['point.create']);
    expect(await verifyChains(t.db, [CHAIN])).toEqual({ records: 1, broken: [] });

    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(opRecords).set({ username: 'someone' }).where(eq(opRecords.chain, CHAIN));
    });
    expect((await verifyChains(t.db, [CHAIN])).broken).toEqual([
      expect.objectContaining({ id: left[0]!.id, problem: 'altered' }),
    ]);
  });
});
