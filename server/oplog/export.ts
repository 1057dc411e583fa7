/**
 * The operation log's records of a filter as an .xlsx (`oplog.export`) in
 * the caller's language, newest first: a row per record with what changed
 * written out field by field. The export is itself recorded as an export
 * (server/oplog/record.ts), so taking the log out leaves a trace in it.
 */
import { desc, eq } from 'drizzle-orm';
import { formatTime } from '../../shared/format.js';
import type { Lang } from '../../shared/i18n/define.js';
import { OPLOG_EXPORT_ROWS, oplogTexts, type OplogFilter, type OpTarget } from '../../shared/oplog/index.js';
import type { Queryable } from '../db/index.js';
import { xlsxBytes, type Cell } from '../http/xlsx.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';
import { oplogWhere, toItem } from './list.js';
import { opRecords } from './schema.js';

const shown = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** `entity #id: field before → after; …` for each target. */
function changesText(targets: readonly OpTarget[]): string {
  return targets
    .map((t) => {
      const fields = [...new Set([...Object.keys(t.before ?? {}), ...Object.keys(t.after ?? {})])];
      const changes = fields.map((f) => `${f} ${shown(t.before?.[f])} → ${shown(t.after?.[f])}`);
      return changes.length ? `${t.entity} #${t.id}: ${changes.join('; ')}` : '';
    })
    .filter(Boolean)
    .join('\n');
}

export async function exportRecords(db: Queryable, scope: Scope, filter: OplogFilter, lang: Lang) {
  const l = oplogTexts[lang];
  const records = await db
    .select({ r: opRecords, tenantName: tenants.name })
    .from(opRecords)
    .leftJoin(tenants, eq(tenants.id, opRecords.chain))
    .where(await oplogWhere(db, scope, filter))
    .orderBy(desc(opRecords.id))
    .limit(OPLOG_EXPORT_ROWS);
  const rows: Cell[][] = records
    .map(toItem)
    .map((r) => [
      r.id,
      formatTime(r.at),
      r.username,
      r.role,
      r.tenantName ?? l.platform,
      l.kinds[r.kind],
      r.op,
      r.targets.map((x) => `${x.entity} #${x.id}`).join(', '),
      r.result === 0 ? l.done : l.refused.replace('{{code}}', String(r.result)),
      r.address,
      r.install,
      r.reason,
      changesText(r.targets),
    ]);
  const header = [
    l.id,
    l.at,
    l.who,
    l.role,
    l.tenant,
    l.kind,
    l.op,
    l.targets,
    l.result,
    l.address,
    l.client,
    l.reason,
    l.changes,
  ];
  const bytes = await xlsxBytes(l.sheet, header, rows);
  return { name: `${l.sheet}.xlsx`, data: bytes.toString('base64'), rows: rows.length };
}
