/**
 * The annual service fee, renewals and their devices (spec §2 payCenter,
 * costManagement, bill). A renewal is a payment order: pending until the
 * provider answers, then paid (a bill: its devices' service expiry moved, the
 * before and after kept here as history), failed or expired — the last two
 * change nothing. Its fee is copied at order time, so a change of the fee
 * applies to new renewals only.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import {
  INVOICE_STATES,
  RENEWAL_PLATFORMS,
  RENEWAL_STATES,
  type InvoiceInfo,
  type ReceiptInfo,
} from '../../shared/billing/index.js';
import { createdAt } from '../db/columns.js';
import { devices } from '../device/schema.js';
import { users } from '../account/schema.js';
import { tenants } from '../identity/schema.js';

/** The platform's fee: one row (id 1), absent until the admin first sets it (DEFAULT_ANNUAL_FEE meanwhile). */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().default(1),
    annualFee: integer('annual_fee').notNull(),
    /**
     * Whose payment settings collect the service fee where the sandboxes are off: a tenant the admin names (the
     * operator's own company, entered as a distributor with its payment account). None: renewals cannot be paid.
     */
    payeeTenantId: integer('payee_tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('billing_settings_one', sql`${t.id} = 1`), check('billing_settings_fee', sql`${t.annualFee} > 0`)],
);

export const renewalState = pgEnum('renewal_state', RENEWAL_STATES);
export const renewalPlatform = pgEnum('renewal_platform', RENEWAL_PLATFORMS);

export const renewals = pgTable(
  'renewals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The payment order number (RN, the business day, the id): unique by construction. */
    number: text('number').notNull().unique(),
    /** The paying tenant: its bills, and its first-level tenant's. */
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    months: integer('months').notNull(),
    annualFee: integer('annual_fee').notNull(),
    deviceCount: integer('device_count').notNull(),
    amount: integer('amount').notNull(),
    platform: renewalPlatform('platform').notNull(),
    state: renewalState('state').notNull().default('pending'),
    /** When the sandbox provider answers; null once it has, or when it never will (the payer never pays). */
    settleAt: timestamp('settle_at', { withTimezone: true }),
    /** Unpaid by then, the payment expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The real platform's adapter the payment was made with (`wechat-v3`, `wechat-v2`, `alipay`); null: the
     * sandbox's. Then what its QR code carries, the platform's number once paid, its last code (why it failed or
     * what it said), and how many times it was queried (the wait between queries grows with them).
     */
    provider: text('provider'),
    payUrl: text('pay_url'),
    platformNumber: text('platform_number'),
    platformCode: text('platform_code'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('renewals_tenant_idx').on(t.tenantId, t.createdAt),
    index('renewals_due_idx')
      .on(t.settleAt)
      .where(sql`${t.state} = 'pending'`),
    check('renewals_amount', sql`${t.amount} > 0 and ${t.deviceCount} > 0 and ${t.months} > 0`),
  ],
);

export const renewalDevices = pgTable(
  'renewal_devices',
  {
    renewalId: integer('renewal_id')
      .notNull()
      .references(() => renewals.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The device's service expiry when the payment landed, and after (null until paid). */
    expiryBefore: timestamp('expiry_before', { withTimezone: true }),
    expiryAfter: timestamp('expiry_after', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.renewalId, t.deviceId] }), index('renewal_devices_device_idx').on(t.deviceId)],
);

export const invoiceState = pgEnum('invoice_state', INVOICE_STATES);

/**
 * Invoice applications: one per bill (the unique renewal is the truth under a
 * race), with the invoice and receipt info as given, and its progress.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    renewalId: integer('renewal_id')
      .notNull()
      .unique()
      .references(() => renewals.id),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    state: invoiceState('state').notNull().default('applied'),
    invoice: jsonb('invoice').$type<InvoiceInfo>().notNull(),
    receipt: jsonb('receipt').$type<ReceiptInfo>().notNull(),
    trackingNumber: text('tracking_number'),
    createdAt: createdAt(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [index('invoices_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** The invoice and receipt info a tenant gave last, offered at its next application. */
export const invoiceProfiles = pgTable('invoice_profiles', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  invoice: jsonb('invoice').$type<InvoiceInfo>().notNull(),
  receipt: jsonb('receipt').$type<ReceiptInfo>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
