/**
 * Opens the upstream's database: embedded PGlite (in memory or on disk) or a
 * PostgreSQL server through node-postgres. Both give a drizzle pg database of
 * the same type, so every query in server/ has one code path; only opening,
 * migrating and closing differ.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { releaseOnFailedBegin } from './pool.js';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';

/** The drizzle database every handler uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; it accepts the same queries as `Db`. */
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Either: what query helpers accept so they run inside or outside a transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** Whether every connection is at work (PostgreSQL's pool; never for PGlite's one connection). */
  saturated?: () => boolean;
  /** One round trip to the database; rejects while it cannot be reached (health checks). */
  ping(): Promise<void>;
  /**
   * Hears PostgreSQL NOTIFY on `channel` (ARCHITECTURE §10: live events reach
   * every instance on one database). PostgreSQL: a connection of its own,
   * opened again with back-off when it drops, and `onRelisten` called once it
   * listens again (what was notified meanwhile is lost: the caller says so to
   * whoever relies on it). Resolves once listening; the answer stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onRelisten?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

/**
 * `memory://` → in-memory PGlite; `postgres://…` or `postgresql://…` → a pg
 * Pool; `file://<path>` or a plain path → PGlite stored in that folder (made
 * if missing). Pending migrations are applied before this resolves.
 */
export async function openDatabase(url: string): Promise<Database> {
  if (isPostgresUrl(url)) return openPostgres(url);
  if (url === 'memory://' || url.startsWith('memory://')) return openPglite(undefined);
  const path = url.startsWith('file://') ? url.slice('file://'.length) : url;
  if (!path) throw new Error(`database url names no folder: ${url}`);
  const dir = resolve(path);
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  return pgliteDatabase(await PGlite.create(dataDir));
}

/**
 * An open PGlite as the upstream's database, migrated; closing the database
 * closes it. The server suites adopt clones of a migrated, demo-loaded
 * database this way (tests/server/helpers.ts): PGlite's clone() takes a
 * tenth of the time a new one takes to start, migrate and load.
 */
export async function pgliteDatabase(client: PGlite): Promise<Database> {
  try {
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      listen: async (channel, onPayload) => {
        const stop = await client.listen(channel, onPayload);
        return async () => {
          if (!client.closed) await stop();
        };
      },
      close: () => client.close(),
    };
  } catch (err) {
    await client.close();
    throw err;
  }
}

/** How long a query waits for a new connection before the request answers 503 (a server that does not answer at all). */
export const CONNECT_TIMEOUT_MS = 5_000;

/** Connections of an upstream's pool. */
export const POOL_SIZE = 10;

/**
 * How long a statement waits for a lock before it gives up and the request answers "busy, try again"
 * (1303) (LOCK_TIMEOUT_MS). Off (0, wait for ever) by default: it was turned off when the test of
 * PostgreSQL restarting under two instances (tests/server/http/database.test.ts) hung one run in three
 * with 2 s; it hung with 0 too, and the cause was drizzle's transaction leaking its connection when
 * BEGIN failed (server/db/pool.ts). A request waiting for a connection while every one is at work
 * answers busy either way.
 */
export const lockTimeoutMs = () => envNumber('LOCK_TIMEOUT_MS', 0);
const envNumber = (name: string, fallback: number) => {
  const given = Number(process.env[name]);
  return Number.isInteger(given) && given >= 0 ? given : fallback;
};

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: `-c lock_timeout=${lockTimeoutMs()}`,
    // TCP keep-alive finds a connection whose server vanished without closing it.
    keepAlive: true,
  });
  // An idle client whose connection dies (server restart, pg_terminate_backend)
  // is emitted here; without a listener the 'error' event would end the
  // process. The pool has already dropped that client and opens a new
  // connection for the next query, so there is nothing more to do; queries
  // that fail meanwhile answer 503 (server/db/outage.ts).
  pool.on('error', () => {});
  // A client checked out of the pool (inside a transaction, between its
  // statements) whose connection is killed emits 'error' on itself, where the
  // pool listens no longer: unheard, it would end the process. The statement
  // it was running, or its next one, fails and answers 503 like any other.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    // A transaction whose BEGIN fails gives its connection back (server/db/pool.ts).
    releaseOnFailedBegin(client);
  });
  try {
    const db = drizzlePg({ client: pool });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      kind: 'pg',
      // Every connection at work and none idle: a wait for one that times out is a queue, not an outage.
      saturated: () => pool.totalCount >= POOL_SIZE && pool.idleCount === 0,
      ping: async () => {
        await pool.query('select 1');
      },
      listen: (channel, onPayload, onRelisten) => listenPostgres(url, channel, onPayload, onRelisten),
      close: () => pool.end(),
    };
  } catch (err) {
    await pool.end();
    throw err;
  }
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other
 * queries). When it drops, it connects again after 0.5 s, 1 s, 2 s… at most
 * 30 s; notifications sent while it was down are lost, and `onRelisten` says
 * it listens again (the event hub then ends its streams: each console
 * reconnects and reads its lists again).
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onRelisten?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = 500;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    retry = setTimeout(() => {
      connect(false).catch(() => {});
    }, delay);
    delay = Math.min(delay * 2, 30_000);
  };
  /** The first connection's failure is the caller's; later ones try again. */
  const connect = async (first: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    next.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = undefined;
      again();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await next.end().catch(() => {});
      if (first) throw err;
      if (!stopped) again();
      return;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    delay = 500;
    if (!first) onRelisten?.();
  };
  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
