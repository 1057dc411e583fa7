/**
 * The demo world as the generated suites see it: one signed-in principal per
 * role the isolation matrix plays, and every tenant-owned row with its owner
 * and its tell-tale labels, read through the upstream's own owner map
 * (`owners`, server/domains.ts) and scope (server/scope.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { POWER_CODES, type RoleKind } from '../../../../shared/roles.js';
import { authenticator, owners } from '../../../../server/domains.js';
import { users } from '../../../../server/account/index.js';
import { hashPassword } from '../../../../server/account/passwords.js';
import { issueToken } from '../../../../server/account/tokens.js';
import type { Scope } from '../../../../server/scope.js';
import { DEMO_PASSWORD, type TestApp } from '../../helpers.js';
import { memberDevices, roles } from '../../../../server/identity/schema.js';

export interface Player {
  /** What the matrix calls it: `tenant1`, `member without the code`… */
  name: string;
  kind: RoleKind;
  token: string;
  tenantId: number | null;
  scope: Scope;
  /** A member's power codes. */
  powers: readonly string[];
}

/** Adds a member of `tenantId` holding `powers` (a custom role of its own); returns its username. */
export async function addMember(
  t: TestApp,
  username: string,
  tenantId: number,
  powers: readonly string[],
): Promise<string> {
  const [role] = await t.db
    .insert(roles)
    .values({ tenantId, name: `${username}角色`, powers: [...powers] })
    .returning({ id: roles.id });
  await t.db.insert(users).values({
    username,
    name: `${username}员工`,
    kind: 'member',
    tenantId,
    roleId: role!.id,
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  return username;
}

async function playerOf(t: TestApp, name: string, username: string): Promise<Player> {
  const token = await t.signIn(username);
  const { user, scope } = await authenticator.principal(t.db, token);
  return { name, kind: user.kind, token, tenantId: user.tenantId, scope, powers: user.powers };
}

/** The devices of tenant A the matrix's member with assigned devices is given: a point's two, of its ten. */
export const ASSIGNED_SERIALS = ['VM2026000101', 'VM2026000102'] as const;

/**
 * admin, the first-level tenant A, its second-level tenant, tenant B, A's
 * enterprise customer, A's member with every code, A's member with every
 * code and two assigned devices (it sees those and their orders only), and
 * the demo member holding a few.
 */
export async function players(t: TestApp): Promise<Player[]> {
  const withAll = await addMember(t, 'matrixall', t.ids.tenant('A'), POWER_CODES);
  const withDevices = await addMember(t, 'matrixdevices', t.ids.tenant('A'), POWER_CODES);
  const [member] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, withDevices));
  await t.db
    .insert(memberDevices)
    .values(ASSIGNED_SERIALS.map((serial) => ({ userId: member!.id, deviceId: t.ids.device(serial) })));
  const cast: [string, string][] = [
    ['admin', 'admin'],
    ['tenant1', 'tenant1'],
    ['tenant11', 'tenant11'],
    ['tenant2', 'tenant2'],
    ['enterprise1', 'enterprise1'],
    ['member with every code', withAll],
    ['member with assigned devices', withDevices],
    ['member1', 'member1'],
  ];
  const result: Player[] = [];
  for (const [name, username] of cast) result.push(await playerOf(t, name, username));
  return result;
}

/** One member of tenant A per power code, holding that code alone (`member holding 2-1`). */
export async function oneCodeMembers(t: TestApp): Promise<Player[]> {
  const result: Player[] = [];
  for (const code of POWER_CODES) {
    const username = await addMember(t, `matrix${code.replace('-', '')}`, t.ids.tenant('A'), [code]);
    result.push(await playerOf(t, `member holding ${code}`, username));
  }
  return result;
}

export interface OwnedRow {
  entity: string;
  id: number;
  tenantId: number | null;
  /** The device the row is of, where its entity has one (a device, an order, a complaint…). */
  deviceId?: number | null;
  labels: string[];
}

/** Every row of every owned entity. */
export async function ownedRows(t: TestApp): Promise<OwnedRow[]> {
  const rows: OwnedRow[] = [];
  for (const [entity, owner] of Object.entries(owners)) {
    const labels = Object.fromEntries(owner.labels.map((c, i) => [`l${i}`, c]));
    const found = await t.db
      .select({
        id: owner.id,
        tenantId: owner.tenantId,
        ...(owner.deviceId ? { deviceId: owner.deviceId } : {}),
        ...labels,
      })
      .from(owner.id.table);
    for (const r of found as Record<string, unknown>[]) {
      rows.push({
        entity,
        id: r.id as number,
        tenantId: (r.tenantId as number | null) ?? null,
        ...(owner.deviceId ? { deviceId: (r.deviceId as number | null) ?? null } : {}),
        labels: owner.labels.map((_, i) => String(r[`l${i}`] ?? '')).filter((l) => l.length >= 2),
      });
    }
  }
  return rows;
}

/** Whether `player` may see `row`: its scope holds the owner (no owner: the admin's alone). */
export const sees = (player: Player, row: OwnedRow): boolean =>
  (player.scope.all || (row.tenantId !== null && player.scope.has(row.tenantId))) &&
  (row.deviceId === undefined || player.scope.hasDevice(row.deviceId));

/** A fresh token of a user, without a sign-in (no password hashing, no sign-in limit). */
export async function tokenOf(t: TestApp, username: string): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return (await issueToken(t.db, row!.id)).token;
}

/**
 * Counts committed writes to every table but the sign-in bookkeeping (a
 * refused sign-in is counted there on purpose): a trigger on each row
 * written bumps one counter, inside the writing transaction, so a write
 * that was rolled back leaves no trace. Returns the reader of the counter.
 * Cheaper than digesting every table around each of ten thousand calls.
 */
export async function watchWrites(t: TestApp): Promise<() => Promise<number>> {
  await t.db.execute(sql`create table if not exists zz_writes (n bigint not null)`);
  await t.db.execute(sql`insert into zz_writes select 0 where not exists (select 1 from zz_writes)`);
  await t.db.execute(
    sql.raw(`create or replace function zz_count_write() returns trigger language plpgsql as $$
    begin update zz_writes set n = n + 1; return null; end $$`),
  );
  const tables = rowsOf<{ name: string }>(
    await t.db.execute(sql`
    select relname as name from pg_class
    -- The operation log records a refusal on purpose (server/oplog/record.ts): that write is not the refused change.
    where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and relname !~ '(sign_in|attempt|limit|^zz_|^op_records$)'
      -- A partitioned table's trigger is its partitions' too (orders by month).
      and not relispartition
    order by 1`),
  );
  for (const { name } of tables) {
    // Per row: an UPDATE … WHERE that matched nothing wrote nothing.
    await t.db.execute(
      sql.raw(
        `create trigger zz_count after insert or update or delete on "${name}" for each row execute function zz_count_write()`,
      ),
    );
  }
  return async () => Number(rowsOf<{ n: string }>(await t.db.execute(sql`select n from zz_writes`))[0]!.n);
}

/** node-postgres answers `{ rows }`, PGlite too; drizzle passes either through. */
const rowsOf = <R>(result: unknown): R[] => (Array.isArray(result) ? result : (result as { rows: R[] }).rows);
