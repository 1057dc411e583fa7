/**
 * `npm run rollup -- --rebuild [--from YYYY-MM-DD] [--to YYYY-MM-DD]`:
 * recomputes the sales rollups (server/order/rollup.ts) of those business
 * days — widened to whole months — from the orders and refunds, in the
 * upstream's database (DATABASE_URL, by default the demo's ./.data/upstream;
 * stop the upstream first when it is PGlite on disk). For repair: the
 * rollups are kept exact as sales and refunds happen. Idempotent.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/index.js';
import { rebuildRollups } from '../server/order/index.js';
// The refunds' share of the rollups comes through the order domain's port: loading the list wires every port.
import '../server/domains.js';
import { isIsoDate } from '../shared/format.js';

const { values } = parseArgs({
  options: { rebuild: { type: 'boolean' }, from: { type: 'string' }, to: { type: 'string' } },
});
const bad = (d: string | undefined) => d !== undefined && !isIsoDate(d);
if (!values.rebuild || bad(values.from) || bad(values.to) || (values.from && values.to && values.from > values.to)) {
  console.error('usage: npm run rollup -- --rebuild [--from YYYY-MM-DD] [--to YYYY-MM-DD]');
  process.exit(1);
}
const url = process.env.DATABASE_URL || './.data/upstream';
const database = await openDatabase(url);
try {
  const started = performance.now();
  const done = await rebuildRollups(database.db, { from: values.from, to: values.to });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `rollup: ${done.rows} rows rebuilt from ${done.from ?? 'the first order'} to ${done.to ?? 'now'} in ${seconds.toFixed(1)} s`,
  );
} finally {
  await database.close();
}
