/** Scenes (spec §3 Scene): a tenant's devices acting as one purchase scene, and its menu tree. */
import { pgTable, pgEnum, integer, text, timestamp, index, jsonb, primaryKey } from 'drizzle-orm/pg-core';
import { SCENE_STATES, type MenuNode } from '../../shared/scene/index.js';
import { createdAt } from '../db/columns.js';
import { devices } from '../device/schema.js';
import { tenants } from '../identity/schema.js';

export const sceneState = pgEnum('scene_state', SCENE_STATES);

export const scenes = pgTable(
  'scenes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    notes: text('notes').notNull(),
    status: sceneState('status').notNull().default('normal'),
    /**
     * The menu tree, flat with parents first (shared/scene/api.ts): edited and
     * saved as a whole, so one document rather than rows to diff. Checked
     * against the scene's devices on every save.
     */
    menu: jsonb('menu').$type<MenuNode[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scenes_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * A scene's devices. A device serves one scene of its tenant at most
 * (checked with the devices locked; a device recycled and allocated elsewhere
 * leaves its old tenant's scene by no longer being that tenant's).
 */
export const sceneDevices = pgTable(
  'scene_devices',
  {
    sceneId: integer('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sceneId, t.deviceId] }), index('scene_devices_device_idx').on(t.deviceId)],
);
