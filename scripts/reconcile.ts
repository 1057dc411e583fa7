/**
 * `npm run reconcile [-- --tenant <id>]`: every domain's book checks
 * (docs/domains/books.md) on the upstream's database (DATABASE_URL, by default the
 * demo's ./.data/upstream; stop the upstream first when it is PGlite on
 * disk), each difference printed; exit 1 on any. Reads only.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/index.js';
import '../server/domains.js';
import { reconcile } from '../server/books/index.js';

const { values } = parseArgs({ options: { tenant: { type: 'string', multiple: true } } });
const tenants = values.tenant?.map(Number) ?? null;
if (tenants?.some((n) => !Number.isInteger(n) || n <= 0)) {
  console.error('usage: npm run reconcile [-- --tenant <id> …]');
  process.exit(2);
}
const url = process.env.DATABASE_URL || './.data/upstream';
const database = await openDatabase(url);
let differences = 0;
try {
  const started = performance.now();
  for (const check of await reconcile(database.db, tenants, 1_000)) {
    differences += check.differences.length;
    const state = check.differences.length ? `${check.differences.length} difference(s)` : 'balanced';
    console.log(`${check.key.padEnd(20)} ${String(check.ms).padStart(7)} ms  ${state}`);
    for (const d of check.differences)
      console.log(
        `  tenant ${d.tenantId} ${d.subject} ${d.subjectId} (${d.label}): expected ${d.expected}, found ${d.actual}`,
      );
  }
  console.log(`reconcile: ${differences} difference(s) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
process.exit(differences ? 1 : 0);
