/** Small SQL helpers shared by domains. */
import { sql, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../shared/business-time.js';
import type { Queryable } from './index.js';

/** The rows of a raw statement, whichever driver ran it (both answer `{ rows }`; drizzle types the result per driver). */
export async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The business time zone (shared/business-time.ts) as a SQL literal, for `at
 * time zone`: a literal, not a parameter, so a statement that groups by such
 * an expression repeats the same text (two parameters would be two
 * expressions to PostgreSQL). The constant is the code's own, never input.
 */
export const BUSINESS_ZONE = sql.raw(`'${BUSINESS_TIME_ZONE.replaceAll("'", "''")}'`);

/** A LIKE/ILIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The PostgreSQL error code of a failed query, whichever driver (drizzle wraps the driver's error as `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const FOREIGN_KEY_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';
