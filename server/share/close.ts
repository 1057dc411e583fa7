/**
 * Closing a tenant's business month into statements, from the sales
 * rollups (server/order/rollup.ts), never the orders: a day's sales of a
 * device and the refunds that settled that day (so a refund of last month's
 * sale lowers this month, and last month's statement stays as issued).
 *
 * - A device's day counts at the point it stood at when the day ended
 *   (the device's point history); a point's day goes to the host holding it
 *   that day (share_point_hosts), so a point changing hands mid-month splits
 *   by day.
 * - A host's statement has a line per run of days of each point with a rule
 *   of its own, and one line for its other points under the host's rule
 *   (the whole month: tiers and rent are the host's). A point with no rule
 *   at all is listed with nothing owed, so its sales still show.
 * - A second-level tenant's statement: one line, all its machines' sales
 *   under its rule.
 * - Each line keeps the days and devices it sums (share_line_days), and the
 *   terms it applied, so an issued statement explains itself for ever.
 *
 * Idempotent: a draft whose computed content (its digest) is unchanged is
 * not written; an issued one is never touched; a draft nobody is owed any
 * more goes. The tenant's share lock serialises closes and issues.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, addDays, daysBetween, nextMonth } from '../../shared/business-time.js';
import { daysInMonth, shareOf, type ShareParty, type ShareTerms } from '../../shared/share/index.js';
import type { Db, Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { devicePoints } from '../device/index.js';
import { tenants } from '../identity/schema.js';
import { salesRollups } from '../order/index.js';
import { points } from '../point/index.js';
import { refundsOfEarlierSales } from '../refund/index.js';
import { lockTenantShares } from './stated.js';
import {
  shareAdjustments,
  shareHosts,
  shareLineDays,
  shareLines,
  sharePointHosts,
  shareRules,
  shareStatements,
} from './schema.js';

interface DayRow {
  tenantId: number;
  deviceId: number;
  day: string;
  pointId: number | null;
  sales: number;
  refunds: number;
}

interface Rule extends ShareTerms {
  id: number;
}

interface Line {
  subject: 'point' | 'host' | 'tenant';
  /** A correction line (see `corrections`): the issued line it corrects, the refunds it takes back, their share. */
  correction?: { lineId: number; refunds: number; share: number };
  subjectId: number;
  label: string;
  rule: Rule | null;
  fromDay: string;
  toDay: string;
  days: number;
  rows: DayRow[];
}

/** A device's day at the point it stood at when the day ended (business time), of these tenants' machines. */
async function dayRows(db: Queryable, tenantIds: number[], from: string, to: string): Promise<DayRow[]> {
  if (tenantIds.length === 0) return [];
  return rowsOf<DayRow>(
    db,
    sql`
    select r.tenant_id as "tenantId", r.device_id as "deviceId", to_char(r.bucket, 'YYYY-MM-DD') as day,
      p.point_id as "pointId", r.sales::float8 as sales, r.refunds::float8 as refunds
    from ${salesRollups} r
    left join lateral (
      select s.point_id from ${devicePoints} s
      where s.device_id = r.device_id and s.from_at < ((r.bucket + interval '1 day') at time zone ${BUSINESS_TIME_ZONE})
      order by s.from_at desc limit 1
    ) p on true
    where r.tenant_id = any(${`{${tenantIds.join(',')}}`}::int[]) and r.grain = 'day' and r.product_id = 0 and r.device_id > 0
      and r.bucket >= ${from}::timestamp and r.bucket < ${to}::timestamp and (r.sales <> 0 or r.refunds <> 0)
    order by r.device_id, r.bucket`,
  );
}

/** Each rule's version in force on the month's first day, by `subject:id`. */
async function rulesInForce(db: Queryable, tenantId: number, from: string): Promise<Map<string, Rule>> {
  const rows = await rowsOf<Rule & { subject: string; subjectId: number }>(
    db,
    sql`
    select distinct on (subject, subject_id) id, subject, subject_id as "subjectId", kind, tiers, rent
    from ${shareRules} where tenant_id = ${tenantId} and from_month <= ${from}::date
    order by subject, subject_id, from_month desc`,
  );
  return new Map(rows.map(({ subject, subjectId, ...r }) => [`${subject}:${subjectId}`, r]));
}

/** Per point of the tenant, the runs of days of the month each host held it. */
async function hostRuns(db: Queryable, tenantId: number, from: string, to: string) {
  const rows = await db
    .select({ pointId: sharePointHosts.pointId, fromDay: sharePointHosts.fromDay, hostId: sharePointHosts.hostId })
    .from(sharePointHosts)
    .where(and(eq(sharePointHosts.tenantId, tenantId), lt(sharePointHosts.fromDay, to)))
    .orderBy(asc(sharePointHosts.pointId), asc(sharePointHosts.fromDay));
  const runs: { pointId: number; hostId: number; fromDay: string; toDay: string }[] = [];
  const last = addDays(to, -1);
  rows.forEach((r, i) => {
    const next = rows[i + 1]?.pointId === r.pointId ? rows[i + 1]!.fromDay : to;
    const start = r.fromDay > from ? r.fromDay : from;
    const end = addDays(next, -1) < last ? addDays(next, -1) : last;
    if (r.hostId !== null && start <= end)
      runs.push({ pointId: r.pointId, hostId: r.hostId, fromDay: start, toDay: end });
  });
  return runs;
}

interface Computed {
  party: ShareParty;
  partyId: number;
  partyName: string;
  lines: Line[];
  adjustments: { id: number; amount: number }[];
}

/** Closes `month` (`YYYY-MM`) of a tenant; answers how many statements it has for that month and how many it wrote. */
export async function closeMonth(
  db: Db,
  tenantId: number,
  month: string,
): Promise<{ statements: number; written: number }> {
  return db.transaction(async (tx) => {
    await lockTenantShares(tx, tenantId);
    const { from, monthDays, computed } = await computeMonth(tx, tenantId, month);
    const written = await store(tx, tenantId, from, monthDays, computed);
    return { statements: computed.length, written };
  });
}

/**
 * What a tenant's month comes to now, per party, written nowhere: the close
 * stores it, an issue compares a draft's digest with it (a draft computed
 * from inputs that changed since is stale and is not issued). Under the
 * tenant's share lock, taken by the caller.
 */
export async function computeMonth(tx: Queryable, tenantId: number, month: string) {
  const from = `${month}-01`;
  const to = nextMonth(from);
  const monthDays = daysInMonth(month);
  const rules = await rulesInForce(tx, tenantId, from);
  const runs = await hostRuns(tx, tenantId, from, to);
  const hosts = await tx
    .select({ id: shareHosts.id, name: shareHosts.name })
    .from(shareHosts)
    .where(eq(shareHosts.tenantId, tenantId));
  const children = await tx
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(eq(tenants.parentId, tenantId));
  const pointIds = [...new Set(runs.map((r) => r.pointId))];
  const pointNames = new Map(
    pointIds.length === 0
      ? []
      : (await tx.select({ id: points.id, name: points.name }).from(points).where(inArray(points.id, pointIds))).map(
          (p) => [p.id, p.name],
        ),
  );
  const own = runs.length ? await dayRows(tx, [tenantId], from, to) : [];
  const atPoint = new Map<number, DayRow[]>();
  for (const d of own) {
    if (d.pointId === null) continue;
    const list = atPoint.get(d.pointId);
    if (list) list.push(d);
    else atPoint.set(d.pointId, [d]);
  }
  const ofChildren = await dayRows(
    tx,
    children.filter((c) => rules.has(`tenant:${c.id}`)).map((c) => c.id),
    from,
    to,
  );
  // This month's refunds of sales an issued statement was paid for: charged back to that statement's party
  // on a line naming it, and taken out of the days they settled on (whoever holds the point now).
  const { byParty: corrected, moved } = await corrections(
    tx,
    tenantId,
    [tenantId, ...children.map((c) => c.id)],
    from,
    to,
  );
  for (const d of [...own, ...ofChildren]) d.refunds -= moved.get(`${d.deviceId}:${d.day}`) ?? 0;
  const correcting = (party: ShareParty, id: number) => corrected.get(`${party}:${id}`) ?? [];
  const adjustments = await tx
    .select({
      id: shareAdjustments.id,
      party: shareAdjustments.party,
      partyId: shareAdjustments.partyId,
      amount: shareAdjustments.amount,
    })
    .from(shareAdjustments)
    .where(and(eq(shareAdjustments.tenantId, tenantId), eq(shareAdjustments.month, from)))
    .orderBy(asc(shareAdjustments.id));
  const adjusted = (party: ShareParty, id: number) =>
    adjustments
      .filter((a) => a.party === party && a.partyId === id)
      .map(({ id: aid, amount }) => ({ id: aid, amount }));

  // An issued statement owns its device-days: no other party of its kind is paid for them again, whatever
  // changed since (a point moved to another host after its month was closed once paid its sales twice).
  const owned = await ownedDays(tx, tenantId, from);
  const free = (party: ShareParty, partyId: number) => (d: DayRow) => {
    const owner = owned.get(`${party}:${d.deviceId}:${d.day}`);
    return owner === undefined || owner === partyId;
  };
  const computed: Computed[] = [];
  for (const host of hosts) {
    const lines: Line[] = [];
    const pooled: Line[] = [];
    for (const run of runs.filter((r) => r.hostId === host.id)) {
      const rows = (atPoint.get(run.pointId) ?? []).filter(
        (d) => d.day >= run.fromDay && d.day <= run.toDay && free('host', host.id)(d),
      );
      const line: Line = {
        subject: 'point',
        subjectId: run.pointId,
        label: pointNames.get(run.pointId) ?? '',
        rule: rules.get(`point:${run.pointId}`) ?? null,
        fromDay: run.fromDay,
        toDay: run.toDay,
        days: daysBetween(run.fromDay, run.toDay),
        rows,
      };
      (line.rule ? lines : pooled).push(line);
    }
    const hostRule = rules.get(`host:${host.id}`);
    if (hostRule && pooled.length)
      lines.push({
        subject: 'host',
        subjectId: host.id,
        label: host.name,
        rule: hostRule,
        fromDay: from,
        toDay: addDays(to, -1),
        days: monthDays,
        rows: pooled.flatMap((l) => l.rows),
      });
    else lines.push(...pooled);
    lines.push(...correcting('host', host.id));
    const adj = adjusted('host', host.id);
    if (lines.length || adj.length)
      computed.push({ party: 'host', partyId: host.id, partyName: host.name, lines, adjustments: adj });
  }
  for (const child of children) {
    const rule = rules.get(`tenant:${child.id}`) ?? null;
    const adj = adjusted('tenant', child.id);
    const corrections = correcting('tenant', child.id);
    if (!rule && !adj.length && !corrections.length) continue;
    const line: Line = {
      subject: 'tenant',
      subjectId: child.id,
      label: child.name,
      rule,
      fromDay: from,
      toDay: addDays(to, -1),
      days: monthDays,
      rows: ofChildren.filter((d) => d.tenantId === child.id && free('tenant', child.id)(d)),
    };
    computed.push({
      party: 'tenant',
      partyId: child.id,
      partyName: child.name,
      lines: [...(rule ? [line] : []), ...corrections],
      adjustments: adj,
    });
  }
  return { from, monthDays, computed };
}

/** A statement's computed content as one digest: its name, lines with their terms, days and figures, and adjustments. */
export function digestOf(c: Computed, monthDays: number) {
  const lines = figures(c.lines, monthDays);
  const digest = createHash('sha256')
    .update(
      JSON.stringify({
        name: c.partyName,
        adjustments: c.adjustments,
        lines: lines.map(({ rule, ...l }) => ({ ...l, rule: rule && { ...rule } })),
      }),
    )
    .digest('hex');
  return { lines, digest };
}

/** The device-days of the month's statements beyond draft, by `party kind:device:day`: the party that owns each. */
async function ownedDays(tx: Queryable, tenantId: number, from: string): Promise<Map<string, number>> {
  const rows = await rowsOf<{ party: ShareParty; partyId: number; deviceId: number; day: string }>(
    tx,
    sql`select s.party, s.party_id as "partyId", d.device_id as "deviceId", to_char(d.day, 'YYYY-MM-DD') as day
    from ${shareStatements} s join ${shareLines} l on l.statement_id = s.id join ${shareLineDays} d on d.line_id = l.id
    where s.tenant_id = ${tenantId} and s.month = ${from}::date and s.state <> 'draft'`,
  );
  return new Map(rows.map((r) => [`${r.party}:${r.deviceId}:${r.day}`, r.partyId]));
}

/** An issued line's terms (what a correction of it repeats), the device-day it owns, and its statement's party and month. */
interface Owner extends Omit<Line, 'rows' | 'correction'> {
  deviceId: number;
  day: string;
  lineId: number;
  party: ShareParty;
  partyId: number;
  month: string;
  net: number;
}

/**
 * The correction lines of a month, by `party:id`, and the refunds they move, by `device:settled day`.
 *
 * A refund counts on the day it settles; when the sale it refunds is on a device-day that an issued
 * statement (of an earlier month) paid a party for, that party gives back what the refund takes from
 * its share: the issued line computed again with its net lowered by every refund of its sales so far,
 * less what it was lowered by before (earlier months' corrections of the same line). The refund is then
 * no part of this month's days, so a point's new host never bears a refund of its former host's sale.
 * A refund of a sale no issued statement paid for stays where it settled, as before.
 */
async function corrections(tx: Queryable, tenantId: number, tenantIds: number[], from: string, to: string) {
  const byParty = new Map<string, Line[]>();
  const moved = new Map<string, number>();
  const late = await refundsOfEarlierSales(tx, tenantIds, from, to);
  if (late.length === 0) return { byParty, moved };
  const owners = await rowsOf<Owner>(
    tx,
    sql`select d.device_id as "deviceId", to_char(d.day, 'YYYY-MM-DD') as day, l.id as "lineId",
      s.party, s.party_id as "partyId", to_char(s.month, 'YYYY-MM') as month, l.subject, l.subject_id as "subjectId",
      l.label, case when l.kind is null then null else json_build_object('id', l.rule_id, 'kind', l.kind, 'tiers', l.tiers, 'rent', l.rent) end as rule,
      to_char(l.from_day, 'YYYY-MM-DD') as "fromDay", to_char(l.to_day, 'YYYY-MM-DD') as "toDay", l.days, l.net::float8 as net
    from ${shareLineDays} d join ${shareLines} l on l.id = d.line_id join ${shareStatements} s on s.id = l.statement_id
    where s.tenant_id = ${tenantId} and s.state <> 'draft' and s.month < ${from}::date
      and (d.device_id, d.day) in (select * from unnest(${`{${late.map((r) => r.deviceId).join(',')}}`}::int[],
        ${`{${late.map((r) => r.soldDay).join(',')}}`}::date[]))`,
  );
  const ownerOf = new Map(owners.map((o) => [`${o.deviceId}:${o.day}`, o]));
  const now = new Map<number, { owner: Owner; refunds: number }>();
  for (const r of late) {
    const owner = ownerOf.get(`${r.deviceId}:${r.soldDay}`);
    if (!owner) continue;
    const key = `${r.deviceId}:${r.settledDay}`;
    moved.set(key, (moved.get(key) ?? 0) + r.amount);
    const line = now.get(owner.lineId);
    if (line) line.refunds += r.amount;
    else now.set(owner.lineId, { owner, refunds: r.amount });
  }
  const before = new Map(
    (
      await rowsOf<{ lineId: number; refunds: number }>(
        tx,
        sql`select c.corrects as "lineId", sum(c.refunds)::float8 as refunds
        from ${shareLines} c join ${shareStatements} s on s.id = c.statement_id
        where s.tenant_id = ${tenantId} and s.month < ${from}::date
          and c.corrects = any(${`{${[...now.keys()].join(',')}}`}::int[])
        group by c.corrects`,
      )
    ).map((r) => [r.lineId, r.refunds]),
  );
  for (const [lineId, { owner, refunds }] of [...now].sort(([a], [b]) => a - b)) {
    const { deviceId: _device, day: _day, lineId: _line, party, partyId, month, net: issued, ...terms } = owner;
    const net = issued - (before.get(lineId) ?? 0);
    const shareAt = (n: number) => (terms.rule ? shareOf(terms.rule, n, terms.days, daysInMonth(month)).share : 0);
    const line: Line = {
      ...terms,
      rows: [],
      correction: { lineId, refunds, share: shareAt(net - refunds) - shareAt(net) },
    };
    const key = `${party}:${partyId}`;
    byParty.set(key, [...(byParty.get(key) ?? []), line]);
  }
  return { byParty, moved };
}

const sum = (rows: DayRow[], key: 'sales' | 'refunds') => rows.reduce((s, r) => s + r[key], 0);

/** The lines with their figures, as stored and as digested. */
function figures(lines: Line[], monthDays: number) {
  return lines.map((l) => {
    if (l.correction) {
      const { refunds, share } = l.correction;
      return { ...l, sales: 0, refunds, net: -refunds, share, by: null };
    }
    const sales = sum(l.rows, 'sales');
    const refunds = sum(l.rows, 'refunds');
    const result = l.rule ? shareOf(l.rule, sales - refunds, l.days, monthDays) : null;
    return { ...l, sales, refunds, net: sales - refunds, share: result?.share ?? 0, by: result?.by ?? null };
  });
}

/** Writes what changed: new statements, drafts whose content moved; drops drafts no one is owed any more. */
async function store(tx: Queryable, tenantId: number, from: string, monthDays: number, computed: Computed[]) {
  const existing = await tx
    .select({
      id: shareStatements.id,
      party: shareStatements.party,
      partyId: shareStatements.partyId,
      state: shareStatements.state,
      digest: shareStatements.digest,
      stale: shareStatements.stale,
    })
    .from(shareStatements)
    .where(and(eq(shareStatements.tenantId, tenantId), eq(shareStatements.month, from)));
  const byParty = new Map(existing.map((s) => [`${s.party}:${s.partyId}`, s]));
  let written = 0;
  const kept = new Set<number>();
  for (const c of computed) {
    const { lines, digest } = digestOf(c, monthDays);
    const before = byParty.get(`${c.party}:${c.partyId}`);
    if (before) kept.add(before.id);
    if (before && before.state !== 'draft') continue;
    if (before?.digest === digest) {
      // Computed again from what it is computed from now: whatever marked it stale changed nothing of it.
      if (before.stale) await tx.update(shareStatements).set({ stale: false }).where(eq(shareStatements.id, before.id));
      continue;
    }
    const sales = lines.reduce((s, l) => s + l.sales, 0);
    const refunds = lines.reduce((s, l) => s + l.refunds, 0);
    const share = lines.reduce((s, l) => s + l.share, 0);
    const adjustments = c.adjustments.reduce((s, a) => s + a.amount, 0);
    const totals = {
      partyName: c.partyName,
      sales,
      refunds,
      net: sales - refunds,
      share,
      adjustments,
      total: share + adjustments,
      digest,
      stale: false,
      computedAt: sql`now()`,
    };
    let id: number;
    if (before) {
      id = before.id;
      await tx.update(shareStatements).set(totals).where(eq(shareStatements.id, id));
      await tx.delete(shareLines).where(eq(shareLines.statementId, id));
    } else {
      const [made] = await tx
        .insert(shareStatements)
        .values({ tenantId, month: from, party: c.party, partyId: c.partyId, ...totals })
        .returning({ id: shareStatements.id });
      id = made!.id;
    }
    written++;
    for (const [position, l] of lines.entries()) {
      const [line] = await tx
        .insert(shareLines)
        .values({
          statementId: id,
          position,
          subject: l.subject,
          subjectId: l.subjectId,
          label: l.label,
          ruleId: l.rule?.id ?? null,
          kind: l.rule?.kind ?? null,
          tiers: l.rule?.tiers ?? [],
          rent: l.rule?.rent ?? 0,
          fromDay: l.fromDay,
          toDay: l.toDay,
          days: l.days,
          sales: l.sales,
          refunds: l.refunds,
          net: l.net,
          share: l.share,
          by: l.by,
          corrects: l.correction?.lineId ?? null,
        })
        .returning({ id: shareLines.id });
      // In slices: a statement of 2 000 points' month is tens of thousands of device-days.
      for (let i = 0; i < l.rows.length; i += 5_000)
        await tx.insert(shareLineDays).values(
          l.rows.slice(i, i + 5_000).map((r) => ({
            lineId: line!.id,
            day: r.day,
            deviceId: r.deviceId,
            pointId: r.pointId,
            sales: r.sales,
            refunds: r.refunds,
          })),
        );
    }
  }
  const gone = existing.filter((s) => s.state === 'draft' && !kept.has(s.id)).map((s) => s.id);
  if (gone.length) await tx.delete(shareStatements).where(inArray(shareStatements.id, gone));
  return written + gone.length;
}
