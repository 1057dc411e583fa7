/** What the benches share: signing in to a running upstream, percentiles, and budgets that fail the run. */
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../server/account/index.js';
import { setPasswordCostForTests } from '../server/account/passwords.js';
import { startServer } from '../server/start.js';

/** The console's client credentials, as a sign-in sends them. */
export const CLIENT = `Basic ${Buffer.from('vend-console:vend-console-secret').toString('base64')}`;

/** A demo user's access token on the upstream at `url`. */
export async function signIn(url: string, username: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { ...headers, authorization: CLIENT, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await res.json()) as { access_token?: string };
  if (!token) throw new Error(`bench: ${username} could not sign in (${res.status})`);
  return token;
}

/** The value below which `p` of the sorted samples lie. */
export const at = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** The middle of the samples (the upper one of an even count). */
export const median = (xs: readonly number[]): number =>
  at(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

/** p50 and p95 in ms of `runs` calls of `run`, one after another, after `warmUp` unmeasured ones (the connection, plans and caches warm). */
export async function percentiles(
  run: () => Promise<unknown>,
  runs: number,
  warmUp: number,
): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let i = -warmUp; i < runs; i++) {
    const t0 = performance.now();
    await run();
    if (i >= 0) samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: at(samples, 0.5), p95: at(samples, 0.95) };
}

/** Collects missed budgets; `finish` prints them and sets the exit code. */
export class Budgets {
  private readonly missed: string[] = [];

  /**
   * Prints `label: figure unit (budget …)` and remembers a miss. `most`: the figure must stay at or below the
   * budget; otherwise at or above. `quiet`: printed only when missed (a bench that prints its figures itself).
   */
  check(label: string, figure: number, budget: number, unit: string, most = true, quiet = false): void {
    const ok = most ? figure <= budget : figure >= budget;
    const digits = unit === 'ms' ? 1 : unit === '×' ? 2 : 0;
    if (!quiet || !ok)
      console.log(
        `${label}: ${figure.toFixed(digits)} ${unit} (budget ${most ? '≤' : '≥'} ${budget} ${unit})${ok ? '' : '  ← MISSED'}`,
      );
    if (!ok) this.missed.push(`${label} ${figure.toFixed(digits)} ${unit}, budget ${budget}`);
  }

  finish(what: string): void {
    if (this.missed.length) {
      console.error(`bench: ${what} budgets missed:\n  ${this.missed.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log(`bench: ${what} budgets met`);
    }
  }
}

/**
 * An upstream on in-memory PGlite with the demo fleet, for the benches that
 * drive the device-facing API: no simulator (only what is measured runs),
 * cheap password hashes, and the per-device limit lifted — thousands of sales
 * from a few machines in seconds, far past a real machine's 120 a minute.
 */
export function fleetServer() {
  setPasswordCostForTests({ N: 2 ** 12, r: 8, p: 1 });
  return startServer({
    port: 0,
    databaseUrl: 'memory://',
    demoData: true,
    deviceLimit: { requests: 1_000_000, windowMs: 60_000 },
  });
}

/**
 * The demo upstream a data bench loads its own rows into, without its background work (only what is measured
 * runs) and with cheap password hashes: in-memory PGlite, or the PostgreSQL at `pgUrl` (BENCH_DATABASE_URL),
 * emptied first.
 */
export async function demoServer(pgUrl: string | undefined) {
  setPasswordCostForTests({ N: 2 ** 12, r: 8, p: 1 });
  if (pgUrl) await emptyPostgres(pgUrl);
  return startServer({ port: 0, databaseUrl: pgUrl ?? 'memory://', demoData: true, background: false });
}

/** Empties the PostgreSQL database a bench loads its own data into (BENCH_DATABASE_URL): its schemas dropped, public made again. */
export async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;',
  );
  await client.end();
}
