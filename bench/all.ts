/**
 * `npm run bench`: every bench, each in its own process, whatever the one
 * before it found — a missed budget in the first no longer hides the rest's
 * figures — then the misses of all of them together; non-zero when any missed.
 */
import { spawnSync } from 'node:child_process';

const BENCHES: readonly [string, string][] = [
  ['sign-in', 'tsx bench/sign-in.ts'],
  ['products', 'tsx bench/products.ts'],
  ['devices', 'tsx bench/devices.ts'],
  ['orders', 'tsx bench/orders.ts'],
  ['billing', 'tsx bench/billing.ts'],
  ['callbacks', 'tsx bench/callbacks.ts'],
  ['imports', 'tsx bench/imports.ts'],
  ['members', 'tsx bench/members.ts'],
  ['groups', 'tsx bench/groups.ts'],
  ['activities', 'tsx bench/activities.ts'],
  ['firmware', 'tsx bench/firmware.ts'],
  ['price', 'tsx bench/price.ts'],
  ['shares', 'tsx bench/shares.ts'],
  ['books', 'tsx bench/books.ts'],
  ['oplog', 'tsx bench/oplog.ts'],
  ['browser', 'npm run bench:browser'],
];

const missed: string[] = [];
for (const [name, command] of BENCHES) {
  console.log(`\n── bench: ${name} ──`);
  const run = spawnSync(command, { stdio: 'inherit', shell: true });
  if (run.status !== 0) missed.push(name);
}
if (missed.length) {
  console.error(
    `\nbench: budgets missed (or the bench failed) in ${missed.join(', ')}; each one's misses are printed above it`,
  );
  process.exit(1);
}
console.log('\nbench: every budget met');
