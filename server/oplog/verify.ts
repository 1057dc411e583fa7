/**
 * Walks each chain of the operation log in id order and names the first
 * record that does not hold: its hash is not of its own fields (altered),
 * or the hash it carries of the one before is not that one's (a record
 * removed before it, or slipped in out of order). A chain whose oldest
 * months left under the retention starts from its anchor. `npm run oplog:verify`.
 */
import { asc, eq, gt, and, sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { GENESIS, hashOf } from './chain.js';
import { opAnchors, opRecords } from './schema.js';

export interface Broken {
  chain: number;
  id: number;
  at: string;
  op: string;
  problem: 'altered' | 'out of order';
}

const PAGE = 5_000;

/** The first broken record of each chain (all chains, or these), and how many records were read. */
export async function verifyChains(
  db: Queryable,
  chains?: readonly number[],
): Promise<{ records: number; broken: Broken[] }> {
  const all =
    chains ??
    (await rowsOf<{ chain: number }>(db, sql`select distinct chain from ${opRecords} order by chain`)).map(
      (r) => r.chain,
    );
  const anchors = new Map((await db.select().from(opAnchors)).map((a) => [a.chain, a]));
  const broken: Broken[] = [];
  let records = 0;
  for (const chain of all) {
    // A chain whose oldest months were detached goes on from its anchor (months.ts).
    let prev = anchors.get(chain)?.lastHash ?? GENESIS;
    let after = anchors.get(chain)?.lastId ?? 0;
    walk: for (;;) {
      const page = await db
        .select()
        .from(opRecords)
        .where(and(eq(opRecords.chain, chain), gt(opRecords.id, after)))
        .orderBy(asc(opRecords.id))
        .limit(PAGE);
      for (const r of page) {
        records++;
        const problem =
          r.prevHash !== prev
            ? ('out of order' as const)
            : r.hash !== hashOf(r.prevHash, r)
              ? ('altered' as const)
              : null;
        if (problem) {
          broken.push({ chain, id: r.id, at: r.at.toISOString(), op: r.op, problem });
          break walk;
        }
        prev = r.hash;
        after = r.id;
      }
      if (page.length < PAGE) break;
    }
  }
  return { records, broken };
}
