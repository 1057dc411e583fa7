/**
 * Activities (spec §3 Activity) with what they name — products, devices or
 * scenes, customer groups — and their uses: one row per order an activity
 * priced, from which every limit and budget is counted. A use counts while
 * its order stands (not refunded in full, not a failed vend), so a refund
 * gives its use back without anyone writing it back.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  pgEnum,
  integer,
  text,
  boolean,
  index,
  timestamp,
  jsonb,
  primaryKey,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ACTIVITY_TYPES, CROWDS, TARGETS, type CouponRule, type PurchaseLimit } from '../../shared/activity/index.js';
import { createdAt, orderId } from '../db/columns.js';
import { tenants } from '../identity/schema.js';
import { users } from '../account/schema.js';
import { products } from '../product/schema.js';
import { devices } from '../device/schema.js';
import { scenes } from '../scene/schema.js';
import { groups } from '../group/schema.js';
import { memberGrades, members } from '../member/schema.js';

export const activityType = pgEnum('activity_type', ACTIVITY_TYPES);
export const activityCrowd = pgEnum('activity_crowd', CROWDS);
export const activityTarget = pgEnum('activity_target', TARGETS);

export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    type: activityType('type').notNull(),
    tag: text('tag').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** Where an extension moved the end (never before `end_at`). */
    extendedEndAt: timestamp('extended_end_at', { withTimezone: true }),
    newUserOnly: boolean('new_user_only').notNull().default(false),
    crowd: activityCrowd('crowd').notNull(),
    /** Tier-only: for members of this grade and above; a grade an activity names cannot be removed (2406). */
    minGradeId: integer('min_grade_id').references(() => memberGrades.id),
    target: activityTarget('target').notNull(),
    // What each type asks for (shared/activity/rules.ts TYPE_FIELDS); null where the type does not.
    purchaseLimit: jsonb('purchase_limit').$type<PurchaseLimit>(),
    rate: integer('rate'),
    minUnits: integer('min_units'),
    threshold: integer('threshold'),
    reduction: integer('reduction'),
    coupon: jsonb('coupon').$type<CouponRule>(),
    participationLimit: integer('participation_limit'),
    exclusive: boolean('exclusive').notNull().default(false),
    weekdays: integer('weekdays').array(),
    hours: jsonb('hours').$type<{ from: number; to: number }>(),
    platforms: text('platforms').array(),
    budgetAmount: integer('budget_amount'),
    budgetUses: integer('budget_uses'),
    disabled: boolean('disabled').notNull().default(false),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('activities_tenant_idx').on(t.tenantId, t.createdAt.desc())],
);

export const activityProducts = pgTable(
  'activity_products',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The discount price of one unit (type discount), fen. */
    price: integer('price'),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.productId] })],
);

export const activityDevices = pgTable(
  'activity_devices',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.deviceId] }), index('activity_devices_device_idx').on(t.deviceId)],
);

export const activityScenes = pgTable(
  'activity_scenes',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    sceneId: integer('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.sceneId] }), index('activity_scenes_scene_idx').on(t.sceneId)],
);

/** The groups an activity is aimed at: a group named here is not deleted (3436, and the foreign key as the truth). */
export const activityGroups = pgTable(
  'activity_groups',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.groupId] }), index('activity_groups_group_idx').on(t.groupId)],
);

/** One order an activity priced: what it took off and how many units it priced, for whom. */
export const activityUses = pgTable(
  'activity_uses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    orderId: orderId().notNull(),
    /** The customer, where known: a member, or an enterprise staff (per-customer limits count these). */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    staffId: integer('staff_id'),
    discount: integer('discount').notNull(),
    units: integer('units').notNull(),
    couponId: integer('coupon_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_uses_activity_idx').on(t.activityId, t.createdAt),
    index('activity_uses_member_idx')
      .on(t.activityId, t.memberId, t.createdAt)
      .where(sql`${t.memberId} is not null`),
    index('activity_uses_order_idx').on(t.orderId),
  ],
);

/**
 * Coupons a member claimed of a coupon activity. One is free while no order
 * took it, or while the order that took it no longer stands and the activity
 * gives coupons back on refund (uses.ts `couponFree`): like a use, a coupon
 * is given back by the rule, never by writing it back.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** The order that took it last, and when. */
    orderId: orderId(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The send that gave it to the member (sends.ts); null for a coupon the member claimed. */
    sendId: integer('send_id').references(() => couponSends.id),
  },
  (t) => [
    index('coupons_activity_idx').on(t.activityId),
    index('coupons_member_idx').on(t.memberId, t.validUntil),
    // A member is sent an activity's coupon once, however often it is sent (to the same group or another).
    uniqueIndex('coupons_sent_once_idx')
      .on(t.activityId, t.memberId)
      .where(sql`${t.sendId} is not null`),
  ],
);

/** A coupon activity's coupons sent to a customer group's members (sends.ts): what went out, and what did not. */
export const couponSends = pgTable(
  'coupon_sends',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    groupName: text('group_name').notNull(),
    /** Coupons sent now; members who had one of this activity sent before; members left out by the quantity. */
    sent: integer('sent').notNull(),
    already: integer('already').notNull(),
    leftOut: integer('left_out').notNull(),
    validDays: integer('valid_days').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_sends_activity_idx').on(t.activityId, t.id)],
);

export const rewardKind = pgEnum('member_reward_kind', ['signUp', 'birthday']);

/** What a tenant gives a member who signs up, and on its birthday (rewards.ts): points, a coupon of an activity, or both. */
export const memberRewards = pgTable(
  'member_rewards',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: rewardKind('kind').notNull(),
    /** Points credited (0: none). */
    points: integer('points').notNull().default(0),
    /** The coupon activity whose coupon is given (null: none); given while it is active and has coupons left. */
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    /** When the tenant first set it: a sign-up reward is for the members who sign up from then on. */
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] })],
);

/** Each reward given: once per member and kind and year (a sign-up's year is 0: once ever). */
export const memberRewardGrants = pgTable(
  'member_reward_grants',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: rewardKind('kind').notNull(),
    year: integer('year').notNull(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    points: integer('points').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.kind, t.year] }),
    index('member_reward_grants_tenant_idx').on(t.tenantId),
  ],
);
