/**
 * A month's statements as an .xlsx (`share.export`) in the caller's
 * language: a row per line — the party, its statement's state, the rule as
 * words, the period and days, sales, refunds, net and share — and a row per
 * adjustment with its reason, statement by statement in the list's order.
 */
import { and, asc, eq, or } from 'drizzle-orm';
import { formatTime } from '../../shared/format.js';
import type { Lang } from '../../shared/i18n/define.js';
import { lineName, shareTexts, termsText, type ShareParty } from '../../shared/share/index.js';
import type { Queryable } from '../db/index.js';
import { xlsxBytes, type Cell } from '../http/xlsx.js';
import type { Scope } from '../scope.js';
import { shareAdjustments, shareStatements } from './schema.js';
import { STATEMENT_ORDER, linesOf, statementWhere, type StatementFilter } from './statements.js';

const MAX_ROWS = 10_000;
const yuan = (fen: number) => ({ yuan: fen / 100 });

export async function exportStatements(
  db: Queryable,
  scope: Scope,
  filter: StatementFilter & { month: string },
  lang: Lang,
) {
  const l = shareTexts[lang];
  const say = (key: keyof typeof l.terms, values: Record<string, string> = {}) =>
    Object.entries(values).reduce((text, [k, v]) => text.replace(`{{${k}}}`, v), l.terms[key]);
  const statements = await db
    .select()
    .from(shareStatements)
    .where(await statementWhere(db, scope, filter))
    .orderBy(...STATEMENT_ORDER)
    .limit(MAX_ROWS);
  const ids = statements.map((s) => s.id);
  const lines = await linesOf(db, ids);
  const adjustments = ids.length
    ? await db
        .select()
        .from(shareAdjustments)
        .where(
          or(
            ...statements.map((s) =>
              and(
                eq(shareAdjustments.tenantId, s.tenantId),
                eq(shareAdjustments.month, s.month),
                eq(shareAdjustments.party, s.party),
                eq(shareAdjustments.partyId, s.partyId),
              ),
            ),
          ),
        )
        .orderBy(asc(shareAdjustments.id))
    : [];
  const ofParty = (party: ShareParty, partyId: number, tenantId: number) =>
    adjustments.filter((a) => a.party === party && a.partyId === partyId && a.tenantId === tenantId);
  const rows: Cell[][] = [];
  for (const s of statements) {
    const head = [filter.month, l.parties[s.party], s.partyName, l.states[s.state]];
    for (const { line, corrects } of lines.filter((x) => x.line.statementId === s.id))
      rows.push([
        ...head,
        lineName(say, { label: line.label, corrects }),
        termsText(say, line),
        `${line.fromDay} – ${line.toDay}`,
        line.days,
        yuan(line.sales),
        yuan(line.refunds),
        yuan(line.net),
        yuan(line.share),
      ]);
    for (const a of ofParty(s.party, s.partyId, s.tenantId))
      rows.push([
        ...head,
        a.reason,
        l.statement.adjustments,
        formatTime(a.createdAt),
        null,
        null,
        null,
        null,
        yuan(a.amount),
      ]);
  }
  // The sums below the rows, and what the sales count (every paid order of the devices: sales, payment-box and linked).
  const sum = (pick: (line: (typeof lines)[number]['line']) => number) =>
    lines.filter((x) => ids.includes(x.line.statementId)).reduce((n, x) => n + pick(x.line), 0);
  const adjusted = adjustments.reduce((n, a) => n + a.amount, 0);
  const totals: Cell[][] = statements.length
    ? [
        [
          l.statement.sum,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          yuan(sum((x) => x.sales)),
          yuan(sum((x) => x.refunds)),
          yuan(sum((x) => x.net)),
          yuan(sum((x) => x.share) + adjusted),
        ],
        [l.statement.streams],
      ]
    : [];
  const header = [
    l.statement.month,
    l.statement.party,
    l.statement.partyName,
    l.statement.state,
    l.statement.label,
    l.statement.rule,
    l.statement.period,
    l.statement.days,
    l.statement.sales,
    l.statement.refunds,
    l.statement.net,
    l.statement.share,
  ];
  const kept = rows.slice(0, MAX_ROWS);
  const bytes = await xlsxBytes(l.statement.sheet, header, [...kept, ...totals]);
  return { name: `${l.statement.sheet}-${filter.month}.xlsx`, data: bytes.toString('base64'), rows: kept.length };
}
