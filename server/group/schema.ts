/**
 * Customer groups (spec §3 Group) and their members (spec §4 group-member
 * states): each member row is one identifier of the group's kind, claimed by
 * the member who signed in with it (docs/domains/group.md).
 */
import { sql } from 'drizzle-orm';
import { pgTable, pgEnum, integer, text, boolean, index, uniqueIndex, timestamp, jsonb } from 'drizzle-orm/pg-core';
import { IMPORT_METHODS, type BehaviourRule } from '../../shared/group/index.js';
import { createdAt } from '../db/columns.js';
import { tenants } from '../identity/schema.js';
import { users } from '../account/schema.js';
import { members } from '../member/schema.js';

export const groupIdentifier = pgEnum('group_identifier', ['phone', 'employeeNumber', 'cardNumber']);
export const groupImportMethod = pgEnum('group_import_method', IMPORT_METHODS);
export const groupState = pgEnum('group_state', ['normal', 'disabled']);
export const groupMemberState = pgEnum('group_member_state', ['inactive', 'pending', 'activated', 'disabled']);

export const groups = pgTable(
  'groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    definition: text('definition').notNull(),
    identifier: groupIdentifier('identifier').notNull(),
    importMethod: groupImportMethod('import_method').notNull(),
    review: boolean('review').notNull().default(false),
    state: groupState('state').notNull().default('normal'),
    /** A behaviour group's conditions (shared/group/behaviour.ts); null for one of identifiers. */
    behaviour: jsonb('behaviour').$type<BehaviourRule>(),
    /** When a behaviour group's members were last computed, and when a computation was last asked for (queued). */
    computedAt: timestamp('computed_at', { withTimezone: true }),
    computeRequestedAt: timestamp('compute_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('groups_tenant_name_idx').on(t.tenantId, t.name), index('groups_tenant_idx').on(t.tenantId)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    identifier: text('identifier').notNull(),
    state: groupMemberState('state').notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    addedAt: createdAt(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('group_members_identifier_idx').on(t.groupId, t.identifier),
    // A person's claims: found by the identifier in every group of its tenant.
    index('group_members_claim_idx')
      .on(t.tenantId, t.identifier)
      .where(sql`${t.state} = 'inactive'`),
    index('group_members_member_idx').on(t.memberId),
  ],
);
