/**
 * Prepared statements for the few reads whose planning costs as much as their
 * work (the dashboard's: a thousand summary rows summed in about 2 ms, after
 * about 1 ms of planning a statement of two CTEs, four joins and a union).
 * A statement is named after its text, so the same text is parsed and
 * planned once per database session and then only bound and run.
 *
 * - PostgreSQL: node-postgres's named statements (`{ name, text, values }`),
 *   prepared by the driver on each pooled connection the first time that
 *   connection runs the name.
 * - PGlite (one session): SQL `PREPARE`, then `EXECUTE name(…)` with the
 *   values as literals — PGlite's extended protocol always uses the unnamed
 *   statement, and `EXECUTE` is a utility statement that takes no bind
 *   parameters. Only numbers and strings are written as literals (a string
 *   quoted with its quotes doubled, standard_conforming_strings being on);
 *   any other value runs the statement the ordinary way.
 * - Inside a transaction, or once `MAX_STATEMENTS` texts have been prepared
 *   (a statement's shape can vary with its caller's scope; the set must stay
 *   bounded), the statement runs the ordinary way.
 *
 * On PGlite the rows come back as one JSON text (`json_agg`): PGlite decodes
 * a result value by value in JavaScript, which for the dashboard's 170 rows
 * of 13 columns cost 1.5 ms more than JSON.parse of the same 10 kB (on
 * PostgreSQL the aggregate costs 0.35 ms more than node-postgres's decoding).
 * So a prepared read selects only columns whose value is the same either way:
 * int4, float8, text and boolean (bigint and numeric would be text on one
 * driver and numbers on the other; cast them to float8 where exact, as the
 * dashboard's sums are).
 */
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from './index.js';
import { rowsOf } from './sql.js';

/** Distinct statement texts prepared per process, at most. */
export const MAX_STATEMENTS = 64;

const names = new Set<string>();
/** The PGlite sessions' prepared names (a promise while its PREPARE runs, so concurrent first calls prepare once). */
const pglitePrepared = new WeakMap<PGlite, Map<string, Promise<boolean>>>();

const nameOf = (text: string) => `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

function literal(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'string') return value.includes('\0') ? undefined : `'${value.replaceAll("'", "''")}'`;
  return undefined;
}

/** The rows of `query` (int4, float8, text and boolean columns: see above), run as a prepared statement where the driver allows. */
export async function preparedRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  const dialect = (db as unknown as { dialect: PgDialect }).dialect;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = named(text);
    if (!name) return rowsOf<T>(db, query);
    return (await client.query<T & pg.QueryResultRow>({ name, text, values: params as unknown[] })).rows;
  }
  if (client instanceof PGlite) {
    const { sql: text, params } = dialect.sqlToQuery(
      sql`select coalesce(json_agg(q), '[]')::text as rows from (${query}) q`,
    );
    const name = named(text);
    if (!name) return rowsOf<T>(db, query);
    const literals = params.map(literal);
    if (literals.some((l) => l === undefined)) return rowsOf<T>(db, query);
    let session = pglitePrepared.get(client);
    if (!session) pglitePrepared.set(client, (session = new Map()));
    let prepared = session.get(name);
    if (!prepared) {
      // A statement whose parameters' types cannot be inferred stays unprepared.
      prepared = client.exec(`prepare ${name} as ${text}`).then(
        () => true,
        () => false,
      );
      session.set(name, prepared);
    }
    if (!(await prepared)) return rowsOf<T>(db, query);
    return parsed<T>(
      (await client.query<Answer>(literals.length ? `execute ${name}(${literals.join(', ')})` : `execute ${name}`))
        .rows,
    );
  }
  return rowsOf<T>(db, query);
}

/** The statement name of `text`, or undefined once MAX_STATEMENTS other texts have one. */
function named(text: string): string | undefined {
  const name = nameOf(text);
  if (!names.has(name)) {
    if (names.size >= MAX_STATEMENTS) return undefined;
    names.add(name);
  }
  return name;
}

/**
 * What `build` makes (drizzle prepared queries, `.prepare(name)`), made once per database and `key`: a
 * statement whose shape is known ahead (its filters as placeholders, `sql.placeholder`) is put together
 * once instead of on every request — drizzle's building of a list's select (its columns, subqueries and
 * conditions, chunk by chunk) was a sixth of what `point.page` cost its upstream under load
 * (docs/operations.md, the stack's overhead). Keys are the caller's: a bounded set of shapes.
 */
const builtByDb = new WeakMap<object, Map<string, unknown>>();
export function builtOnce<T>(db: Queryable, key: string, build: () => T): T {
  let built = builtByDb.get(db);
  if (!built) builtByDb.set(db, (built = new Map()));
  if (!built.has(key)) built.set(key, build());
  return built.get(key) as T;
}

type Answer = { rows: string };
const parsed = <T>(answer: Answer[]): T[] => JSON.parse(answer[0]!.rows) as T[];
