/**
 * A transaction that cannot take a connection out of the pool for good.
 *
 * drizzle's node-postgres `transaction()` checks a client out of the pool and
 * sends BEGIN before the try/finally that releases it (drizzle-orm issues
 * #6023, #6241, #6341, open at 0.45). When BEGIN fails — on a connection that
 * died while idle in the pool, which is what a database restart leaves — the
 * client is never released: each such request keeps one of the pool's ten
 * connections checked out for the life of the process, and once ten have gone
 * every request waits its five seconds for a connection and answers 503 long
 * after the database is back. The server suite's restart test under two
 * instances hung on this one run in a few.
 *
 * Here every physical connection, once, gets a `query` that releases the
 * client with the error when a BEGIN it sends fails (the pool then drops
 * that connection). drizzle rethrows the error as before and, BEGIN having
 * failed outside its try, never releases the client a second time. Remove
 * this when drizzle releases on a failed BEGIN itself.
 */
import type pg from 'pg';

type Query = (...args: unknown[]) => unknown;

const BEGIN = /^\s*begin\b/i;

const textOf = (first: unknown): string | undefined =>
  typeof first === 'string'
    ? first
    : typeof (first as { text?: unknown })?.text === 'string'
      ? (first as { text: string }).text
      : undefined;

/** Wraps a pooled client's `query` (call once per connection: the pool's `connect` event). */
export function releaseOnFailedBegin(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const answer = query(...args);
    if (!BEGIN.test(textOf(args[0]) ?? '') || !(answer instanceof Promise)) return answer;
    return answer.catch((error: unknown) => {
      // Checked out by drizzle's transaction(): hand it back broken, so the pool ends it rather than keeping it.
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
  };
}
