/** Devices (spec §3 Device). */
import { pgTable, pgEnum, integer, text, boolean, timestamp, index, foreignKey } from 'drizzle-orm/pg-core';
import { ALLOCATION_STATES, DEVICE_TYPES } from '../../shared/device/index.js';
import { createdAt } from '../db/columns.js';
import { points } from '../point/schema.js';
import { tenants } from '../tenant/schema.js';

export const deviceType = pgEnum('device_type', DEVICE_TYPES);
export const allocationState = pgEnum('allocation_state', ALLOCATION_STATES);

export const devices = pgTable('devices', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  tenantId: integer('tenant_id').notNull().references(() => tenants.id),
  pointId: integer('point_id'),
  name: text('name').notNull(),
  serial: text('serial').notNull().unique(),
  type: deviceType('type').notNull(),
  model: text('model').notNull(),
  allocation: allocationState('allocation').notNull().default('normal'),
  online: boolean('online').notNull().default(false),
  activated: boolean('activated').notNull().default(false),
  serviceExpiry: timestamp('service_expiry', { withTimezone: true }),
  channelCount: integer('channel_count').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  index('devices_tenant_idx').on(t.tenantId),
  index('devices_point_idx').on(t.pointId),
  // The database itself refuses a device on another tenant's point (1413) and
  // deleting a point that still has devices (1411): handlers check first for
  // the right error code, the key guards against races.
  foreignKey({ name: 'devices_point_same_tenant_fk', columns: [t.pointId, t.tenantId], foreignColumns: [points.id, points.tenantId] }),
]);
