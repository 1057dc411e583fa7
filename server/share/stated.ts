/**
 * What an issued month forbids: a statement once issued never changes, so
 * nothing it was computed from may change either — a rule version, a
 * point's host, an adjustment dated in that month or before it. Every such
 * write and every issue take one lock per tenant first (a transaction's
 * advisory lock), so a write that found its month open cannot meet an issue
 * of that month committing beside it. Such a write marks the drafts it may
 * change stale (the list says "changed since computed — close again"); the
 * issue recomputes a draft whatever the mark says (statements.ts).
 */
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { monthStart } from '../../shared/business-time.js';
import type { ShareParty } from '../../shared/share/index.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { shareStatements } from './schema.js';

/** Any constant of the project's own, with the tenant: the shares' lock of one tenant. */
const SHARE_LOCK = 7_301_055;

export async function lockTenantShares(tx: Queryable, tenantId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SHARE_LOCK}, ${tenantId})`);
}

/**
 * 973 when a statement of the tenant (of the party, when named) beyond its
 * draft is of the month of `day` or a later one; otherwise the drafts of
 * those months (the party's, when named) are marked stale, with the write.
 * Inside the writer's transaction: it takes the tenant's lock.
 */
export async function requireUnstated(
  tx: Queryable,
  tenantId: number,
  day: string,
  party?: { party: ShareParty; partyId: number },
): Promise<void> {
  await lockTenantShares(tx, tenantId);
  // The tenant's statements of that month and the later ones (the party's, when named).
  const fromMonth = and(
    eq(shareStatements.tenantId, tenantId),
    gte(shareStatements.month, monthStart(day)),
    party ? eq(shareStatements.party, party.party) : undefined,
    party ? eq(shareStatements.partyId, party.partyId) : undefined,
  );
  const [issued] = await tx
    .select({ id: shareStatements.id })
    .from(shareStatements)
    .where(and(fromMonth, ne(shareStatements.state, 'draft')))
    .limit(1);
  if (issued) throw new BizError(CODE.shareMonthStated);
  await tx
    .update(shareStatements)
    .set({ stale: true })
    .where(and(fromMonth, eq(shareStatements.state, 'draft')));
}
