/**
 * Firmware: the packages the system admin uploads for a device model's
 * module (their bytes kept by the storage port under their SHA-256), and the
 * uploads in flight, a part at a time, until a package takes them.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { AT_WORK_JOB_STATES, PACKAGE_STATES, ROLLOUT_STATES } from '../../shared/firmware/index.js';
import { tenants } from '../identity/schema.js';
import { users } from '../account/schema.js';
import { createdAt } from '../db/columns.js';
import { deviceModels, moduleKind, pushParts } from '../device/schema.js';
import { bytea } from '../storage/schema.js';

export const packageState = pgEnum('package_state', PACKAGE_STATES);

export const firmwarePackages = pgTable(
  'firmware_packages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    modelId: integer('model_id')
      .notNull()
      .references(() => deviceModels.id),
    module: moduleKind('module').notNull(),
    version: text('version').notNull(),
    fromVersion: text('from_version'),
    state: packageState('state').notNull().default('draft'),
    /** The storage's id of the bytes: their SHA-256, which the device checks. */
    fileId: text('file_id').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    notesZh: text('notes_zh').notNull().default(''),
    notesEn: text('notes_en').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    // One version per model and module (1703): checked first for the code, the index is the truth under a race.
    uniqueIndex('firmware_packages_version_idx').on(t.modelId, t.module, t.version),
    index('firmware_packages_created_idx').on(t.createdAt),
    check('firmware_packages_size', sql`${t.size} > 0`),
  ],
);

/** An upload in flight: the file's name and size, as its first call said. */
export const firmwareUploads = pgTable('firmware_uploads', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  size: integer('size').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * The parts received, in the database whichever the storage is: any
 * instance takes any part, and the package's creation streams them, in
 * order, into the storage.
 */
export const firmwareUploadParts = pgTable(
  'firmware_upload_parts',
  {
    uploadId: integer('upload_id')
      .notNull()
      .references(() => firmwareUploads.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.part] })],
);

export const rolloutState = pgEnum('rollout_state', ROLLOUT_STATES);
/** Where a job at work stands (its part's step is `working`): offered, downloading, installing. */
export const jobPhase = pgEnum('firmware_job_phase', AT_WORK_JOB_STATES);

/** A package pushed to a tenant's devices (shared/firmware/rollouts.ts), with how it runs. */
export const rollouts = pgTable(
  'firmware_rollouts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => firmwarePackages.id),
    state: rolloutState('state').notNull(),
    firstStage: integer('first_stage').notNull(),
    perMinute: integer('per_minute').notNull(),
    concurrent: integer('concurrent').notNull(),
    /** Minutes of the business day; null: any time. */
    windowFrom: integer('window_from'),
    windowTo: integer('window_to'),
    threshold: integer('threshold').notNull(),
    minDevices: integer('min_devices').notNull(),
    approval: boolean('approval').notNull(),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    stoppedStage: integer('stopped_stage'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('firmware_rollouts_tenant_idx').on(t.tenantId, t.createdAt),
    index('firmware_rollouts_state_idx').on(t.state),
  ],
);

/**
 * One device's update in a rollout: its part in the push (the device domain's `device_push_parts`: step, stage,
 * attempts, back-off, when heard of, reason) and what is the update's own — where its work stands (`phase`, while
 * the part is at work), its progress and the version the device had when it began.
 */
export const rolloutJobs = pgTable(
  'firmware_jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    rolloutId: integer('rollout_id')
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    partId: integer('part_id')
      .notNull()
      .unique()
      .references(() => pushParts.id, { onDelete: 'cascade' }),
    phase: jobPhase('phase'),
    progress: integer('progress').notNull().default(0),
    fromVersion: text('from_version'),
  },
  (t) => [index('firmware_jobs_rollout_idx').on(t.rolloutId)],
);
