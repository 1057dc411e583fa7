/**
 * Customer groups (shared/group/api.ts): a tenant's groups within the
 * caller's scope, with their sizes; a group outside the scope is 3402, as
 * one that does not exist.
 */
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import type { GroupItem, groupInput, groupUpdate } from '../../shared/group/index.js';
import type { Db, Queryable } from '../db/index.js';
import { needIfProvided } from '../db/provided.js';
import { containsPattern } from '../db/sql.js';
import { BizError, uniqueAs } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';
import { owningTenant, tenantFilter } from '../tenant/index.js';
import { groupMembers, groups } from './schema.js';

const counted = (state: string) =>
  sql<number>`(select count(*)::int from ${groupMembers} gm where gm.group_id = ${groups.id} and gm.state = ${state})`;
const columns = {
  id: groups.id,
  tenantId: groups.tenantId,
  tenantName: tenants.name,
  name: groups.name,
  definition: groups.definition,
  identifier: groups.identifier,
  importMethod: groups.importMethod,
  review: groups.review,
  state: groups.state,
  size: counted('activated'),
  inactive: counted('inactive'),
  pending: counted('pending'),
  createdAt: groups.createdAt,
};
const select = (db: Queryable) => db.select(columns).from(groups).innerJoin(tenants, eq(tenants.id, groups.tenantId));
type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
const toItem = (r: Row): GroupItem => ({ ...r, createdAt: r.createdAt.toISOString() });

export async function groupPage(
  db: Queryable,
  scope: Scope,
  query: PageQuery,
  filter: { keyword?: string | undefined; state?: 'normal' | 'disabled' | undefined; tenantId?: number | undefined },
) {
  const where = and(
    scope.where(groups.tenantId),
    await tenantFilter(db, scope, groups.tenantId, filter.tenantId),
    filter.keyword ? ilike(groups.name, containsPattern(filter.keyword)) : undefined,
    filter.state ? eq(groups.state, filter.state) : undefined,
  );
  return paged(
    query,
    select(db).where(where).orderBy(desc(groups.createdAt), desc(groups.id)),
    db.select({ total: count() }).from(groups).where(where),
    toItem,
  );
}

/** A group in the caller's scope, or 3402. */
export async function groupOf(db: Queryable, scope: Scope, id: number): Promise<GroupItem> {
  const [row] = await select(db).where(and(eq(groups.id, id), scope.where(groups.tenantId)));
  if (!row) throw new BizError(CODE.groupNotFound);
  return toItem(row);
}

export async function createGroup(db: Db, user: AuthUser, scope: Scope, input: z.output<typeof groupInput>) {
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  const [row] = await uniqueAs(CODE.groupNameTaken, () =>
    db
      .insert(groups)
      .values({
        tenantId,
        name: input.name,
        definition: input.definition,
        identifier: input.identifier,
        importMethod: input.importMethod,
        review: input.review,
      })
      .returning({ id: groups.id }),
  );
  return groupOf(db, scope, row!.id);
}

export async function updateGroup(db: Db, scope: Scope, id: number, input: z.output<typeof groupUpdate>) {
  await groupOf(db, scope, id);
  await uniqueAs(CODE.groupNameTaken, () => db.update(groups).set(input).where(eq(groups.id, id)));
  return groupOf(db, scope, id);
}

export async function setGroupState(db: Db, scope: Scope, id: number, state: 'normal' | 'disabled') {
  await groupOf(db, scope, id);
  await db.update(groups).set({ state }).where(eq(groups.id, id));
  return { state };
}

/** Deletes a group with its members; 3436 while an activity is aimed at it (the activities' domain says so once it exists). */
export async function deleteGroup(db: Db, scope: Scope, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.id, id), scope.where(groups.tenantId)))
      .for('update');
    if (!row) throw new BizError(CODE.groupNotFound);
    const inUse = needIfProvided('groupInUse');
    if (inUse) {
      const [bound] = await tx
        .select({ yes: inUse(id) })
        .from(groups)
        .where(eq(groups.id, id));
      if (bound?.yes) throw new BizError(CODE.groupBoundToDiscount);
    }
    await tx.delete(groups).where(eq(groups.id, id));
    return { deleted: true };
  });
}
