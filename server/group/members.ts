/**
 * A group's members and the claim flow (docs/domains/group.md). An
 * identifier added to a pre-import group waits, inactive, until a person of
 * the group's tenant signs in to the mini-program holding it (their phone,
 * the employee number they state, their member card): it is then theirs —
 * pending where the group reviews claims, else activated — with who and when
 * at each step. A real-time group takes people as they sign in and state
 * their identifier. Every write names its rows by the unique (group,
 * identifier), so a race adds an identifier once.
 */
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import {
  GROUP_MEMBER_MOVES,
  identifierValue,
  type GroupItem,
  type GroupMemberAction,
  type GroupMemberState,
} from '../../shared/group/index.js';
import type { Db, Queryable } from '../db/index.js';
import { containsPattern, rowsOf } from '../db/sql.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { users } from '../account/schema.js';
import { members } from '../member/schema.js';
import { groupMembers, groups } from './schema.js';
import { groupOf } from './groups.js';

/** The member column that holds an identifier of each kind. */
const HELD_IN = {
  phone: members.phone,
  employeeNumber: members.employeeNumber,
  cardNumber: members.cardNumber,
} as const;
/** A claim's state: waiting for review where the group asks for one. */
const claimedState = sql`case when ${groups.review} then 'pending'::group_member_state else 'activated'::group_member_state end`;

export async function groupMemberPage(
  db: Queryable,
  scope: Scope,
  id: number,
  query: PageQuery,
  filter: { keyword?: string | undefined; state?: GroupMemberState | undefined },
) {
  await groupOf(db, scope, id);
  const like = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const where = and(
    eq(groupMembers.groupId, id),
    filter.state ? eq(groupMembers.state, filter.state) : undefined,
    like ? or(sql`${groupMembers.identifier} ilike ${like}`, sql`${members.nickname} ilike ${like}`) : undefined,
  );
  return paged(
    query,
    db
      .select({
        id: groupMembers.id,
        identifier: groupMembers.identifier,
        state: groupMembers.state,
        memberId: groupMembers.memberId,
        nickname: members.nickname,
        addedAt: groupMembers.addedAt,
        claimedAt: groupMembers.claimedAt,
        decidedBy: users.name,
        decidedAt: groupMembers.decidedAt,
      })
      .from(groupMembers)
      .leftJoin(members, eq(members.id, groupMembers.memberId))
      .leftJoin(users, eq(users.id, groupMembers.decidedBy))
      .where(where)
      .orderBy(desc(groupMembers.addedAt), desc(groupMembers.id)),
    db
      .select({ total: count() })
      .from(groupMembers)
      .leftJoin(members, eq(members.id, groupMembers.memberId))
      .where(where),
    (r) => ({
      ...r,
      addedAt: r.addedAt.toISOString(),
      claimedAt: r.claimedAt?.toISOString() ?? null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
    }),
  );
}

/**
 * Adds identifiers to a pre-import group: each checked against the group's
 * kind (a field error at its position, nothing added then), one already there
 * left as it is, one a member of the tenant already holds claimed at once.
 */
export async function addGroupMembers(db: Db, scope: Scope, id: number, typed: readonly string[]) {
  const group = await groupOf(db, scope, id);
  if (group.importMethod !== 'preImport') throw new BizError(CODE.groupNotPreImport);
  const schema = identifierValue(group.identifier);
  const fields: Record<string, string> = {};
  const identifiers = typed.map((value, i) => {
    const checked = schema.safeParse(value);
    if (!checked.success) fields[`identifiers.${i}`] = checked.error.issues[0]?.message ?? 'validation.invalid';
    return checked.success ? checked.data : value;
  });
  if (Object.keys(fields).length) throw new RequestValidationError(fields);
  const unique = [...new Set(identifiers)];
  return db.transaction(async (tx) => {
    const { added, claimed } = await insertIdentifiers(tx, group, unique);
    return { added, unchanged: typed.length - added, claimed };
  });
}

/** The group an identifier goes into: where it belongs, what it is, whether claims wait for review. */
export type GroupTarget = Pick<GroupItem, 'id' | 'tenantId' | 'identifier' | 'review'>;

/**
 * Inserts identifiers (checked, distinct) into a group, each claimed at once
 * where a member of the tenant holds it; one already there is left as it is.
 * Answers how many were added, and how many of those were claimed.
 *
 * One statement with the identifiers as one JSON parameter: the holders are
 * joined in the database and only two counts come back. Drizzle's insert of
 * 1 000 rows sent 6 000 parameters (and a lookup of the holders 1 000 more),
 * built an object per row and value, and read every row back: a 50 000-row
 * import left some 170 MB of such garbage on the heap during its write
 * (`bench/imports.ts`, its peak memory).
 */
export async function insertIdentifiers(db: Queryable, group: GroupTarget, identifiers: readonly string[]) {
  if (!identifiers.length) return { added: 0, claimed: 0 };
  const held = HELD_IN[group.identifier];
  // A phone counts once the member proved it (server/member/phone.ts). Where two members hold the same employee or
  // card number, the first made claims it.
  const proven = group.identifier === 'phone' ? sql`and ${members.phoneVerifiedAt} is not null` : sql``;
  const [counts] = await rowsOf<{ added: number; claimed: number }>(
    db,
    sql`with given as (select value as identifier from json_array_elements_text(${JSON.stringify(identifiers)}::json)),
      holder as (
        select distinct on (${held}) ${held} as identifier, ${members.id} as id from ${members}
        where ${members.tenantId} = ${group.tenantId}::int and ${members.erasedAt} is null ${proven}
          and ${held} in (select identifier from given)
        order by ${held}, ${members.id}
      ),
      added as (
        insert into ${groupMembers} (group_id, tenant_id, identifier, member_id, state, claimed_at)
        select ${group.id}::int, ${group.tenantId}::int, given.identifier, holder.id,
          case when holder.id is null then 'inactive' when ${group.review}::boolean then 'pending' else 'activated' end::group_member_state,
          case when holder.id is null then null else now() end
        from given left join holder on holder.identifier = given.identifier
        on conflict (group_id, identifier) do nothing
        returning member_id
      )
      select count(*)::int as added, count(member_id)::int as claimed from added`,
  );
  return { added: counts!.added, claimed: counts!.claimed };
}

/** Which of `identifiers` the group holds already: one JSON parameter, as `insertIdentifiers` sends them. */
export async function identifiersIn(db: Queryable, groupId: number, identifiers: readonly string[]) {
  const rows = await rowsOf<{ identifier: string }>(
    db,
    sql`select ${groupMembers.identifier} as identifier from ${groupMembers}
      where ${groupMembers.groupId} = ${groupId}::int
        and ${groupMembers.identifier} in (select value from json_array_elements_text(${JSON.stringify(identifiers)}::json))`,
  );
  return new Set(rows.map((r) => r.identifier));
}

/** Reviews or changes members of one group, all or none: 3405 for one not of it, 3406 for one whose state does not allow the action. */
export async function decideGroupMembers(
  db: Db,
  user: AuthUser,
  scope: Scope,
  id: number,
  ids: readonly number[],
  action: GroupMemberAction,
) {
  await groupOf(db, scope, id);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: groupMembers.id, state: groupMembers.state })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, id), inArray(groupMembers.id, [...ids])))
      .for('update');
    if (rows.length !== new Set(ids).size) throw new BizError(CODE.groupMemberNotFound);
    if (rows.some((r) => !(GROUP_MEMBER_MOVES[action] as readonly GroupMemberState[]).includes(r.state)))
      throw new BizError(CODE.groupMemberState);
    const next: SQL =
      action === 'approve'
        ? sql`'activated'::group_member_state`
        : action === 'enable'
          ? sql`case when ${groupMembers.memberId} is null then 'inactive'::group_member_state else 'activated'::group_member_state end`
          : sql`'disabled'::group_member_state`;
    await tx
      .update(groupMembers)
      .set({ state: next, decidedBy: user.id, decidedAt: sql`now()` })
      .where(
        inArray(
          groupMembers.id,
          rows.map((r) => r.id),
        ),
      );
    return { changed: rows.length };
  });
}

/** What a member's sign-in or profile tells the groups: the identifiers it holds now. */
export interface Identified {
  memberId: number;
  phone: string | null;
  employeeNumber: string | null;
  cardNumber: string;
}

/**
 * A person of `tenantId` holds these identifiers: the waiting identifiers of
 * that tenant's enabled pre-import groups become theirs, and its enabled
 * real-time groups take them in — pending where a group reviews claims.
 * Inside the sign-in's (or profile change's) transaction; a repeat changes nothing.
 */
export async function claim(db: Queryable, tenantId: number, who: Identified): Promise<void> {
  for (const kind of ['phone', 'employeeNumber', 'cardNumber'] as const) {
    const value = who[kind];
    if (!value) continue;
    const ofKind = and(eq(groups.tenantId, tenantId), eq(groups.identifier, kind), eq(groups.state, 'normal'));
    await db
      .update(groupMembers)
      .set({ memberId: who.memberId, state: claimedState, claimedAt: sql`now()` })
      .from(groups)
      .where(
        and(
          eq(groups.id, groupMembers.groupId),
          ofKind,
          eq(groups.importMethod, 'preImport'),
          eq(groupMembers.tenantId, tenantId),
          eq(groupMembers.identifier, value),
          eq(groupMembers.state, 'inactive'),
        ),
      );
    // Insert-select: drizzle's builder would need every column, the identity too.
    await db.execute(sql`insert into ${groupMembers} (group_id, tenant_id, identifier, state, member_id, claimed_at)
      select ${groups.id}, ${groups.tenantId}, ${value}, ${claimedState}, ${who.memberId}, now() from ${groups}
      where ${and(ofKind, eq(groups.importMethod, 'realTime'))}
      on conflict (group_id, identifier) do nothing`);
  }
}

/** An erased member's group rows: gone, identifier and all. */
export async function forget(db: Queryable, memberId: number): Promise<void> {
  await db.delete(groupMembers).where(eq(groupMembers.memberId, memberId));
}
