/**
 * `npm run bench`: every bench, each in its own process, whatever the one
 * before it found — a missed budget in the first no longer hides the rest's
 * figures — then the misses of all of them together; non-zero when any missed.
 * `npm run bench -- callbacks groups` runs only the benches named.
 *
 * With BENCH_DATABASE_URL each bench gets a database of its own on that
 * server, made before it starts and dropped after it ends: a bench that ran on
 * a database an earlier one had filled measured that one's leftovers (a
 * firmware rollout over another bench's 200 000 jobs never ended). The
 * upstream on PostgreSQL seals payment and callback secrets, so a bench gets a
 * SECRETS_KEY of its own when none is set.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
  ['reconciliation', 'tsx bench/reconciliation.ts'],
  ['oplog', 'tsx bench/oplog.ts'],
  ['wallet', 'tsx bench/wallet.ts'],
  ['grades', 'tsx bench/grades.ts'],
  ['fresh', 'tsx bench/fresh.ts'],
  ['shrink', 'tsx bench/shrink.ts'],
  ['browser', 'npm run bench:browser'],
];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !BENCHES.some(([known]) => known === name));
if (unknown.length) {
  console.error(`bench: no bench named ${unknown.join(', ')}; the benches are ${BENCHES.map(([n]) => n).join(', ')}`);
  process.exit(2);
}
const chosen = asked.length ? BENCHES.filter(([name]) => asked.includes(name)) : BENCHES;

const serverUrl = process.env.BENCH_DATABASE_URL;
const secretsKey = process.env.SECRETS_KEY ?? randomBytes(32).toString('base64');

/** Runs one statement on the server's maintenance connection (the database BENCH_DATABASE_URL names). */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database of the bench's own under BENCH_DATABASE_URL's server: its address. */
async function ownDatabase(name: string): Promise<string> {
  const database = `bench_${name.replace(/\W/g, '_')}_${process.pid}`;
  await onServer(`DROP DATABASE IF EXISTS ${database}`);
  await onServer(`CREATE DATABASE ${database}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}

const missed: string[] = [];
for (const [name, command] of chosen) {
  console.log(`\n── bench: ${name} ──`);
  const env: NodeJS.ProcessEnv = { ...process.env, SECRETS_KEY: secretsKey };
  const database = serverUrl ? await ownDatabase(name) : undefined;
  if (database) env.BENCH_DATABASE_URL = database;
  const run = spawnSync(command, { stdio: 'inherit', shell: true, env });
  if (database) await onServer(`DROP DATABASE IF EXISTS ${new URL(database).pathname.slice(1)} WITH (FORCE)`);
  if (run.status !== 0) missed.push(name);
}
if (missed.length) {
  console.error(
    `\nbench: budgets missed (or the bench failed) in ${missed.join(', ')}; each one's misses are printed above it`,
  );
  process.exit(1);
}
console.log('\nbench: every budget met');
