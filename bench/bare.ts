/**
 * The raw work a request stands on, measured in the same run: a machine twice
 * as slow (or sharing its cores) is slower at both, so a budget written as
 * "the request takes at most k× its own statements run bare" holds on any
 * machine, where "≤ 5 ms" held only on the one it was measured on.
 *
 * `statementsOf` catches the statements an in-process upstream sends to its
 * database while it answers one request — at the driver, the drizzle
 * database's own client (node-postgres pool or PGlite) — and `bare` runs
 * exactly those calls again on that client, with the arguments they had (a
 * named, prepared statement stays named), nothing around them: no HTTP, no
 * handler, no drizzle. `cursorRead` reads a
 * query's whole answer through a server-side cursor, the least an export of
 * it can cost.
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../server/db/index.js';
import { percentiles } from './support.js';

/** One call of the driver's `query`: its arguments as they were, and the statement's text to print. */
export interface Statement {
  text: string;
  args: unknown[];
}

/** The two drivers' query functions, as far as this file calls them. */
interface Client {
  query(query: string | { text: string }, params?: unknown[], options?: unknown): Promise<{ rows: unknown[] }>;
}

/** A connection checked out of node-postgres's pool (a transaction's). */
type Checked = Client & { release(...args: unknown[]): void };
/** The drizzle database's own client: node-postgres's pool (`connect`) or PGlite (`transaction`). */
interface DbClient extends Client {
  connect?: (...args: unknown[]) => Promise<Checked>;
  transaction?: (run: (tx: Client) => Promise<unknown>, ...rest: unknown[]) => Promise<unknown>;
}

const clientOf = (db: Db): DbClient => (db as unknown as { $client: DbClient }).$client;

/**
 * The statements `db` sends while `run` runs (nothing else should use the
 * database meanwhile): those sent through the client itself, and those of a
 * transaction — on a connection checked out of node-postgres's pool, or in
 * PGlite's `transaction` (whose BEGIN and COMMIT it sends itself, added here).
 * A request whose statements ran in a transaction once went uncaught, and
 * its "bare" work was its sign-in check alone.
 */
export async function statementsOf(db: Db, run: () => Promise<unknown>): Promise<Statement[]> {
  const client = clientOf(db);
  const caught: Statement[] = [];
  const catching = (target: Client) => {
    const original = target.query;
    target.query = function (this: Client, ...args: Parameters<Client['query']>) {
      const [query] = args;
      caught.push({ text: typeof query === 'string' ? query : query.text, args });
      return original.apply(this, args);
    };
    return () => {
      target.query = original;
    };
  };
  const undo = [catching(client)];
  const { connect, transaction } = client;
  if (connect) {
    client.connect = async function (this: DbClient, ...args: unknown[]) {
      // The pool's own query checks out with a callback: its statements are caught at the pool already.
      if (typeof args.at(-1) === 'function') return connect.apply(this, args);
      const checked = await connect.apply(this, args);
      const restore = catching(checked);
      const release = checked.release;
      checked.release = function (this: Checked, ...released: unknown[]) {
        restore();
        checked.release = release;
        return release.apply(this, released);
      };
      return checked;
    };
    undo.push(() => {
      client.connect = connect;
    });
  }
  if (transaction) {
    client.transaction = async function (this: DbClient, body, ...rest) {
      caught.push({ text: 'begin', args: ['begin'] });
      const answer = await transaction.call(this, (tx) => (catching(tx), body(tx)), ...rest);
      caught.push({ text: 'commit', args: ['commit'] });
      return answer;
    };
    undo.push(() => {
      client.transaction = transaction;
    });
  }
  try {
    await run();
  } finally {
    for (const restore of undo) restore();
  }
  if (!caught.length) throw new Error('bench: the request sent no statement to the database');
  return caught;
}

/** p50/p95 in ms of running `statements` one after the other on `db`'s own client, after a warm-up. */
export async function bare(
  db: Db,
  statements: readonly Statement[],
  runs = 200,
  warmUp = 20,
): Promise<{ p50: number; p95: number }> {
  const client = clientOf(db);
  // One connection for them all, as the request had: a transaction's BEGIN and COMMIT must meet on one.
  const conn = client.connect ? await client.connect() : client;
  try {
    return await percentiles(
      async () => {
        for (const s of statements) await conn.query(...(s.args as Parameters<Client['query']>));
      },
      runs,
      warmUp,
    );
  } finally {
    (conn as Partial<Checked>).release?.();
  }
}

/** Rows per second of reading every row of `query` through a cursor, `batch` rows a fetch, in one transaction. */
export async function cursorRead(
  db: Db,
  query: { sql: string; params: unknown[] },
  batch = 1000,
): Promise<{ rows: number; rowsPerSecond: number }> {
  const pool = clientOf(db);
  // PostgreSQL: one connection of the pool for the transaction; PGlite: the one connection there is.
  const conn = pool.connect ? await pool.connect() : pool;
  let rows = 0;
  const t0 = performance.now();
  try {
    await conn.query('begin');
    await conn.query(`declare bench_read no scroll cursor for ${query.sql}`, query.params);
    for (;;) {
      const got = (await conn.query(`fetch ${batch} from bench_read`)).rows.length;
      rows += got;
      if (got < batch) break;
    }
    await conn.query('commit');
  } finally {
    (conn as { release?: () => void }).release?.();
  }
  return { rows, rowsPerSecond: rows / ((performance.now() - t0) / 1000) };
}
