/** Distributors (spec §3 Tenant). A first-level tenant has no parent; a second-level tenant's parent is first-level. */
import { pgTable, integer, text, boolean, index, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';

export const tenants = pgTable(
  'tenants',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => tenants.id),
    name: text('name').notNull(),
    contact: text('contact').notNull(),
    /** Disabled by the admin or its parent: its users (and its second-level tenants') are signed out and refused at sign-in; its machines keep selling. */
    disabled: boolean('disabled').notNull().default(false),
    /** Spec §3 member config, read by the member centre: the member card's name, the member and points switches. */
    memberCardName: text('member_card_name').notNull().default(''),
    membersEnabled: boolean('members_enabled').notNull().default(false),
    pointsEnabled: boolean('points_enabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('tenants_parent_idx').on(t.parentId)],
);
