/**
 * `npm run seed -- --orders N [--days D]`: adds N orders (default 100 000)
 * spread over the last D days (default 365) to the upstream's database —
 * DATABASE_URL, by default the demo's ./.data/upstream — in bulk
 * (server/order/seed.ts). An empty database gets the demo data first, so
 * the orders have tenants, machines and products to belong to. Stop the
 * upstream first when the database is PGlite on disk (one process at a time).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/index.js';
import { loadDemoData } from '../server/domains.js';
import { seedOrders } from '../server/order/index.js';

const { values } = parseArgs({
  options: { orders: { type: 'string', default: '100000' }, days: { type: 'string', default: '365' } },
});
const count = Number(values.orders);
const days = Number(values.days);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(days) || days < 1) {
  console.error('usage: npm run seed -- --orders N [--days D]   (N, D positive whole numbers)');
  process.exit(1);
}
const url = process.env.DATABASE_URL || './.data/upstream';
const database = await openDatabase(url);
try {
  if (await loadDemoData(database.db)) console.log('empty database: demo data loaded');
  const started = performance.now();
  const made = await seedOrders(database.db, { count, days, now: Date.now() });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `seed: ${made} orders over ${days} days in ${seconds.toFixed(1)} s (${Math.round(made / seconds)} orders/s) into ${url.replace(/\/\/[^@/]*@/, '//***@')}`,
  );
  if (made === 0) process.exitCode = 1;
} finally {
  await database.close();
}
