/**
 * Members (spec §3 Member) and their points as a ledger
 * (docs/domains/member.md): a member is a person of one tenant's member
 * programme, known by the openid WeChat gives for them; each earn is a lot
 * with its own expiry, each change an entry with its reason and operator.
 * The balance is the sum of the live lots' `left`; a refund that takes back
 * points already spent leaves the rest `owed`, settled from the next earn.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  pgEnum,
  integer,
  text,
  index,
  uniqueIndex,
  timestamp,
  check,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { tenants } from '../identity/schema.js';
import { users } from '../account/schema.js';

export const memberState = pgEnum('member_state', ['normal', 'blocked']);
export const pointEntryKind = pgEnum('point_entry_kind', [
  'earn',
  'spend',
  'reverse',
  'return',
  'expire',
  'adjust',
  'settle',
]);

export const members = pgTable(
  'members',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** Who WeChat says the person is, within the tenant's mini-program. */
    openid: text('openid').notNull(),
    /** The card's number, made from the id: unique without a second sequence. */
    cardNumber: text('card_number')
      .notNull()
      .generatedAlwaysAs(sql`'8' || lpad(id::text, 9, '0')`),
    nickname: text('nickname').notNull(),
    /** Nickname with its pinyin (server/db/pinyin.ts), for the keyword filter. */
    searchKey: text('search_key').notNull().default(''),
    /**
     * The member's phone: since verification exists only a proven one is
     * set, and one number is one member's within a tenant.
     */
    phone: text('phone'),
    /** When the phone was proven; null for one stated before verification existed (a customer group does not take it). */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** The employee number the person stated (a customer group may know its people by it). */
    employeeNumber: text('employee_number'),
    /** `YYYY-MM-DD`. */
    birthday: text('birthday'),
    state: memberState('state').notNull().default('normal'),
    /** Points a refund took back after they were spent, paid off by the next earn. */
    owed: integer('owed').notNull().default(0),
    /** Where the person first signed in: the scanned machine's point and address. */
    registeredAddress: text('registered_address'),
    inviterId: integer('inviter_id').references((): AnyPgColumn => members.id, { onDelete: 'set null' }),
    /** The console user who last changed the member (blocked it, adjusted its points). */
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    registeredAt: createdAt(),
    /** Erased at the person's request: personal fields emptied, the ledger closed, orders kept with their amounts. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** The member's grade as the last regrade found it (server/member/grades.ts); null: below every grade. */
    gradeId: integer('grade_id').references((): AnyPgColumn => memberGrades.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('members_openid_idx').on(t.tenantId, t.openid),
    uniqueIndex('members_phone_idx')
      .on(t.tenantId, t.phone)
      .where(sql`${t.phone} is not null`),
    index('members_tenant_registered_idx').on(t.tenantId, t.registeredAt),
    index('members_card_idx').on(t.cardNumber),
    index('members_grade_idx').on(t.gradeId),
    check('members_owed_check', sql`${t.owed} >= 0`),
  ],
);

/**
 * A tenant's member grades: a member holds the highest whose `min_spend` its
 * spend over the tenant's window (`tenants.grade_window_days`) reaches, as
 * the nightly regrade finds it; a grade multiplies the points a sale earns
 * and may be what an activity asks of its buyers.
 */
export const memberGrades = pgTable(
  'member_grades',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    /** Fen spent (paid less refunded) over the window that reaches the grade. */
    minSpend: integer('min_spend').notNull(),
    /** Points a sale earns, in percent of the usual (100: as many; 150: half again). */
    pointsPercent: integer('points_percent').notNull().default(100),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('member_grades_name_idx').on(t.tenantId, t.name),
    uniqueIndex('member_grades_spend_idx').on(t.tenantId, t.minSpend),
    check('member_grades_spend_check', sql`${t.minSpend} >= 0`),
    check('member_grades_percent_check', sql`${t.pointsPercent} between 100 and 1000`),
  ],
);

/** A member's sign-ins: the token is kept only as its SHA-256. */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('member_sessions_token_idx').on(t.tokenHash), index('member_sessions_member_idx').on(t.memberId)],
);

/**
 * WeChat sign-in codes already exchanged (their SHA-256): a code is good
 * once, across every upstream instance. Rows older than a code's life are
 * useless and swept.
 */
export const wechatCodesUsed = pgTable('wechat_codes_used', {
  codeHash: text('code_hash').primaryKey(),
  usedAt: createdAt(),
});

/**
 * Verification codes sent to phones (server/member/phone.ts): the code kept
 * only as its SHA-256, its tries, and when it was used. The rows of the last
 * day are also the send limits' count; older ones are swept.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('phone_codes_phone_idx').on(t.phone, t.sentAt),
    index('phone_codes_member_idx').on(t.memberId, t.sentAt),
  ],
);

/** Points earned together, spent soonest-expiring first. */
export const pointLots = pgTable(
  'point_lots',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    earned: integer('earned').notNull(),
    left: integer('left').notNull(),
    /** Null: never expires (the tenant's rule when it was earned). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The order that earned it (the order domain's id and number, kept as they were). */
    orderId: integer('order_id'),
    orderNumber: text('order_number'),
    createdAt: createdAt(),
  },
  (t) => [
    index('point_lots_member_idx').on(t.memberId, t.expiresAt),
    index('point_lots_order_idx').on(t.orderId),
    check('point_lots_left_check', sql`${t.left} >= 0 and ${t.left} <= ${t.earned}`),
  ],
);

/** Every change of a member's points, with its reason and operator; `key` makes a repeat harmless. */
export const pointEntries = pgTable(
  'point_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: pointEntryKind('kind').notNull(),
    /**
     * What the entry moved of the balance less what is owed: the sum of a
     * member's entries is always its balance minus its owed points. An earn
     * that pays a debt off moves 0 here (the balance and the debt fall
     * together), and says how much it paid in `owed`.
     */
    points: integer('points').notNull(),
    /** What the entry moved of the points owed: a reverse the balance could not cover owes (+), a settle pays off (−). Sums to `members.owed`. */
    owed: integer('owed').notNull().default(0),
    reason: text('reason').notNull().default(''),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id'),
    orderNumber: text('order_number'),
    /** What the change is of (`earn:order:42`): one entry per key and member. */
    key: text('key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('point_entries_member_idx').on(t.memberId, t.id),
    uniqueIndex('point_entries_key_idx').on(t.memberId, t.key),
  ],
);

/**
 * Members of another loyalty programme, as sales name them (a sale carries
 * the programme's name and its member id instead of one of ours): listed and
 * searched in the member centre, their sales counted, so the other programme
 * can be reconciled; the order's callback event carries the id, so the
 * programme credits its own points.
 */
export const externalMembers = pgTable(
  'external_members',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    programme: text('programme').notNull(),
    externalId: text('external_id').notNull(),
    /** Sales that named it, and what they came to in fen (as paid, refunds aside). */
    orders: integer('orders').notNull().default(0),
    amount: integer('amount').notNull().default(0),
    firstSeenAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_members_idx').on(t.tenantId, t.programme, t.externalId),
    index('external_members_recent_idx').on(t.tenantId, t.lastSeenAt.desc()),
  ],
);
