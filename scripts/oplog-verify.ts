/**
 * `npm run oplog:verify`: walks every chain of the operation log
 * (server/oplog/verify.ts) on the upstream's database (DATABASE_URL, by
 * default the demo's ./.data/upstream; stop the upstream first when it is
 * PGlite on disk) and names the first record of each chain that was altered,
 * removed before, or slipped in out of order. Exit 1 on any.
 */
import { openDatabase } from '../server/db/index.js';
import { verifyChains } from '../server/oplog/index.js';

const url = process.env.DATABASE_URL || './.data/upstream';
const database = await openDatabase(url);
try {
  const started = performance.now();
  const { records, broken } = await verifyChains(database.db);
  for (const b of broken)
    console.log(
      `chain ${b.chain}: record ${b.id} (${b.op}, ${b.at}) ${b.problem === 'altered' ? 'was altered' : 'does not follow the record before it: one was removed or slipped in'}`,
    );
  console.log(
    `oplog: ${records} record(s) walked in ${((performance.now() - started) / 1000).toFixed(1)} s, ${broken.length} chain(s) broken`,
  );
  process.exitCode = broken.length ? 1 : 0;
} finally {
  await database.close();
}
