/**
 * The operation log as a list (shared/oplog/api.ts): the caller's tenants'
 * chains (the admin's: every chain, the platform's too), newest first.
 */
import { and, desc, eq, gte, like, lt, ne, sql } from 'drizzle-orm';
import type { PageQuery } from '../../shared/api/define.js';
import { OPLOG_LIMITS, type OplogFilter, type OpRecordItem } from '../../shared/oplog/index.js';
import type { Queryable } from '../db/index.js';
import { paged } from '../http/paged.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';
import { tenantFilter } from '../tenant/index.js';
import { opRecords } from './schema.js';

/** The records of a filter within the caller's reach (the list's and the export's). */
export async function oplogWhere(db: Queryable, scope: Scope, filter: OplogFilter) {
  return and(
    scope.where(opRecords.chain),
    await tenantFilter(db, scope, opRecords.chain, filter.tenantId),
    filter.username ? eq(opRecords.username, filter.username) : undefined,
    // `payment.`: every operation of the domain (a page's history of its settings).
    filter.op
      ? filter.op.endsWith('.')
        ? like(opRecords.op, `${filter.op.replace(/[\\%_]/g, '\\$&')}%`)
        : eq(opRecords.op, filter.op)
      : undefined,
    filter.kind ? eq(opRecords.kind, filter.kind) : undefined,
    filter.result === 'done'
      ? eq(opRecords.result, 0)
      : filter.result === 'refused'
        ? ne(opRecords.result, 0)
        : undefined,
    filter.from ? gte(opRecords.at, new Date(filter.from)) : undefined,
    filter.to ? lt(opRecords.at, new Date(filter.to)) : undefined,
    // A target: the entity named, and its id when given (the targets' jsonb holds `{ entity, id }` objects).
    filter.entity
      ? sql`${opRecords.targets} @> ${JSON.stringify([{ entity: filter.entity, ...(filter.targetId ? { id: filter.targetId } : {}) }])}::jsonb`
      : undefined,
  );
}

/** A record as the list and the export show it. */
export const toItem = ({
  r,
  tenantName,
}: {
  r: typeof opRecords.$inferSelect;
  tenantName: string | null;
}): OpRecordItem => ({
  id: r.id,
  at: r.at.toISOString(),
  kind: r.kind as OpRecordItem['kind'],
  op: r.op,
  username: r.username,
  role: r.role,
  tenantId: r.chain === 0 ? null : r.chain,
  tenantName,
  address: r.address,
  install: r.install,
  targets: r.targets,
  input: r.input,
  reason: r.reason,
  result: r.result,
});

export async function oplogPage(db: Queryable, scope: Scope, query: PageQuery, filter: OplogFilter) {
  const where = await oplogWhere(db, scope, filter);
  // Counted up to the cap, walking the list's own order so the planner stops there (as the order list counts).
  const matching = db
    .select({ one: sql`1` })
    .from(opRecords)
    .where(where)
    .orderBy(desc(opRecords.id))
    .limit(OPLOG_LIMITS.countCap + 1)
    .as('matching');
  const answer = await paged(
    query,
    db
      .select({ r: opRecords, tenantName: tenants.name })
      .from(opRecords)
      .leftJoin(tenants, eq(tenants.id, opRecords.chain))
      .where(where)
      .orderBy(desc(opRecords.id)),
    db.select({ total: sql<number>`count(*)::int` }).from(matching),
    toItem,
  );
  return {
    ...answer,
    total: Math.min(answer.total, OPLOG_LIMITS.countCap),
    capped: answer.total > OPLOG_LIMITS.countCap,
  };
}
