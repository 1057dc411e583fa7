/**
 * Activities (shared/activity/api.ts): a tenant's promotions within the
 * caller's scope; one outside it is 3410, as one that does not exist. The
 * state is derived from the clock and what was done (shared/activity/rules.ts
 * activityState): the list filters by the same rule in SQL.
 */
import { and, count, desc, eq, ilike, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import {
  activityState,
  keepTypeFields,
  type ActivityDetail,
  type ActivityItem,
  type ActivityRule,
  type ActivityState,
  type activityApi,
} from '../../shared/activity/index.js';
import type { Db, Queryable, Tx } from '../db/index.js';
import { containsPattern } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import { tenants } from '../identity/schema.js';
import { users } from '../account/schema.js';
import type { Scope } from '../scope.js';
import { owningTenant, tenantFilter } from '../tenant/index.js';
import { devices } from '../device/index.js';
import { products } from '../product/schema.js';
import { scenes } from '../scene/index.js';
import { groups } from '../group/index.js';
import { memberGrades } from '../member/index.js';
import { sceneDevices } from '../scene/schema.js';
import { activities, activityDevices, activityGroups, activityProducts, activityScenes } from './schema.js';
import { standingUses } from './uses.js';
import { checkNamed, checkRefs } from './choices.js';

const counted = (table: typeof activityDevices | typeof activityScenes | typeof activityProducts) =>
  sql<number>`(select count(*)::int from ${table} x where x.activity_id = ${activities.id})`;
const columns = {
  id: activities.id,
  tenantId: activities.tenantId,
  tenantName: tenants.name,
  name: activities.name,
  type: activities.type,
  tag: activities.tag,
  startAt: activities.startAt,
  endAt: activities.endAt,
  extendedEndAt: activities.extendedEndAt,
  disabled: activities.disabled,
  stoppedAt: activities.stoppedAt,
  exclusive: activities.exclusive,
  crowd: activities.crowd,
  target: activities.target,
  devices: counted(activityDevices),
  scenes: counted(activityScenes),
  products: counted(activityProducts),
  used: standingUses(activities.id),
  createdAt: activities.createdAt,
};
const select = (db: Queryable) =>
  db.select(columns).from(activities).innerJoin(tenants, eq(tenants.id, activities.tenantId));
type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Spec §4's state of an activity's row at `now` (shared/activity/rules.ts `activityState`, on the row's dates). */
export const stateOfRow = (
  a: { disabled: boolean; stoppedAt: Date | null; startAt: Date; endAt: Date; extendedEndAt: Date | null },
  now: Date,
) =>
  activityState(
    {
      disabled: a.disabled,
      stoppedAt: iso(a.stoppedAt),
      startAt: a.startAt.toISOString(),
      endAt: a.endAt.toISOString(),
      extendedEndAt: iso(a.extendedEndAt),
    },
    now,
  );

function toItem({ devices: d, scenes: s, used, disabled, stoppedAt, ...r }: Row, now: Date): ActivityItem {
  return {
    ...r,
    startAt: r.startAt.toISOString(),
    endAt: r.endAt.toISOString(),
    extendedEndAt: iso(r.extendedEndAt),
    state: stateOfRow({ ...r, disabled, stoppedAt }, now),
    targets: r.target === 'devices' ? d : s,
    uses: used.uses,
    discount: used.discount,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The SQL of one state, by the rule of shared/activity/rules.ts activityState, at `now`. */
function stateIs(state: ActivityState, now: Date): SQL | undefined {
  const live = and(isNull(activities.stoppedAt), eq(activities.disabled, false));
  const end = sql`coalesce(${activities.extendedEndAt}, ${activities.endAt})`;
  switch (state) {
    case 'stopped':
      return isNotNull(activities.stoppedAt);
    case 'disabled':
      return and(isNull(activities.stoppedAt), eq(activities.disabled, true));
    case 'notStarted':
      return and(live, sql`${activities.startAt} > ${now}`);
    case 'expired':
      return and(live, sql`${end} <= ${now}`);
    case 'active':
      return and(live, sql`${activities.startAt} <= ${now}`, sql`${end} > ${now}`);
  }
}

type PageFilter = z.output<(typeof activityApi)['activity.page']['body']>;

export async function activityPage(db: Queryable, scope: Scope, query: PageQuery, filter: PageFilter) {
  await checkNamed(db, scope, filter);
  const now = new Date();
  const where = and(
    scope.where(activities.tenantId),
    await tenantFilter(db, scope, activities.tenantId, filter.tenantId),
    filter.keyword ? ilike(activities.name, containsPattern(filter.keyword)) : undefined,
    filter.type ? eq(activities.type, filter.type) : undefined,
    filter.state ? stateIs(filter.state, now) : undefined,
    // By device: aimed at it, or at a scene it is in. By scene: aimed at it.
    filter.deviceId
      ? or(
          sql`exists (select 1 from ${activityDevices} x where x.activity_id = ${activities.id} and x.device_id = ${filter.deviceId})`,
          sql`exists (select 1 from ${activityScenes} x join ${sceneDevices} sd on sd.scene_id = x.scene_id where x.activity_id = ${activities.id} and sd.device_id = ${filter.deviceId})`,
        )
      : undefined,
    filter.sceneId
      ? sql`exists (select 1 from ${activityScenes} x where x.activity_id = ${activities.id} and x.scene_id = ${filter.sceneId})`
      : undefined,
  );
  return paged(
    query,
    select(db).where(where).orderBy(desc(activities.createdAt), desc(activities.id)),
    db.select({ total: count() }).from(activities).where(where),
    (r) => toItem(r, now),
  );
}

/** An activity in the caller's scope with everything it names, or 3410. */
export async function activityOf(db: Queryable, scope: Scope, id: number): Promise<ActivityDetail> {
  const [row] = await select(db).where(and(eq(activities.id, id), scope.where(activities.tenantId)));
  if (!row) throw new BizError(CODE.activityNotFound);
  const [[rule], groupRows, deviceRows, sceneRows, productRows] = await Promise.all([
    db
      .select({ a: activities, createdBy: users.username, gradeName: memberGrades.name })
      .from(activities)
      .leftJoin(users, eq(users.id, activities.createdBy))
      .leftJoin(memberGrades, eq(memberGrades.id, activities.minGradeId))
      .where(eq(activities.id, id)),
    db
      .select({ id: groups.id, name: groups.name })
      .from(activityGroups)
      .innerJoin(groups, eq(groups.id, activityGroups.groupId))
      .where(eq(activityGroups.activityId, id))
      .orderBy(groups.name),
    db
      .select({ id: devices.id, name: devices.name })
      .from(activityDevices)
      .innerJoin(devices, eq(devices.id, activityDevices.deviceId))
      .where(eq(activityDevices.activityId, id))
      .orderBy(devices.name),
    db
      .select({ id: scenes.id, name: scenes.name })
      .from(activityScenes)
      .innerJoin(scenes, eq(scenes.id, activityScenes.sceneId))
      .where(eq(activityScenes.activityId, id))
      .orderBy(scenes.name),
    db
      .select({ productId: products.id, name: products.name, listPrice: products.price, price: activityProducts.price })
      .from(activityProducts)
      .innerJoin(products, eq(products.id, activityProducts.productId))
      .where(eq(activityProducts.activityId, id))
      .orderBy(products.name),
  ]);
  const a = rule!.a;
  return {
    ...toItem(row, new Date()),
    newUserOnly: a.newUserOnly,
    groups: groupRows,
    minGrade: a.minGradeId === null ? null : { id: a.minGradeId, name: rule!.gradeName ?? '' },
    devices: deviceRows,
    scenes: sceneRows,
    productLines: productRows,
    purchaseLimit: a.purchaseLimit ?? null,
    rate: a.rate,
    minUnits: a.minUnits,
    threshold: a.threshold,
    reduction: a.reduction,
    coupon: a.coupon ?? null,
    participationLimit: a.participationLimit,
    weekdays: a.weekdays,
    hours: a.hours ?? null,
    platforms: (a.platforms as ActivityDetail['platforms']) ?? null,
    budgetAmount: a.budgetAmount,
    budgetUses: a.budgetUses,
    stoppedAt: iso(a.stoppedAt),
    createdBy: rule!.createdBy,
  };
}

const ruleColumns = (a: ActivityRule) => ({
  name: a.name,
  type: a.type,
  tag: a.tag,
  startAt: new Date(a.startAt),
  endAt: new Date(a.endAt),
  newUserOnly: a.newUserOnly,
  crowd: a.crowd,
  minGradeId: a.minGradeId ?? null,
  target: a.target,
  purchaseLimit: a.purchaseLimit ?? null,
  rate: a.rate ?? null,
  minUnits: a.minUnits ?? null,
  threshold: a.threshold ?? null,
  reduction: a.reduction ?? null,
  coupon: a.coupon ?? null,
  participationLimit: a.participationLimit ?? null,
  exclusive: a.exclusive,
  weekdays: a.weekdays ? [...new Set(a.weekdays)].sort() : null,
  hours: a.hours ?? null,
  platforms: a.platforms ? [...new Set(a.platforms)] : null,
  budgetAmount: a.budgetAmount ?? null,
  budgetUses: a.budgetUses ?? null,
});

async function writeNamed(tx: Tx, id: number, a: ActivityRule) {
  for (const table of [activityProducts, activityDevices, activityScenes, activityGroups])
    await tx.delete(table).where(eq(table.activityId, id));
  await tx
    .insert(activityProducts)
    .values(a.products.map((p) => ({ activityId: id, productId: p.productId, price: p.price ?? null })));
  if (a.deviceIds.length)
    await tx
      .insert(activityDevices)
      .values([...new Set(a.deviceIds)].map((deviceId) => ({ activityId: id, deviceId })));
  if (a.sceneIds.length)
    await tx.insert(activityScenes).values([...new Set(a.sceneIds)].map((sceneId) => ({ activityId: id, sceneId })));
  if (a.groupIds.length)
    await tx.insert(activityGroups).values([...new Set(a.groupIds)].map((groupId) => ({ activityId: id, groupId })));
}

/** Creates an activity with only its type's fields; 3437 for an end already past. */
export async function createActivity(db: Db, user: AuthUser, scope: Scope, input: ActivityRule) {
  const a = keepTypeFields(input);
  if (Date.parse(a.endAt) <= Date.now()) throw new BizError(CODE.endBeforeNow);
  const tenantId = await owningTenant(db, user, scope, a.tenantId);
  const id = await db.transaction(async (tx) => {
    // Every id the request names, kept or not (a crowd of everyone drops its groups): a foreign one is refused all the same.
    await checkRefs(tx, tenantId, input);
    const [made] = await tx
      .insert(activities)
      .values({ tenantId, ...ruleColumns(a), createdBy: user.id })
      .returning({ id: activities.id });
    await writeNamed(tx, made!.id, a);
    return made!.id;
  });
  return activityOf(db, scope, id);
}

/** The activity's row, locked, in the caller's scope (3410). */
async function locked(tx: Tx, scope: Scope, id: number) {
  const [row] = await tx
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), scope.where(activities.tenantId)))
    .for('update');
  if (!row) throw new BizError(CODE.activityNotFound);
  return { row, state: stateOfRow(row, new Date()) };
}

/** Rewrites an activity that has not started (3411 once it has: prices already charged were its). */
export async function updateActivity(db: Db, scope: Scope, id: number, input: ActivityRule) {
  const a = keepTypeFields(input);
  await db.transaction(async (tx) => {
    const { row, state } = await locked(tx, scope, id);
    if (state === 'stopped' || state === 'expired') throw new BizError(CODE.activityOver);
    if (state !== 'notStarted' && !(state === 'disabled' && row.startAt > new Date()))
      throw new BizError(CODE.activityStarted);
    if (Date.parse(a.endAt) <= Date.now()) throw new BizError(CODE.endBeforeNow);
    await checkRefs(tx, row.tenantId, input);
    await tx
      .update(activities)
      .set({ ...ruleColumns(a), extendedEndAt: null })
      .where(eq(activities.id, id));
    await writeNamed(tx, id, a);
  });
  return activityOf(db, scope, id);
}

/** Stops an activity for good (3412 when it is over already). */
export async function terminateActivity(db: Db, scope: Scope, id: number) {
  await db.transaction(async (tx) => {
    const { state } = await locked(tx, scope, id);
    if (state === 'stopped' || state === 'expired') throw new BizError(CODE.activityOver);
    await tx
      .update(activities)
      .set({ stoppedAt: sql`now()` })
      .where(eq(activities.id, id));
  });
  return activityOf(db, scope, id);
}

/** Moves the end later: never before the original end (3413) nor before now (3437); a stopped one is over (3412). */
export async function extendActivity(db: Db, scope: Scope, id: number, endAt: string) {
  await db.transaction(async (tx) => {
    const { row, state } = await locked(tx, scope, id);
    if (state === 'stopped') throw new BizError(CODE.activityOver);
    const end = new Date(endAt);
    if (end < row.endAt) throw new BizError(CODE.extendBeforeEnd);
    if (end.getTime() <= Date.now()) throw new BizError(CODE.endBeforeNow);
    await tx.update(activities).set({ extendedEndAt: end }).where(eq(activities.id, id));
  });
  return activityOf(db, scope, id);
}

/** Disables or enables; the guarded update makes twice an error (3415, 3416), concurrent calls included. */
export async function setActivityState(db: Db, scope: Scope, id: number, state: 'normal' | 'disabled') {
  const disabled = state === 'disabled';
  const done = await db
    .update(activities)
    .set({ disabled })
    .where(and(eq(activities.id, id), scope.where(activities.tenantId), not(eq(activities.disabled, disabled))))
    .returning({ id: activities.id });
  if (!done.length) {
    const [exists] = await db
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.id, id), scope.where(activities.tenantId)));
    if (!exists) throw new BizError(CODE.activityNotFound);
    throw new BizError(disabled ? CODE.activityAlreadyDisabled : CODE.activityAlreadyEnabled);
  }
  return activityOf(db, scope, id);
}
