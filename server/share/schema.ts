/**
 * Revenue shares (shared/share/rules.ts): location hosts and which points
 * they hold since when, the rules in their monthly versions, and each
 * business month's statements with their lines, the days and devices each
 * line sums, and the adjustments entered for a party and a month.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SHARE_KINDS, SHARE_PARTIES, SHARE_STATES, SHARE_SUBJECTS, type ShareTier } from '../../shared/share/index.js';
import { users } from '../account/schema.js';
import { createdAt } from '../db/columns.js';
import { tenants } from '../identity/schema.js';
import { points } from '../point/schema.js';

export const shareKind = pgEnum('share_kind', SHARE_KINDS);
export const shareSubject = pgEnum('share_subject', SHARE_SUBJECTS);
export const shareParty = pgEnum('share_party', SHARE_PARTIES);
export const shareState = pgEnum('share_state', SHARE_STATES);

const fen = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** A location host: the mall, the metro company, the hospital whose premises hold a tenant's points. */
export const shareHosts = pgTable(
  'share_hosts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** The bank details, sealed as payment secrets are (server/payment/secrets.ts): written, never read back. */
    bank: text('bank'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_hosts_tenant_name_idx').on(t.tenantId, t.name),
    unique('share_hosts_id_tenant').on(t.id, t.tenantId),
  ],
);

/** Which host holds a point from a day on (null: none from then): a point changes hands on a date. */
export const sharePointHosts = pgTable(
  'share_point_hosts',
  {
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    hostId: integer('host_id').references(() => shareHosts.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.fromDay] }), index('share_point_hosts_host_idx').on(t.hostId)],
);

/** A rule's version: in force from the first day of `from_month` until the next version's. */
export const shareRules = pgTable(
  'share_rules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    subject: shareSubject('subject').notNull(),
    /** The point's, the host's or the second-level tenant's id. */
    subjectId: integer('subject_id').notNull(),
    fromMonth: date('from_month', { mode: 'string' }).notNull(),
    kind: shareKind('kind').notNull(),
    tiers: jsonb('tiers').$type<ShareTier[]>().notNull().default([]),
    rent: integer('rent').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_rules_version_idx').on(t.tenantId, t.subject, t.subjectId, t.fromMonth),
    check('share_rules_first_day', sql`extract(day from ${t.fromMonth}) = 1`),
  ],
);

/** One party's statement of one business month, from the tenant that pays it. */
export const shareStatements = pgTable(
  'share_statements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    month: date('month', { mode: 'string' }).notNull(),
    party: shareParty('party').notNull(),
    partyId: integer('party_id').notNull(),
    /** The party's name when the statement was last computed: what the issued document says. */
    partyName: text('party_name').notNull(),
    state: shareState('state').notNull().default('draft'),
    sales: fen('sales'),
    refunds: fen('refunds'),
    net: fen('net'),
    share: fen('share'),
    adjustments: fen('adjustments'),
    total: fen('total'),
    /** What the lines, their days and the adjustments were when computed: a second close that finds the same writes nothing. */
    digest: text('digest').notNull(),
    /**
     * A draft whose inputs changed since it was computed (a rule version, a
     * point's host or an adjustment of its month or before): "changed since
     * computed — close again" on the list. Set by those writers
     * (server/share/stated.ts), cleared by the close; an issue recomputes the
     * draft whatever this says and refuses it when its digest moved (981).
     */
    stale: boolean('stale').notNull().default(false),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: text('confirmed_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentRef: text('payment_ref'),
  },
  (t) => [
    uniqueIndex('share_statements_party_month_idx').on(t.tenantId, t.month, t.party, t.partyId),
    index('share_statements_party_idx').on(t.party, t.partyId, t.month),
  ],
);

/** A line: one rule applied to the days a party held what it is paid for. */
export const shareLines = pgTable(
  'share_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => shareStatements.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    subject: shareSubject('subject').notNull(),
    subjectId: integer('subject_id').notNull(),
    /** The point's or the host's or the tenant's name when computed. */
    label: text('label').notNull(),
    /** The rule version applied; null: no rule was in force (sales shown, nothing owed). */
    ruleId: integer('rule_id').references(() => shareRules.id, { onDelete: 'set null' }),
    kind: shareKind('kind'),
    tiers: jsonb('tiers').$type<ShareTier[]>().notNull().default([]),
    rent: integer('rent').notNull().default(0),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    sales: fen('sales'),
    refunds: fen('refunds'),
    net: fen('net'),
    share: fen('share'),
    /** Which part decided a `greater` rule. */
    by: text('by'),
    /**
     * A correction line: the line of an issued statement (of an earlier month) whose sales were
     * refunded this month. Its refunds are those refunds, its share what they take back from that
     * line's share; it sums no days (server/share/close.ts).
     */
    corrects: integer('corrects').references((): AnyPgColumn => shareLines.id),
  },
  (t) => [
    index('share_lines_statement_idx').on(t.statementId, t.position),
    index('share_lines_corrects_idx')
      .on(t.corrects)
      .where(sql`${t.corrects} is not null`),
  ],
);

/** What a line sums: each day and device (at which point) with its sales and the refunds settled that day. */
export const shareLineDays = pgTable(
  'share_line_days',
  {
    lineId: integer('line_id')
      .notNull()
      .references(() => shareLines.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    deviceId: integer('device_id').notNull(),
    pointId: integer('point_id'),
    sales: fen('sales'),
    refunds: fen('refunds'),
  },
  (t) => [primaryKey({ columns: [t.lineId, t.day, t.deviceId] })],
);

/** A manual adjustment for a party's month, with its reason and who entered it: a correction of an issued month goes here, in a later one. */
export const shareAdjustments = pgTable(
  'share_adjustments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    month: date('month', { mode: 'string' }).notNull(),
    party: shareParty('party').notNull(),
    partyId: integer('party_id').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('share_adjustments_party_idx').on(t.tenantId, t.month, t.party, t.partyId),
    check('share_adjustments_amount', sql`${t.amount} <> 0`),
  ],
);

/** A tenant's month asked to close, and how the close went (the job's progress, for the screen). */
export const shareCloses = pgTable(
  'share_closes',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    month: date('month', { mode: 'string' }).notNull(),
    state: text('state').notNull().default('queued'),
    statements: integer('statements').notNull().default(0),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.month] })],
);
