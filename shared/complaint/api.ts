/**
 * Customer complaints (spec §2 customerService, §3 Complaint, §4 pending →
 * in progress → completed). A customer files one about an order at the
 * machine that sold it (the device-facing API); the merchant replies,
 * refunds from it and closes it. Every step is a line of its progress log
 * with who acted and in which role (users, operations, merchants, platform),
 * shown in relative time (spec §9).
 */
import { z } from 'zod';
import { endpoint, isoTime, pageQuery, page, ref, refParams, str, text } from '../api/define.js';
import { refundInput, refundItem } from '../refund/index.js';

export const COMPLAINT_STATES = ['pending', 'inProgress', 'completed'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];
export const COMPLAINT_TYPES = ['notDelivered', 'wrongItem', 'quality', 'payment', 'other'] as const;
/** Spec §3: the progress log's roles. */
export const PROGRESS_ROLES = ['users', 'operations', 'merchants', 'platform'] as const;
/** `autoRefunded`: the order's failed vend refunded, automatically or from the review list (read from the order's refunds, server/complaint/queries.ts). */
export const PROGRESS_ACTIONS = ['submitted', 'replied', 'refunded', 'closed', 'autoRefunded'] as const;

export const COMPLAINT_LIMITS = { description: 500, contact: 40, reply: 500 } as const;

export const complaintItem = z.object({
  id: z.number().int(),
  /** TS + the China-time minute + a running number. */
  number: z.string(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  /** What the complained-about order received, fen. */
  amount: z.number().int(),
  type: z.enum(COMPLAINT_TYPES),
  status: z.enum(COMPLAINT_STATES),
  contact: z.string(),
  description: z.string(),
  deviceName: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type ComplaintItem = z.infer<typeof complaintItem>;

export const progressEntry = z.object({
  id: z.number().int(),
  role: z.enum(PROGRESS_ROLES),
  action: z.enum(PROGRESS_ACTIONS),
  /** Who acted: a merchant's user by name, the customer by contact; empty for the platform (its role says it). */
  actor: z.string(),
  content: z.string(),
  at: isoTime,
});
export type ProgressEntry = z.infer<typeof progressEntry>;

export const complaintDetail = complaintItem.extend({ progress: z.array(progressEntry) });
export type ComplaintDetail = z.infer<typeof complaintDetail>;

export const complaintFilter = z.object({
  status: z.enum(COMPLAINT_STATES).optional(),
  type: z.enum(COMPLAINT_TYPES).optional(),
  /** The complaint's or its order's number, whole or its first characters. */
  number: str().trim().max(24).optional(),
  tenantId: ref('tenant').optional(),
});

/** What a customer files at the machine (its screen's "complain" button). */
export const complaintSubmission = z.object({
  orderNumber: z
    .string()
    .trim()
    .regex(/^\d{20}$/, { message: 'validation.invalid' }),
  type: z.enum(COMPLAINT_TYPES),
  contact: text(COMPLAINT_LIMITS.contact),
  description: text(COMPLAINT_LIMITS.description),
});

const access = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '6-3' } as const;
const params = refParams('complaint');

export const complaintApi = {
  'complaint.submit': endpoint({
    method: 'POST',
    path: '/device-api/v1/complaint',
    summary:
      'A customer files a complaint about an order this machine sold, at its screen: pending, with the first line of its progress log (role users). 901 when the machine sold no such order.',
    body: complaintSubmission,
    content: z.object({ number: z.string() }),
    access: { auth: 'device' },
  }),
  'complaint.page': endpoint({
    method: 'POST',
    path: '/complaint/page',
    summary:
      "Complaints visible to the caller, newest first, by status, type, number (the complaint's or its order's, whole or its first characters) and tenant.",
    query: pageQuery,
    body: complaintFilter,
    content: page(complaintItem),
    access,
  }),
  'complaint.info': endpoint({
    method: 'GET',
    path: '/complaint/info/:id',
    summary: 'A complaint with its progress log, oldest first (960 when it is not in scope).',
    params,
    content: complaintDetail,
    access,
  }),
  'complaint.reply': endpoint({
    method: 'POST',
    path: '/complaint/:id/reply',
    summary:
      'The merchant answers: a line of the log (role merchants, or platform for the system admin); a pending complaint is in progress from then on. 961 once it is completed.',
    params,
    body: z.object({ content: text(COMPLAINT_LIMITS.reply) }),
    content: complaintDetail,
    access,
  }),
  'complaint.refund': endpoint({
    method: 'POST',
    path: '/complaint/:id/refund',
    summary:
      'Refund the complained-about order from the complaint (the refund rules and codes of `refund.create`); logged, and in progress from then on. 961 once it is completed.',
    params,
    body: refundInput,
    content: refundItem,
    access,
  }),
  'complaint.close': endpoint({
    method: 'POST',
    path: '/complaint/:id/close',
    summary: 'Complete the complaint with a closing note; logged. 961 when it is already completed.',
    params,
    body: z.object({ content: text(COMPLAINT_LIMITS.reply) }),
    content: complaintDetail,
    access,
  }),
} as const;
