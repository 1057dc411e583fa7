/**
 * Enterprise staff (spec §3 Enterprise staff, §2 staffPage): a customer's
 * people — name, position, card id (one holder per tenant, as the machine's
 * reader sees it), valid phone, remark. An enterprise account manages its
 * own staff; a tenant (and its members with 8-2) those of its customers.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, phone, ref, refParams, str, text } from '../api/define.js';

export const CUSTOMER_STAFF_LIMITS = { name: 30, position: 30, cardId: 32, remark: 200, ids: 500 } as const;

const optionalText = (max: number, message: string) => str().trim().max(max, { message }).optional();
export const cardId = str()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,32}$/, { message: 'customer.validation.cardId' });

export const customerStaffInput = z
  .object({
    name: text(CUSTOMER_STAFF_LIMITS.name),
    position: optionalText(CUSTOMER_STAFF_LIMITS.position, 'customer.validation.position'),
    cardId,
    phone,
    remark: optionalText(CUSTOMER_STAFF_LIMITS.remark, 'customer.validation.remark'),
  })
  .meta({ examples: [{ name: '陈晓燕', position: '店长', cardId: '31000901', phone: '13916200901', remark: '早班' }] });
export type CustomerStaffInput = z.infer<typeof customerStaffInput>;

export const customerStaffItem = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  name: z.string(),
  position: z.string(),
  cardId: z.string(),
  phone: z.string(),
  remark: z.string(),
  createdAt: isoTime,
});
export type CustomerStaffItem = z.infer<typeof customerStaffItem>;

const access = { auth: 'user', roles: ['admin', 'tenant', 'member', 'enterprise'], power: '8-2' } as const;

export const customerStaffApi = {
  'customer.staffPage': endpoint({
    method: 'POST',
    path: '/customer/staff/page',
    summary:
      "Enterprise staff by name, card id or phone, of one customer or all the caller's (an enterprise account: its own), newest first.",
    query: pageQuery,
    body: z.object({ customerId: ref('customer').optional(), keyword: str().trim().max(50).optional() }),
    content: page(customerStaffItem),
    access,
  }),
  'customer.staff': endpoint({
    method: 'GET',
    path: '/employee/:id',
    summary: "One enterprise staff member (spec §7, with the employee fetch's 60 s time-out). 805 when not in scope.",
    params: refParams('customerStaff'),
    content: customerStaffItem,
    access,
    timeoutMs: 60_000,
  }),
  'customer.staffCreate': endpoint({
    method: 'POST',
    path: '/customer/staff',
    summary:
      "Add one staff member to a customer (an enterprise account: to itself); a card id held within the tenant's customers 806.",
    body: customerStaffInput.extend({ customerId: ref('customer').optional() }),
    content: customerStaffItem,
    access,
  }),
  'customer.staffUpdate': endpoint({
    method: 'PUT',
    path: '/customer/staff/:id',
    summary: 'Edit a staff member; a card id held by another 806.',
    params: refParams('customerStaff'),
    body: customerStaffInput,
    content: customerStaffItem,
    access,
  }),
  'customer.staffDelete': endpoint({
    method: 'POST',
    path: '/customer/staff/delete',
    summary:
      'Delete staff members, all or none (805 when one is not in scope). Their past staff orders keep their names.',
    body: z.object({ ids: z.array(ref('customerStaff')).min(1).max(CUSTOMER_STAFF_LIMITS.ids) }),
    content: z.object({ deleted: z.number().int() }),
    access,
  }),
} as const;
