/**
 * Renewal of the device service fee, and the bills it leaves (spec §2
 * payCenter, costManagement, bill; §3 Bill; §9 "annual service fee: not
 * shown"). The system admin sets the annual fee per device; a tenant chooses
 * devices and a plan in months, accepts the service agreement and pays by
 * WeChat or Alipay through the payment provider (the sandbox stands in: the
 * spec's "feature not open, a simulated success is shown"). When the provider
 * says paid, each device's service expiry moves by the plan, once, and the
 * payment becomes a bill.
 */
import { z } from 'zod';
import { endpoint, instant, isoTime, page, pageQuery, ref, refParams, str } from '../api/define.js';
import { INVOICE_STATES } from './invoice.js';

/** Plans in months (spec §2 "plans in months"). */
export const RENEWAL_PLANS = [6, 12, 24, 36] as const;
export type RenewalPlan = (typeof RENEWAL_PLANS)[number];
export const RENEWAL_PLATFORMS = ['wechat', 'alipay'] as const;
/** A renewal's payment: waiting for the provider, paid (a bill), failed, or expired unpaid. */
export const RENEWAL_STATES = ['pending', 'paid', 'failed', 'expired'] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];

export const BILLING_LIMITS = {
  /** Devices in one renewal. */
  devices: 200,
  /** The annual fee per device the admin may set, in fen (¥0.01–¥100 000). */
  fee: 10_000_000,
  /** A payment not made within this long expires (the QR code with it). */
  payMinutes: 15,
  /** Devices whose service ends within this many days come first, highlighted (costManagement). */
  soonDays: 30,
} as const;
/** What a device's annual service costs until the admin says otherwise (the spec does not give it): ¥300. */
export const DEFAULT_ANNUAL_FEE = 30_000;
/** The sandbox provider answers this long after the payment is made (BILLING_SETTLE_MS), unless told otherwise. */
export const BILLING_SETTLE_MS = 5_000;

/** What a plan costs for `count` devices at `annualFee` fen a year each: by the month, rounded to the fen per device. */
export const renewalAmount = (annualFee: number, months: number, count: number): number =>
  Math.round((annualFee * months) / 12) * count;

export const feeSettings = z.object({
  /** Fen per device per year. */
  annualFee: z.number().int(),
  plans: z.array(z.number().int()),
  /**
   * Whose payment account collects the fee at the real platforms (the operator's own company, entered as a
   * distributor with its payment settings); none: with the sandboxes off, a renewal cannot be paid (984).
   */
  payee: z.object({ tenantId: z.number().int(), name: z.string() }).nullable(),
  /** True while the sandbox provider stands in for the real platforms (spec: "feature not open"). */
  simulated: z.boolean(),
});

export const payeeInput = z.object({ tenantId: ref('tenant').nullable() });

export const feeInput = z.object({
  annualFee: z
    .number({ error: 'billing.validation.fee' })
    .int({ message: 'billing.validation.fee' })
    .min(1, { message: 'billing.validation.fee' })
    .max(BILLING_LIMITS.fee, { message: 'billing.validation.fee' }),
});

export const renewalInput = z
  .object({
    deviceIds: z
      .array(ref('device'))
      .min(1, { message: 'billing.validation.devices' })
      .max(BILLING_LIMITS.devices, { message: 'billing.validation.devices' }),
    months: z.union([z.literal(6), z.literal(12), z.literal(24), z.literal(36)], { error: 'billing.validation.plan' }),
    platform: z.enum(RENEWAL_PLATFORMS, { error: 'billing.validation.platform' }),
    /** The service agreement accepted (spec §2: required). */
    agreed: z.literal(true, { error: 'billing.validation.agreement' }),
  })
  .refine((r) => new Set(r.deviceIds).size === r.deviceIds.length, {
    message: 'billing.validation.deviceTwice',
    path: ['deviceIds'],
  })
  .meta({ examples: [{ deviceIds: [1], months: 12, platform: 'wechat', agreed: true }] });
export type RenewalInput = z.infer<typeof renewalInput>;

export const renewalDevice = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  serial: z.string(),
  /** The service expiry before and after the renewal (after: null until paid). */
  expiryBefore: isoTime.nullable(),
  expiryAfter: isoTime.nullable(),
});

export const renewalItem = z.object({
  id: z.number().int(),
  /** The payment order number (spec §3 Bill). */
  number: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  months: z.number().int(),
  deviceCount: z.number().int(),
  /** The annual fee per device when it was ordered: a later change of the fee does not touch it. */
  annualFee: z.number().int(),
  amount: z.number().int(),
  platform: z.enum(RENEWAL_PLATFORMS),
  state: z.enum(RENEWAL_STATES),
  /** What the provider's QR code carries; the console draws it. */
  payUrl: z.string(),
  /** Its invoice application, once applied for (a bill is invoiced once). */
  invoice: z
    .object({ id: z.number().int(), state: z.enum(INVOICE_STATES), trackingNumber: z.string().nullable() })
    .nullable(),
  /** True while the sandbox provider stands in for the real one (spec: "simulated success"). */
  simulated: z.boolean(),
  /** What the real platform last said of it, when it refused or failed it (its code, e.g. `ORDERPAID`). */
  platformCode: z.string().nullable(),
  createdAt: isoTime,
  expiresAt: isoTime,
  paidAt: isoTime.nullable(),
});
export type RenewalItem = z.infer<typeof renewalItem>;

export const billFilter = z.object({
  number: str().trim().max(32).optional(),
  platform: z.enum(RENEWAL_PLATFORMS).optional(),
  state: z.enum(RENEWAL_STATES).optional(),
  /** Where its invoice stands: not applied for (`none`), or one of its states. */
  invoice: z.enum(['none', ...INVOICE_STATES]).optional(),
  from: instant.optional(),
  to: instant.optional(),
  tenantId: ref('tenant').optional(),
});
export type BillFilter = z.infer<typeof billFilter>;

/** Bills a sheet holds at most: a tenant's bills are a few a year; the admin narrows by time or tenant beyond this. */
export const BILL_EXPORT_MAX = 10_000;

export const feeDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  tenantName: z.string(),
  pointName: z.string().nullable(),
  serviceExpiry: isoTime.nullable(),
  /** Whole days until the service ends (negative: ended that many days ago); null: no service date. */
  daysLeft: z.number().int().nullable(),
  /** Ends within BILLING_LIMITS.soonDays (or has ended): listed first, highlighted. A device never activated has no date and comes last. */
  soon: z.boolean(),
  renewals: z.number().int(),
});
export type FeeDevice = z.infer<typeof feeDevice>;

export const feeDeviceFilter = z.object({
  keyword: str().trim().max(32).optional(),
  /** Only devices whose service ends within 30 days or has ended. */
  soon: z.boolean().optional(),
  tenantId: ref('tenant').optional(),
});

const payer = { auth: 'user', roles: ['admin', 'tenant'] } as const;
const tenantOnly = { auth: 'user', roles: ['tenant'] } as const;
const adminOnly = { auth: 'user', roles: ['admin'] } as const;

export const billingApi = {
  'billing.fee': endpoint({
    method: 'GET',
    path: '/billing/fee',
    summary: 'The annual service fee per device (fen) and the plans in months.',
    content: feeSettings,
    access: payer,
  }),
  'billing.setFee': endpoint({
    method: 'PUT',
    path: '/billing/fee',
    summary:
      'The system admin sets the annual service fee per device (fen); renewals ordered before keep the fee they were ordered at.',
    body: feeInput,
    content: feeSettings,
    access: adminOnly,
  }),
  'billing.setPayee': endpoint({
    method: 'PUT',
    path: '/billing/payee',
    summary:
      'The system admin names the tenant whose payment settings collect the service fee at the real platforms (null: none); a tenant that does not exist is 1401.',
    body: payeeInput,
    content: feeSettings,
    access: adminOnly,
  }),
  'billing.devices': endpoint({
    method: 'POST',
    path: '/billing/devices',
    summary:
      "Service fee management: the caller's devices with their service expiry and days left, those ending within 30 days (or ended) first, then by expiry.",
    query: pageQuery,
    body: feeDeviceFilter,
    content: page(feeDevice),
    access: payer,
  }),
  'billing.history': endpoint({
    method: 'GET',
    path: '/billing/device/:id/renewals',
    summary: "A device's renewal history, newest first: each paid renewal with the expiry before and after.",
    params: refParams('device'),
    content: z.array(renewalItem.extend({ expiryBefore: isoTime.nullable(), expiryAfter: isoTime.nullable() })),
    access: payer,
  }),
  'billing.renew': endpoint({
    method: 'POST',
    path: '/billing/renewal',
    summary:
      "Order the renewal of devices for a plan: the provider's payment (QR code) for their total at today's fee. A device not the caller's, or in the pool, is refused as missing (1201); the payment expires unpaid after 15 minutes.",
    body: renewalInput,
    content: renewalItem.extend({ devices: z.array(renewalDevice) }),
    makes: 'renewal',
    access: tenantOnly,
  }),
  'billing.renewal': endpoint({
    method: 'GET',
    path: '/billing/renewal/:id',
    summary:
      "One renewal with its devices and its payment's state (the console asks until it is paid, failed or expired).",
    params: refParams('renewal'),
    content: renewalItem.extend({ devices: z.array(renewalDevice) }),
    access: payer,
  }),
  'billing.bills': endpoint({
    method: 'POST',
    path: '/billing/bills',
    summary:
      'Bills (spec §3: payment order number, service name, amount, platform, date, state), newest first, by number, platform, state, time and tenant.',
    query: pageQuery,
    body: billFilter,
    content: page(renewalItem),
    access: payer,
  }),
  'billing.exportBills': endpoint({
    method: 'POST',
    path: '/billing/bills/export',
    summary:
      "The bills of the filter as an xlsx (in the caller's language), newest first, at most 10 000 rows: number, service, amount, platform, date, state, invoice, tenant.",
    query: z.object({ lang: z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN') }),
    body: billFilter,
    content: z.object({ name: z.string(), data: z.string(), rows: z.number().int() }),
    exports: true,
    access: payer,
  }),
} as const;
