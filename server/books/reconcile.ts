/**
 * Running the books' checks (server/db/checks.ts): every check of every
 * domain, one after another, each timed, for some tenants or all. Reads
 * only, on the pool, never in a transaction of its own: a check holds no
 * lock a sale would wait for (docs/domains/books.md).
 */
import { bookChecks } from '../db/checks.js';
import type { Difference } from '../db/checks.js';
import type { Queryable } from '../db/index.js';

/** Differences kept per check: enough to act on; the count says how many there were up to the cap. */
export const DIFFERENCES_KEPT = 100;

export interface CheckResult {
  key: string;
  ms: number;
  differences: Difference[];
}

export async function reconcile(
  db: Queryable,
  tenantIds: readonly number[] | null,
  limit = DIFFERENCES_KEPT,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of bookChecks()) {
    const started = performance.now();
    const differences = await check.run(db, tenantIds, limit);
    results.push({ key: check.key, ms: Math.round(performance.now() - started), differences });
  }
  return results;
}
