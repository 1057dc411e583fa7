/**
 * The fleet in one view (`device.pushes`): every push to the caller's
 * tenants' devices, whatever is pushed, newest first, with its devices by
 * step and those that stalled. Each kind's domain gives its pushes' headers
 * as a select of the same columns (a `PushSource` port, ports.ts); their
 * devices are counted here from the one parts table (push-steps.ts), and
 * the whole is filtered, counted and paged in one statement each, so a page
 * never reads more than it shows.
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
import { firmwarePushes, markdownPushes, pricePushes, type PushSource } from './ports.js';
import { pushParts as part } from './schema.js';

const SOURCES: Record<PushKind, Port<PushSource>> = {
  firmware: firmwarePushes,
  price: pricePushes,
  markdown: markdownPushes,
};

/**
 * The columns every `PushSource` selects (a union takes them by place, so a
 * source writes them through `pushSelect`): kind (a push_kind), id,
 * tenant_id, title, module (text or null), version (text or null), held (a
 * person holds it: it is neither running nor finished, whatever its parts
 * say), due_at (when its waiting parts were due at their machines, null
 * when the push itself offers them: such a part waiting since before the
 * cut has stalled), created_at, created_by (a user id or null).
 */
const PUSH_COLUMNS = [
  'kind',
  'id',
  'tenant_id',
  'title',
  'module',
  'version',
  'held',
  'due_at',
  'created_at',
  'created_by',
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
  const cut = sql`${new Date(now.getTime() - PUSH_LIMITS.stallMs).toISOString()}::timestamptz`;
  const kinds = filter.kind ? [filter.kind] : PUSH_KINDS;
  const union = sql.join(
    kinds.map((k) => sql`(${SOURCES[k].use()(scope)})`),
    sql` union all `,
  );
  // Each push's devices that the caller sees, by step; stalled: at work and silent since the cut, or due since the
  // cut and not yet come for. A member with assigned devices sees the pushes reaching one of them.
  const pushes = sql`select h.kind, h.id, h.tenant_id, h.title, h.module, h.version, h.created_at, h.created_by,
      case when h.held then 'held' when n.waiting + n.working > 0 then 'running' else 'finished' end as state,
      n.waiting, n.working, n.done, n.failed, n.cancelled, n.stalled, n.moved_at
    from (${union}) h
    cross join lateral (
      select count(*) filter (where ${part.step} = 'waiting')::int as waiting,
        count(*) filter (where ${part.step} = 'working')::int as working,
        count(*) filter (where ${part.step} = 'done')::int as done,
        count(*) filter (where ${part.step} = 'failed')::int as failed,
        count(*) filter (where ${part.step} = 'cancelled')::int as cancelled,
        count(*) filter (where (${part.step} = 'working' and ${part.heardAt} < ${cut})
          or (${part.step} = 'waiting' and h.due_at < ${cut}))::int as stalled,
        count(*)::int as seen,
        max(${part.heardAt}) as moved_at
      from ${part} where ${part.kind} = h.kind and ${part.pushId} = h.id and ${scope.device(part.deviceId)}
    ) n
    where ${scope.devices === null ? sql`true` : sql`n.seen > 0`}`;
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
      from (${pushes}) p
      join ${tenants} t on t.id = p.tenant_id
      left join ${users} u on u.id = p.created_by
      where ${where}
      order by p.created_at desc, p.kind, p.id desc
      limit ${paging.pageSize} offset ${(paging.pageNum - 1) * paging.pageSize}`,
  );
  const [counted] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${pushes}) p where ${where}`,
  );
  return { list: list.map(toItem), total: counted?.total ?? 0, pageNum: paging.pageNum, pageSize: paging.pageSize };
}
