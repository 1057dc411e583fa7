/**
 * The fleet in one view (`device.pushes`): every push to the caller's
 * tenants' devices, whatever is pushed, newest first, with its devices by
 * step and those that stalled. Each kind's domain gives its pushes as a
 * select of the same columns (a `PushSource` port, ports.ts); the union of
 * them is filtered, counted and paged here, in one statement each, so a
 * page never reads more than it shows.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../shared/api/define.js';
import { PUSH_KINDS, PUSH_LIMITS, type PushFilter, type PushItem, type PushKind } from '../../shared/device/index.js';
import type { Port } from '../../shared/ports.js';
import { users } from '../account/schema.js';
import type { Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';
import { tenantInScope } from '../tenant/index.js';
import { firmwarePushes, pricePushes, type PushSource } from './ports.js';

const SOURCES: Record<PushKind, Port<PushSource>> = { firmware: firmwarePushes, price: pricePushes };

/**
 * The columns every `PushSource` selects (a union takes them by place, so a
 * source writes them through `pushSelect`): kind, id, tenant_id, title,
 * module (text or null), version (text or null), state (a PUSH_STATES
 * word), waiting, working, done, failed, cancelled, stalled (int),
 * created_at, created_by (a user id or null), moved_at (or null).
 */
const PUSH_COLUMNS = [
  'kind',
  'id',
  'tenant_id',
  'title',
  'module',
  'version',
  'state',
  'waiting',
  'working',
  'done',
  'failed',
  'cancelled',
  'stalled',
  'created_at',
  'created_by',
  'moved_at',
] as const;

type PushColumn = (typeof PUSH_COLUMNS)[number];

/** A source's select list: each column's expression, in the union's order and under its name. */
export const pushSelect = (columns: Record<PushColumn, SQL | AnyColumn>) =>
  sql.join(
    PUSH_COLUMNS.map((name) => sql`${columns[name]} as ${sql.identifier(name)}`),
    sql`, `,
  );

interface Row {
  kind: PushKind;
  id: number;
  tenant_id: number;
  title: string;
  module: PushItem['module'];
  version: string | null;
  state: PushItem['state'];
  waiting: number;
  working: number;
  done: number;
  failed: number;
  cancelled: number;
  stalled: number;
  created_at: string;
  moved_at: string | null;
  tenant_name: string;
  created_by_name: string | null;
}

const iso = (text: string) => new Date(text).toISOString();
const toItem = (r: Row): PushItem => ({
  kind: r.kind,
  id: r.id,
  tenantId: r.tenant_id,
  tenantName: r.tenant_name,
  title: r.title,
  module: r.module,
  version: r.version,
  state: r.state,
  steps: { waiting: r.waiting, working: r.working, done: r.done, failed: r.failed, cancelled: r.cancelled },
  stalled: r.stalled,
  createdAt: iso(r.created_at),
  createdBy: r.created_by_name,
  movedAt: r.moved_at === null ? null : iso(r.moved_at),
});

export async function pushPage(
  db: Queryable,
  scope: Scope,
  paging: PageQuery,
  filter: PushFilter,
  now = new Date(),
): Promise<{ list: PushItem[]; total: number; pageNum: number; pageSize: number }> {
  if (filter.tenantId !== undefined) await tenantInScope(db, scope, filter.tenantId);
  const stallBefore = new Date(now.getTime() - PUSH_LIMITS.stallMs);
  const kinds = filter.kind ? [filter.kind] : PUSH_KINDS;
  const union = sql.join(
    kinds.map((k) => sql`(${SOURCES[k].use()(scope, stallBefore)})`),
    sql` union all `,
  );
  const where = sql.join(
    [
      sql`true`,
      filter.tenantId === undefined ? undefined : sql`p.tenant_id = ${filter.tenantId}`,
      filter.state === undefined ? undefined : sql`p.state = ${filter.state}`,
      filter.stalled ? sql`p.stalled > 0` : undefined,
    ].filter((c) => c !== undefined),
    sql` and `,
  );
  const list = await rowsOf<Row>(
    db,
    sql`select p.kind, p.id, p.tenant_id, p.title, p.module, p.version, p.state, p.waiting, p.working, p.done,
        p.failed, p.cancelled, p.stalled, to_json(p.created_at) #>> '{}' as created_at,
        to_json(p.moved_at) #>> '{}' as moved_at, t.name as tenant_name, u.username as created_by_name
      from (${union}) p
      join ${tenants} t on t.id = p.tenant_id
      left join ${users} u on u.id = p.created_by
      where ${where}
      order by p.created_at desc, p.kind, p.id desc
      limit ${paging.pageSize} offset ${(paging.pageNum - 1) * paging.pageSize}`,
  );
  const [counted] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${union}) p where ${where}`,
  );
  return { list: list.map(toItem), total: counted?.total ?? 0, pageNum: paging.pageNum, pageSize: paging.pageSize };
}
