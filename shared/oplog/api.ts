/**
 * The operation log (beyond the specification; docs/domains/oplog.md): who
 * changed what, when, from where, and what it was before. The admin reads
 * every tenant's records; a tenant its own and its second-level tenants'; a
 * member holding 10-1 its tenant's.
 */
import { z } from 'zod';
import { endpoint, id, instant, isoTime, page, pageQuery, ref, str } from '../api/define.js';

/** What a record is of: a changing operation of the API table, a sign-in and its failures, a sign-out, rows taken out. */
export const OP_KINDS = ['operation', 'signIn', 'signInFailed', 'lockedOut', 'signOut', 'export'] as const;
export type OpKind = (typeof OP_KINDS)[number];

export const OPLOG_LIMITS = {
  username: 50,
  op: 60,
  entity: 40,
  /** Records are counted up to this many ("10 000+"): an exact count of a year's log would read every record. */
  countCap: 10_000,
} as const;

export const opTarget = z.object({
  entity: z.string(),
  id: z.number().int(),
  /** The fields that changed, before and after (secrets and a person's details as "changed"). */
  before: z.record(z.string(), z.unknown()).nullable().optional(),
  after: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type OpTarget = z.infer<typeof opTarget>;

export const opRecordItem = z.object({
  id: z.number().int(),
  at: isoTime,
  kind: z.enum(OP_KINDS),
  op: z.string(),
  username: z.string(),
  role: z.string(),
  /** The tenant whose chain holds the record (the platform's: null), and its name. */
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  address: z.string(),
  install: z.string(),
  targets: z.array(opTarget),
  input: z.record(z.string(), z.unknown()),
  reason: z.string(),
  /** 0: done; otherwise the code it was refused with. */
  result: z.number().int(),
});
export type OpRecordItem = z.infer<typeof opRecordItem>;

export const oplogFilter = z.object({
  username: str().trim().max(OPLOG_LIMITS.username).optional(),
  /** An operation's id (`refund.approve`), or a domain's ending in a dot (`payment.`): its every operation. */
  op: str().trim().max(OPLOG_LIMITS.op).optional(),
  kind: z.enum(OP_KINDS).optional(),
  entity: str().trim().max(OPLOG_LIMITS.entity).optional(),
  targetId: id.optional(),
  result: z.enum(['done', 'refused']).optional(),
  from: instant.optional(),
  to: instant.optional(),
  tenantId: ref('tenant').optional(),
});
export type OplogFilter = z.infer<typeof oplogFilter>;

/** The most rows one export takes out. */
export const OPLOG_EXPORT_ROWS = 10_000;

const access = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '10-1' } as const;

export const oplogApi = {
  'oplog.page': endpoint({
    method: 'POST',
    path: '/oplog/page',
    summary:
      "The operation log of the caller's tenants (the admin: every tenant's and the platform's), newest first, by who, operation, kind, target, result, time and tenant; each record with its targets' fields before and after; counted up to 10 000 (`capped` beyond).",
    query: pageQuery,
    body: oplogFilter,
    content: page(opRecordItem).extend({ capped: z.boolean() }),
    access,
  }),
  'oplog.export': endpoint({
    method: 'POST',
    path: '/oplog/export',
    summary:
      "The records of the filter as an .xlsx in the caller's language, newest first, at most 10 000 rows: time, who, role, tenant, kind, operation, targets, result, address, client, reason, and what changed. Itself recorded as an export.",
    query: z.object({ lang: z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN') }),
    body: oplogFilter,
    content: z.object({ name: z.string(), data: z.string(), rows: z.number().int() }),
    exports: true,
    access,
  }),
} as const;
