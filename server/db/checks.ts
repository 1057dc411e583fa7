/**
 * The books' checks (docs/domains/books.md): each domain states the invariants of
 * its money as read-only statements that answer the rows where they fail,
 * in its manifest (`checks`); the assembly (server/domains.ts) fills this
 * slot, and the books domain, `npm run reconcile` and the nightly job run
 * every check it holds. A check names no other domain's table: it reads its
 * own, and a lower domain's through that domain's index.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from './index.js';
import { rowsOf } from './sql.js';

/** A place where the books do not balance: what should be and what is, of one row. */
export interface Difference {
  tenantId: number;
  /** What kind of row differs (`member`, `order`, `activity`, `coupon`, `statement`, `rollup`): the screen links it. */
  subject: string;
  subjectId: number;
  /** The row's own words (a member's card, an order's number, a day), for the reader. */
  label: string;
  expected: number;
  actual: number;
}

export interface BookCheck {
  /** Its key: `<domain>.<name>`, the text `books.checks.<domain>.<name>` explains it. */
  key: string;
  /** The differences, of these tenants (null: every tenant), at most `limit` of them. */
  run: (db: Queryable, tenantIds: readonly number[] | null, limit: number) => Promise<Difference[]>;
}

let checks: readonly BookCheck[] = [];

/** The assembly's one call: every domain's checks, each key once. */
export function setChecks(all: readonly BookCheck[]): void {
  const keys = new Set<string>();
  for (const c of all) {
    if (keys.has(c.key)) throw new Error(`book check defined twice: ${c.key}`);
    keys.add(c.key);
  }
  checks = all;
}

export const bookChecks = (): readonly BookCheck[] => checks;

/** A check's tenant condition on `column`: true for every tenant, else one of these. */
export const tenantIn = (column: SQL, tenantIds: readonly number[] | null): SQL =>
  tenantIds === null ? sql`true` : sql`${column} = any(${`{${tenantIds.map(Number).join(',')}}`}::int[])`;

/** A check that is one statement answering the difference rows (`tenantId`, `subject`, `subjectId`, `label`, `expected`, `actual`). */
export const statementCheck = (
  key: string,
  statement: (tenantIds: readonly number[] | null, limit: number) => SQL,
): BookCheck => ({ key, run: (db, tenantIds, limit) => rowsOf<Difference>(db, statement(tenantIds, limit)) });
