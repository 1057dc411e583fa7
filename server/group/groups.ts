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
import { groupInUse } from './ports.js';
import { containsPattern } from '../db/sql.js';
import { BizError, uniqueAs } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';
import { owningTenant, tenantFilter } from '../tenant/index.js';
import { checkRule, requestCompute } from './behaviour.js';
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
  behaviour: groups.behaviour,
  computedAt: groups.computedAt,
  computeRequestedAt: groups.computeRequestedAt,
  createdAt: groups.createdAt,
};
const select = (db: Queryable) => db.select(columns).from(groups).innerJoin(tenants, eq(tenants.id, groups.tenantId));
type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
const toItem = ({ computeRequestedAt, ...r }: Row): GroupItem => ({
  ...r,
  behaviour: r.behaviour ?? null,
  computedAt: r.computedAt?.toISOString() ?? null,
  // Asked for since the last computation (or never computed): the screen says it is being computed. A disabled
  // group is not computed (its job does nothing), so it is never "computing": the page would ask again forever.
  computing:
    r.behaviour !== null &&
    r.state === 'normal' &&
    (r.computedAt === null || (computeRequestedAt ?? r.computedAt) > r.computedAt),
  createdAt: r.createdAt.toISOString(),
});

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

/**
 * Creates a group; a behaviour group is known by its members' card numbers,
 * takes no review (no one claims), and is computed at once by a job.
 */
export async function createGroup(db: Db, user: AuthUser, scope: Scope, input: z.output<typeof groupInput>) {
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  const behaviour = input.importMethod === 'behaviour' ? input.behaviour : undefined;
  if (behaviour) await checkRule(db, tenantId, behaviour);
  const [row] = await uniqueAs(CODE.groupNameTaken, () =>
    db.transaction(async (tx) => {
      const [made] = await tx
        .insert(groups)
        .values({
          tenantId,
          name: input.name,
          definition: input.definition,
          identifier: behaviour ? 'cardNumber' : input.identifier,
          importMethod: input.importMethod,
          review: behaviour ? false : input.review,
          behaviour: behaviour ?? null,
        })
        .returning({ id: groups.id });
      if (behaviour) await requestCompute(tx, made!.id);
      return [made];
    }),
  );
  return groupOf(db, scope, row!.id);
}

/** Renames, redefines, turns review on or off; a behaviour group's new conditions are computed again at once (3409 for another group). */
export async function updateGroup(db: Db, scope: Scope, id: number, input: z.output<typeof groupUpdate>) {
  const group = await groupOf(db, scope, id);
  const { behaviour, ...fields } = input;
  if (behaviour && !group.behaviour) throw new BizError(CODE.groupNotBehaviour);
  if (behaviour) await checkRule(db, group.tenantId, behaviour);
  await uniqueAs(CODE.groupNameTaken, () =>
    db.transaction(async (tx) => {
      await tx
        .update(groups)
        .set({ ...fields, ...(group.behaviour ? { review: false } : {}), ...(behaviour ? { behaviour } : {}) })
        .where(eq(groups.id, id));
      if (behaviour) await requestCompute(tx, id);
    }),
  );
  return groupOf(db, scope, id);
}

/** Asks for a behaviour group to be computed again now (3409 for a group of identifiers). */
export async function recomputeGroup(db: Db, scope: Scope, id: number) {
  const group = await groupOf(db, scope, id);
  if (!group.behaviour) throw new BizError(CODE.groupNotBehaviour);
  await db.transaction((tx) => requestCompute(tx, id));
  return { requested: true };
}

export async function setGroupState(db: Db, scope: Scope, id: number, state: 'normal' | 'disabled') {
  const group = await groupOf(db, scope, id);
  await db.transaction(async (tx) => {
    await tx.update(groups).set({ state }).where(eq(groups.id, id));
    // Enabled again, a behaviour group is brought up to date at once rather than at the next sweep.
    if (state === 'normal' && group.behaviour) await requestCompute(tx, id);
  });
  return { state };
}

/** Deletes a group with its members; 3436 while an activity names it (the activity domain says so, through server/db/provided.ts). */
export async function deleteGroup(db: Db, scope: Scope, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.id, id), scope.where(groups.tenantId)))
      .for('update');
    if (!row) throw new BizError(CODE.groupNotFound);
    const [bound] = await tx
      .select({ yes: groupInUse.use()(id) })
      .from(groups)
      .where(eq(groups.id, id));
    if (bound?.yes) throw new BizError(CODE.groupBoundToDiscount);
    await tx.delete(groups).where(eq(groups.id, id));
    return { deleted: true };
  });
}
