/**
 * The tables of other domains that sign-in and the session read — a user's
 * tenant (its state, its parent) and its role (its codes) — declared here by
 * name with the columns read, so the account domain imports neither: staff
 * and tenant build on account, never the other way. drizzle-kit
 * reads only `schema.ts` files; the tables themselves are the tenant
 * domain's and the staff domain's, and the keys from `users` to them are
 * declared in SQL (0000_init made them; 0043 keeps them).
 */
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const tenants = pgTable('tenants', {
  id: integer('id').notNull(),
  parentId: integer('parent_id'),
  disabled: boolean('disabled').notNull(),
});

export const roles = pgTable('roles', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  powers: text('powers').array().notNull(),
});
