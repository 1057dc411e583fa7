/**
 * A day's bill matched to the console's orders and refunds, in one
 * transaction and in set statements (a day of 100 000 lines against a
 * million orders is a few joins, not a loop: bench/reconciliation.ts):
 *
 * - each payment line to the order of its number (the platform's
 *   `out_trade_no`), of the bill's tenants and platform: none → **only at
 *   the platform**; another amount than the order's received → **amount
 *   differs**;
 * - each order of those tenants and that platform paid that business day
 *   (China time) with money received and no line → **only here**;
 * - the same for refunds, by the console's refund number (`RF` and the id)
 *   and the day the refund settled;
 * - and for the members' wallets paid into the same account: a top-up by
 *   its number (`TU`…) and the day it was paid, a give-back's refund to a
 *   top-up by its number (`WB` and the id) and the day it settled.
 *
 * The day is locked first and matched only while `waiting`: two instances
 * fetching the same day write one match. A bill that did not parse writes no
 * line at all (days.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { orders } from '../order/index.js';
import { refunds } from '../refund/index.js';
import { walletGiveBackRefunds, walletTopUps } from '../wallet/index.js';
import type { BillLine } from './formats.js';
import { reconDays, reconDifferences, reconLines } from './schema.js';

/** The lines go in batches of this many rows (a statement's parameters stay well within PostgreSQL's 65 535). */
const LINE_BATCH = 5_000;

/** A business day's bounds, China time (no daylight saving there). */
export const dayBounds = (day: string) => {
  const from = new Date(`${day}T00:00:00+08:00`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
};

/**
 * A column of values as one array parameter: PostgreSQL's array literal in one text, which `unnest` turns back into
 * rows. One parameter per column, not one per value: a batch of 5 000 lines binds seven parameters, not 35 000.
 */
export const arrayParam = (values: readonly (string | number | null)[], type: 'int' | 'text') =>
  sql`${`{${values
    .map((v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/[\\"]/g, '\\$&')}"`))
    .join(',')}}`}::${sql.raw(type)}[]`;

export interface MatchScope {
  dayId: number;
  /** The bill's owner, and every tenant whose orders are paid into its merchant account. */
  ownerId: number;
  tenantIds: readonly number[];
  platform: 'wechat' | 'alipay';
  day: string;
}

/** Matches a read bill; answers false when the day was matched meanwhile (by another instance). */
export async function matchDay(db: Db, scope: MatchScope, lines: readonly BillLine[]): Promise<boolean> {
  const { dayId, ownerId, platform } = scope;
  const { from, to } = dayBounds(scope.day);
  const tenants = sql`(${sql.join(
    scope.tenantIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  return db.transaction(async (tx) => {
    const [day] = await tx
      .select({ state: reconDays.state })
      .from(reconDays)
      .where(eq(reconDays.id, dayId))
      .for('update');
    if (day?.state !== 'waiting') return false;
    for (let i = 0; i < lines.length; i += LINE_BATCH) {
      const batch = lines.slice(i, i + LINE_BATCH);
      await tx.execute(sql`
        insert into ${reconLines} (day_id, line, subject, number, platform_number, amount, fee)
        select ${dayId}, i, s, n, p, a, f
        from unnest(
          ${arrayParam(
            batch.map((_, j) => i + j + 1),
            'int',
          )}, ${arrayParam(
            batch.map((l) => l.subject),
            'text',
          )}, ${arrayParam(
            batch.map((l) => l.number),
            'text',
          )},
          ${arrayParam(
            batch.map((l) => l.platformNumber),
            'text',
          )}, ${arrayParam(
            batch.map((l) => l.amount),
            'int',
          )}, ${arrayParam(
            batch.map((l) => l.fee),
            'int',
          )}
        ) as t(i, s, n, p, a, f)`);
    }
    // The lines just written are not in the table's statistics yet: without this the planner takes them for a
    // handful and answers each of the day's orders by a scan of them.
    await tx.execute(sql`analyze ${reconLines}`);
    const line = sql`${reconLines}`;
    const refundNo = sql`'RF' || lpad(r.id::text, 12, '0')`;
    const giveBackNo = sql`'WB' || lpad(g.id::text, 12, '0')`;
    // Payment lines against their orders, or the members' top-ups (`TU` numbers) paid into the same account.
    await tx.execute(sql`
      insert into ${reconDifferences} (day_id, tenant_id, kind, subject, number, order_id, platform_number, platform_amount, console_amount)
      select ${dayId}, ${ownerId}, case when o.id is null and w.id is null then 'platformOnly' else 'amount' end, 'payment',
             l.number, o.id, l.platform_number, l.amount, coalesce(o.received_amount, w.amount)
      from ${line} l
      left join ${orders} o on o.number = l.number and o.tenant_id in ${tenants}
        and o.platform = ${platform} and o.payment_state = 'success'
      left join ${walletTopUps} w on l.number like 'TU%' and w.number = l.number and w.tenant_id in ${tenants}
        and w.platform = ${platform} and w.state = 'paid'
      where l.day_id = ${dayId} and l.subject = 'payment'
        and coalesce(o.received_amount, w.amount) is distinct from l.amount`);
    // The day's paid orders no line names.
    await tx.execute(sql`
      insert into ${reconDifferences} (day_id, tenant_id, kind, subject, number, order_id, console_amount)
      select ${dayId}, ${ownerId}, 'consoleOnly', 'payment', o.number, o.id, o.received_amount
      from ${orders} o
      where o.tenant_id in ${tenants} and o.platform = ${platform} and o.payment_state = 'success'
        and o.paid_at >= ${from.toISOString()}::timestamptz and o.paid_at < ${to.toISOString()}::timestamptz
        and o.received_amount > 0
        and not exists (select 1 from ${line} l where l.day_id = ${dayId} and l.subject = 'payment' and l.number = o.number)`);
    // The day's paid top-ups no line names.
    await tx.execute(sql`
      insert into ${reconDifferences} (day_id, tenant_id, kind, subject, number, console_amount)
      select ${dayId}, ${ownerId}, 'consoleOnly', 'payment', w.number, w.amount
      from ${walletTopUps} w
      where w.tenant_id in ${tenants} and w.platform = ${platform} and w.state = 'paid'
        and w.paid_at >= ${from.toISOString()}::timestamptz and w.paid_at < ${to.toISOString()}::timestamptz
        and not exists (select 1 from ${line} l where l.day_id = ${dayId} and l.subject = 'payment' and l.number = w.number)`);
    // Refund lines against the console's refunds, or a give-back's refunds to top-ups (`WB`), by the id their number carries.
    await tx.execute(sql`
      insert into ${reconDifferences} (day_id, tenant_id, kind, subject, number, order_id, refund_id, platform_number, platform_amount, console_amount)
      select ${dayId}, ${ownerId}, case when r.id is null and g.id is null then 'platformOnly' else 'amount' end, 'refund',
             l.number, r.order_id, r.id, l.platform_number, l.amount, coalesce(r.amount, g.amount)
      from ${line} l
      left join ${refunds} r
        on l.number ~ '^RF[0-9]{12}$' and r.id = substring(l.number from 3)::bigint
        and r.tenant_id in ${tenants} and r.state = 'success'
      left join ${walletGiveBackRefunds} g
        on l.number ~ '^WB[0-9]{12}$' and g.id = substring(l.number from 3)::bigint
        and g.tenant_id in ${tenants} and g.state = 'paid'
      where l.day_id = ${dayId} and l.subject = 'refund' and coalesce(r.amount, g.amount) is distinct from l.amount`);
    // The day's settled refunds of that platform's orders no line names.
    await tx.execute(sql`
      insert into ${reconDifferences} (day_id, tenant_id, kind, subject, number, order_id, refund_id, console_amount)
      select ${dayId}, ${ownerId}, 'consoleOnly', 'refund', ${refundNo}, r.order_id, r.id, r.amount
      from ${refunds} r
      join ${orders} o on o.id = r.order_id
      where r.tenant_id in ${tenants} and r.state = 'success' and o.platform = ${platform}
        and r.settled_at >= ${from.toISOString()}::timestamptz and r.settled_at < ${to.toISOString()}::timestamptz
        and not exists (select 1 from ${line} l where l.day_id = ${dayId} and l.subject = 'refund' and l.number = ${refundNo})`);
    // The day's give-back refunds paid back to a top-up of that platform that no line names.
    await tx.execute(sql`
      insert into ${reconDifferences} (day_id, tenant_id, kind, subject, number, console_amount)
      select ${dayId}, ${ownerId}, 'consoleOnly', 'refund', ${giveBackNo}, g.amount
      from ${walletGiveBackRefunds} g
      join ${walletTopUps} w on w.id = g.top_up_id
      where g.tenant_id in ${tenants} and g.state = 'paid' and w.platform = ${platform}
        and g.settled_at >= ${from.toISOString()}::timestamptz and g.settled_at < ${to.toISOString()}::timestamptz
        and not exists (select 1 from ${line} l where l.day_id = ${dayId} and l.subject = 'refund'
          and l.number = ${giveBackNo})`);
    const [counts] = await tx
      .select({
        differences: sql<number>`count(*)::int`,
        unmatchedLines: sql<number>`(count(*) filter (where ${reconDifferences.kind} <> 'consoleOnly'))::int`,
      })
      .from(reconDifferences)
      .where(eq(reconDifferences.dayId, dayId));
    const pays = lines.filter((l) => l.subject === 'payment');
    const backs = lines.filter((l) => l.subject === 'refund');
    const sum = (ls: readonly BillLine[], f: (l: BillLine) => number) => ls.reduce((s, l) => s + f(l), 0);
    await tx
      .update(reconDays)
      .set({
        state: counts!.differences > 0 ? 'differences' : 'matched',
        payments: pays.length,
        paymentAmount: sum(pays, (l) => l.amount),
        refunds: backs.length,
        refundAmount: sum(backs, (l) => l.amount),
        fees: sum(lines, (l) => l.fee),
        matched: lines.length - counts!.unmatchedLines,
        differences: counts!.differences,
        error: null,
      })
      .where(and(eq(reconDays.id, dayId), eq(reconDays.state, 'waiting')));
    return true;
  });
}
