/**
 * Groups computed from behaviour (shared/group/behaviour.ts). Who a rule
 * finds is one statement over the orders (the order domain's typed tables):
 * the tenant's members, not erased, for whom every condition holds —
 * "bought at", "spent" and "bought a product" as semi-joins over the window's
 * paid orders (the orders by tenant and time), "lapsed" as two probes of the
 * member's own orders (by member and time). A computation writes the group's
 * members in one statement: those found and not there are added (activated,
 * known by their card number), those there and no longer found leave; one
 * the operator disabled stays, disabled, whatever a computation finds. It
 * runs as a job of the one queue, asked for on every edit, on request and by
 * a sweep once the last one is older than RECOMPUTE_EVERY_MS; the ask is a column set in the same transaction
 * that queues the job, so two instances' sweeps queue it once.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { RECOMPUTE_EVERY_MS, type BehaviourRule } from '../../shared/group/index.js';
import type { Db, Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { devices, tenantProducts } from '../device/index.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import { enqueue, type JobKind } from '../jobs/index.js';
import { members } from '../member/index.js';
import { orderItems, orders } from '../order/index.js';
import { points } from '../point/index.js';
import { products } from '../product/index.js';
import type { Scope } from '../scope.js';
import { owningTenant } from '../tenant/index.js';
import { groupMembers, groups } from './schema.js';

export const COMPUTE_JOB = 'group.compute';
const CHOICES = 500;

const paid = eq(orders.paymentState, 'success');

/** The ids of the tenant's members `rule` finds at `now`. */
export function buyers(tenantId: number, rule: BehaviourRule, now: SQL = sql`now()`): SQL {
  const since = sql`${now} - make_interval(days => ${rule.days})`;
  const inWindow = and(eq(orders.tenantId, tenantId), isNotNull(orders.memberId), paid, gte(orders.createdAt, since));
  const conditions = rule.conditions.map((c): SQL => {
    switch (c.kind) {
      case 'boughtAt': {
        const where = or(
          c.deviceIds.length ? inArray(orders.deviceId, c.deviceIds) : undefined,
          c.pointIds.length ? inArray(orders.pointId, c.pointIds) : undefined,
        );
        return sql`${members.id} in (select ${orders.memberId} from ${orders} where ${and(inWindow, where)})`;
      }
      case 'spent':
        return sql`${members.id} in (select ${orders.memberId} from ${orders} where ${inWindow}
          group by ${orders.memberId} having sum(${orders.receivedAmount} - ${orders.refundAmount}) >= ${c.minFen})`;
      case 'boughtProduct':
        return sql`${members.id} in (select ${orders.memberId} from ${orders}
          join ${orderItems} on ${orderItems.orderId} = ${orders.id}
          where ${and(inWindow, inArray(orderItems.productId, c.productIds))})`;
      case 'lapsed':
        // Bought once, and not since the window began.
        return sql`exists (select 1 from ${orders} where ${orders.memberId} = ${members.id} and ${paid})
          and not exists (select 1 from ${orders} where ${orders.memberId} = ${members.id} and ${paid}
            and ${orders.createdAt} >= ${since})`;
    }
  });
  return sql`select ${members.id} as id, ${members.cardNumber} as card from ${members}
    where ${and(eq(members.tenantId, tenantId), isNull(members.erasedAt), ...conditions)}`;
}

/** What a tenant's conditions may name: its devices, points and the products its machines stock or it keeps. */
export async function behaviourChoices(db: Queryable, tenantId: number) {
  const [deviceRows, pointRows, productRows] = await Promise.all([
    db
      .select({ id: devices.id, name: devices.name, serial: devices.serial })
      .from(devices)
      .where(eq(devices.tenantId, tenantId))
      .orderBy(asc(devices.name), asc(devices.id))
      .limit(CHOICES),
    db
      .select({ id: points.id, name: points.name })
      .from(points)
      .where(eq(points.tenantId, tenantId))
      .orderBy(asc(points.name), asc(points.id))
      .limit(CHOICES),
    db
      .select({ id: products.id, name: products.name, number: products.number, price: products.price })
      .from(products)
      .where(tenantProducts(tenantId))
      .orderBy(asc(products.name), asc(products.id))
      .limit(CHOICES),
  ]);
  return { devices: deviceRows, points: pointRows, products: productRows };
}

/** 3408 unless every device, point and product the rule names is one the tenant may name (however many it has, not only the first 500 offered). */
export async function checkRule(db: Queryable, tenantId: number, rule: BehaviourRule): Promise<void> {
  const named = (pick: (c: BehaviourRule['conditions'][number]) => readonly number[]) => [
    ...new Set(rule.conditions.flatMap(pick)),
  ];
  const deviceIds = named((c) => (c.kind === 'boughtAt' ? c.deviceIds : []));
  const pointIds = named((c) => (c.kind === 'boughtAt' ? c.pointIds : []));
  const productIds = named((c) => (c.kind === 'boughtProduct' ? c.productIds : []));
  const count = async (ids: readonly number[], rows: () => Promise<unknown[]>) =>
    ids.length === 0 || (await rows()).length === ids.length;
  const ok = await Promise.all([
    count(deviceIds, () =>
      db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), inArray(devices.id, deviceIds))),
    ),
    count(pointIds, () =>
      db
        .select({ id: points.id })
        .from(points)
        .where(and(eq(points.tenantId, tenantId), inArray(points.id, pointIds))),
    ),
    count(productIds, () =>
      db
        .select({ id: products.id })
        .from(products)
        .where(and(tenantProducts(tenantId), inArray(products.id, productIds))),
    ),
  ]);
  if (ok.includes(false)) throw new BizError(CODE.behaviourRefUnknown);
}

/** How many members a rule finds now, for the form's live size. */
export async function previewSize(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  input: { tenantId?: number | undefined; behaviour: BehaviourRule },
) {
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  await checkRule(db, tenantId, input.behaviour);
  const [row] = await rowsOf<{ size: number; at: Date | string }>(
    db,
    sql`select count(*)::int as size, now() as at from (${buyers(tenantId, input.behaviour)}) found`,
  );
  return { size: row!.size, computedAt: new Date(row!.at).toISOString() };
}

/** Asks for a computation of a behaviour group: marks it asked and queues the job, in the caller's transaction. */
export async function requestCompute(tx: Queryable, groupId: number): Promise<void> {
  await tx
    .update(groups)
    .set({ computeRequestedAt: sql`now()` })
    .where(eq(groups.id, groupId));
  await enqueue(tx, COMPUTE_JOB, { groupId });
}

/** Computes a behaviour group's members now; nothing for a group gone, disabled or of identifiers. */
export async function computeGroup(db: Db, groupId: number): Promise<{ added: number; removed: number } | null> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ tenantId: groups.tenantId, behaviour: groups.behaviour, state: groups.state })
      .from(groups)
      .where(eq(groups.id, groupId))
      .for('update');
    if (!group?.behaviour || group.state !== 'normal') return null;
    const [row] = await rowsOf<{ added: number; removed: number }>(
      tx,
      sql`with found as (${buyers(group.tenantId, group.behaviour)}),
      gone as (delete from ${groupMembers} gm where gm.group_id = ${groupId} and gm.state <> 'disabled'
        -- NOT IN over the found ids is one hashed set; NOT EXISTS against the CTE was a nested loop (rows × rows).
        and (gm.member_id is null or gm.member_id not in (select id from found)) returning 1),
      added as (insert into ${groupMembers} (group_id, tenant_id, identifier, state, member_id, claimed_at)
        select ${groupId}, ${group.tenantId}, found.card, 'activated', found.id, now() from found
        on conflict (group_id, identifier) do nothing returning 1)
      select (select count(*)::int from added) as added, (select count(*)::int from gone) as removed`,
    );
    await tx
      .update(groups)
      .set({ computedAt: sql`now()` })
      .where(eq(groups.id, groupId));
    return row ?? { added: 0, removed: 0 };
  });
}

/** Queues the computation of every enabled behaviour group last computed more than RECOMPUTE_EVERY_MS ago, once across instances. */
export async function sweepBehaviourGroups(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(groups)
      .set({ computeRequestedAt: sql`now()` })
      .where(
        and(
          eq(groups.importMethod, 'behaviour'),
          eq(groups.state, 'normal'),
          or(
            isNull(groups.computedAt),
            lt(groups.computedAt, sql`now() - make_interval(secs => ${RECOMPUTE_EVERY_MS / 1000})`),
          ),
          // One asked for and not yet done is left to its job (retried by the runner) for a while.
          or(isNull(groups.computeRequestedAt), lt(groups.computeRequestedAt, sql`now() - interval '10 minutes'`)),
        ),
      )
      .returning({ id: groups.id });
    for (const g of due) await enqueue(tx, COMPUTE_JOB, { groupId: g.id });
    return due.length;
  });
}

export const computeJob: JobKind<{ groupId: number }> = {
  retryAfter: (attempt) => (attempt < 3 ? 10_000 * attempt : null),
  run: async ({ groupId }, { db }) => {
    await computeGroup(db, groupId);
  },
  // Given up: the next sweep asks again once the ask is ten minutes old.
  async failed() {},
};
