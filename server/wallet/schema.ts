/**
 * Members' wallets (docs/domains/wallet.md): each member's principal and
 * bonus held (`wallets`, the row a spend locks and moves), the moves that
 * made them (`wallet_moves`, each keyed by what caused it, never edited),
 * and each tenant's settings (which part a spend draws on first, the cap).
 */
import { sql } from 'drizzle-orm';
import {
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  GIVE_BACK_REFUND_STATES,
  GIVE_BACK_STATES,
  SPEND_ORDERS,
  TOP_UP_PLATFORMS,
  TOP_UP_STATES,
  WALLET_LIMITS,
  WALLET_MOVE_KINDS,
  type MiniProgramPay,
  type TopUpTier,
} from '../../shared/wallet/index.js';
import { users } from '../account/schema.js';
import { createdAt } from '../db/columns.js';
import { tenants } from '../identity/schema.js';
import { members } from '../member/index.js';

export const walletMoveKind = pgEnum('wallet_move_kind', WALLET_MOVE_KINDS);
export const walletSpendOrder = pgEnum('wallet_spend_order', SPEND_ORDERS);

/** What a member holds: the sums of its moves, kept beside them in the same transactions (the books check it). */
export const wallets = pgTable(
  'wallets',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    principal: integer('principal').notNull().default(0),
    bonus: integer('bonus').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallets_tenant_idx').on(t.tenantId),
    check('wallets_not_negative', sql`${t.principal} >= 0 and ${t.bonus} >= 0`),
  ],
);

export const walletMoves = pgTable(
  'wallet_moves',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: walletMoveKind('kind').notNull(),
    /** Signed fen of each part: what the move added (+) or took (−). */
    principal: integer('principal').notNull(),
    bonus: integer('bonus').notNull(),
    /** What caused it (`topUp:payment:12`, `spend:order:34`, `refund:refund:56`): a repeat changes nothing. */
    key: text('key').notNull(),
    orderId: integer('order_id'),
    orderNumber: text('order_number'),
    reason: text('reason'),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallet_moves_key_idx').on(t.key),
    index('wallet_moves_member_idx').on(t.memberId, t.id),
    index('wallet_moves_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
  ],
);

/** A tenant's wallet settings; a second-level tenant without its own takes its parent's (settings.ts). */
export const walletSettings = pgTable(
  'wallet_settings',
  {
    tenantId: integer('tenant_id')
      .primaryKey()
      .references(() => tenants.id),
    spendOrder: walletSpendOrder('spend_order').notNull().default('bonusFirst'),
    /** The most a wallet may hold, principal and bonus together (a named prepaid card's ¥5 000 by default). */
    capFen: integer('cap_fen').notNull().default(WALLET_LIMITS.capFen),
    /** Points worth ¥1 where points pay at the machines; null: they do not. */
    pointsPerYuan: integer('points_per_yuan'),
    /** The most of a basket points may pay, in percent. */
    pointsMaxPercent: integer('points_max_percent').notNull().default(WALLET_LIMITS.pointsMaxPercent),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallet_settings_cap', sql`${t.capFen} between 0 and ${sql.raw(String(WALLET_LIMITS.capFen))}`),
    check(
      'wallet_settings_points',
      sql`(${t.pointsPerYuan} is null or ${t.pointsPerYuan} between 1 and ${sql.raw(String(WALLET_LIMITS.pointsPerYuan))})
        and ${t.pointsMaxPercent} between 0 and 100`,
    ),
  ],
);

/**
 * A tenant's top-up bonus tiers from a business day on, until its next set's
 * day: a set in force is never changed (the top-ups it priced keep their
 * bonus explained), a new one is set for a day to come.
 */
export const walletTierSets = pgTable(
  'wallet_tier_sets',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    fromDay: date('from_day').notNull(),
    /** By what is paid, smallest first; empty: no bonus from that day. */
    tiers: jsonb('tiers').$type<TopUpTier[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.fromDay] })],
);

export const topUpState = pgEnum('wallet_top_up_state', TOP_UP_STATES);
export const topUpPlatform = pgEnum('wallet_top_up_platform', TOP_UP_PLATFORMS);

/**
 * A member's top-up, paid by QR code at the member's tenant's platform (or the sandbox's): priced when asked
 * (its bonus by the tiers in force that day), credited once when paid (topups.ts). `provider` names the platform
 * adapter that made the payment; null, the sandbox's.
 */
export const walletTopUps = pgTable(
  'wallet_top_ups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The payment number (TU, the business day, the id): unique by construction, the platform's `out_trade_no`. */
    number: text('number').notNull().unique(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** Fen paid in (the principal), and the bonus on top. */
    amount: integer('amount').notNull(),
    bonus: integer('bonus').notNull(),
    platform: topUpPlatform('platform').notNull(),
    provider: text('provider'),
    state: topUpState('state').notNull().default('pending'),
    payUrl: text('pay_url'),
    /** Paid in the mini-program (WeChat's JSAPI): what `wx.requestPayment` takes; null for a QR payment. */
    miniProgramPay: jsonb('mini_program_pay').$type<MiniProgramPay>(),
    /** When the payment is next looked at (the sandbox's answer, a platform's query); null once nothing is due. */
    settleAt: timestamp('settle_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    platformNumber: text('platform_number'),
    platformCode: text('platform_code'),
    /** The console user who asked for it at the counter; null when the member did, in the mini-program. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_top_ups_due_idx')
      .on(t.settleAt)
      .where(sql`${t.state} = 'pending'`),
    index('wallet_top_ups_member_idx').on(t.memberId, t.id),
    check('wallet_top_ups_amounts', sql`${t.amount} > 0 and ${t.bonus} >= 0`),
  ],
);

export const giveBackState = pgEnum('wallet_give_back_state', GIVE_BACK_STATES);
export const giveBackRefundState = pgEnum('wallet_give_back_refund_state', GIVE_BACK_REFUND_STATES);

/**
 * A give-back of a member's principal left (giveBacks.ts): taken out of the wallet when asked, with the bonus
 * forfeited; its refunds carry the money back to the member's payments.
 */
export const walletGiveBacks = pgTable(
  'wallet_give_backs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** GB, the business day, the id: unique by construction. */
    number: text('number').notNull().unique(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    principal: integer('principal').notNull(),
    bonus: integer('bonus').notNull(),
    state: giveBackState('state').notNull().default('pending'),
    reason: text('reason'),
    /** The console user who gave it back at the counter; null when the member asked in the mini-program. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_give_backs_member_idx').on(t.memberId, t.id),
    check('wallet_give_backs_amounts', sql`${t.principal} > 0 and ${t.bonus} >= 0`),
  ],
);

/**
 * One refund of a give-back: to a paid top-up's payment at its platform (its number `WB` + the id, the
 * platform's idempotency key), or by hand for what no top-up paid in. Sent once, then only queried
 * (`platform_state`), as the refunds of orders are (server/refund/platform.ts).
 */
export const walletGiveBackRefunds = pgTable(
  'wallet_give_back_refunds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    giveBackId: integer('give_back_id')
      .notNull()
      .references(() => walletGiveBacks.id),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    topUpId: integer('top_up_id').references(() => walletTopUps.id),
    amount: integer('amount').notNull(),
    state: giveBackRefundState('state').notNull(),
    /** The platform adapter it went to; null for the sandbox's or by hand. */
    provider: text('provider'),
    /** `sent` once it was sent: from then on it is only queried. */
    platformState: text('platform_state'),
    settleAt: timestamp('settle_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    platformRefundId: text('platform_refund_id'),
    platformCode: text('platform_code'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_give_back_refunds_due_idx')
      .on(t.settleAt)
      .where(sql`${t.state} = 'pending'`),
    index('wallet_give_back_refunds_top_up_idx')
      .on(t.topUpId)
      .where(sql`${t.topUpId} is not null`),
    index('wallet_give_back_refunds_give_back_idx').on(t.giveBackId),
    check('wallet_give_back_refunds_amount', sql`${t.amount} > 0`),
  ],
);
