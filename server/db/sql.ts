/** Small SQL helpers shared by domains. */
import type { SQL } from 'drizzle-orm';
import type { Queryable } from './index.js';

/** The rows of a raw statement, whichever driver ran it (both answer `{ rows }`; drizzle types the result per driver). */
export async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

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
