/**
 * Enterprise customers (spec §3 Enterprise customer, §7 business service at
 * its exact paths, §2 costume and bindGroup): a tenant's business customers —
 * name, platform account (an `enterprise` user, signed in to the enterprise
 * route set), status, buy-now-and-go — the points where their staff cards are
 * honoured (bindGroup: the spec's "group" calls bind points), and the
 * employee price of a product for them.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, refParam, refParams, str, text } from '../api/define.js';
import { accountName, newPassword } from '../account/index.js';

export const CUSTOMER_LIMITS = { name: 50, ids: 200, list: 500 } as const;
export const CUSTOMER_STATES = ['normal', 'disabled'] as const;
export type CustomerState = (typeof CUSTOMER_STATES)[number];
/** The highest employee price, in fen (¥99 999.99): a typo of a few digits is refused, not sold. */
export const STAFF_PRICE_MAX_FEN = 9_999_999;

export const customerCreate = z
  .object({
    name: text(CUSTOMER_LIMITS.name),
    /** The platform account the enterprise signs in with (unique across accounts: 1404). */
    username: accountName(),
    /** Its initial password. */
    password: newPassword,
    buyNow: z.boolean().default(false),
    /** The system admin names the tenant (1402); a first-level tenant may name its second-level ones. */
    tenantId: ref('tenant').optional(),
  })
  .meta({
    examples: [
      { name: '浦东软件园食堂管理有限公司', username: 'pdsoftpark', password: 'Pd@2026canteen', buyNow: false },
    ],
  });

export const customerUpdate = z.object({
  name: text(CUSTOMER_LIMITS.name),
  buyNow: z.boolean(),
});

export const customerItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  name: z.string(),
  /** Its platform account; null when the account was deleted. */
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  state: z.enum(CUSTOMER_STATES),
  buyNow: z.boolean(),
  /** How many points honour its staff cards. */
  points: z.number().int(),
  staff: z.number().int(),
  createdAt: isoTime,
});
export type CustomerItem = z.infer<typeof customerItem>;

export const customerFilter = z.object({
  keyword: str().trim().max(50).optional(),
  state: z.enum(CUSTOMER_STATES).optional(),
  tenantId: ref('tenant').optional(),
});

export const boundPoint = z.object({
  id: z.number().int(),
  name: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  address: z.string(),
});
export type BoundPoint = z.infer<typeof boundPoint>;

export const staffPriceItem = z.object({
  productId: z.number().int(),
  productName: z.string(),
  /** The product's number: two products of one name are told apart by it. */
  productNumber: z.string(),
  /** The product's suggested retail price, fen. */
  retailPrice: z.number().int(),
  /** The customer's employee price, fen; null when none is set (the channel's staff price applies). */
  priceId: z.number().int().nullable(),
  price: z.number().int().nullable(),
});
export type StaffPriceItem = z.infer<typeof staffPriceItem>;

const manage = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '8-1' } as const;
const pointIds = z.array(ref('point')).min(1).max(CUSTOMER_LIMITS.ids);
const businessId = z.object({ businessId: refParam('customer') });

export const customerApi = {
  'customer.page': endpoint({
    method: 'POST',
    path: '/customer/page',
    summary:
      "The enterprise customers of the caller's tenants (every tenant's for the system admin) by name or account, state and tenant, newest first.",
    query: pageQuery,
    body: customerFilter,
    content: page(customerItem),
    access: manage,
  }),
  'customer.info': endpoint({
    method: 'GET',
    path: '/customer/info/:id',
    summary: 'One enterprise customer with its counts. 801 when it is not in scope.',
    params: refParams('customer'),
    content: customerItem,
    access: manage,
  }),
  'customer.list': endpoint({
    method: 'POST',
    reads: true,
    path: '/customer/list',
    summary:
      "The customers to choose from (their ids and names, by name, at most 500): a staff list's or a staff order's filter. An enterprise account hears its own.",
    body: z.object({ keyword: str().trim().max(50).optional(), tenantId: ref('tenant').optional() }),
    content: z.array(z.object({ id: z.number().int(), name: z.string(), tenantId: z.number().int() })),
    access: { auth: 'user', roles: ['admin', 'tenant', 'member', 'enterprise'], power: ['8-1', '8-2', '6-1'] },
  }),
  'customer.create': endpoint({
    method: 'POST',
    path: '/customer',
    summary:
      'Create an enterprise customer and its platform account: name, account (letters, digits or _, 4–32, unique across accounts: 1404), initial password, buy now and go.',
    body: customerCreate,
    content: customerItem,
    access: manage,
  }),
  'customer.update': endpoint({
    method: 'PUT',
    path: '/customer/:businessId',
    summary: "Edit a customer's name and buy-now-and-go flag (its account name stays). 801 when not in scope.",
    params: businessId,
    body: customerUpdate,
    content: customerItem,
    access: manage,
  }),
  'customer.get': endpoint({
    method: 'GET',
    path: '/customer/get/:id',
    summary:
      "The enterprise customer (the business) of a platform account, by its user id: an enterprise account reads its own, a tenant its customers'. 801 otherwise.",
    params: refParams('user'),
    content: customerItem,
    access: { auth: 'user', roles: ['admin', 'tenant', 'member', 'enterprise'], power: ['8-1', '8-2'] },
  }),
  'customer.setState': endpoint({
    method: 'PUT',
    path: '/customer/state/:id',
    summary:
      "Set a customer normal or disabled. A disabled customer's account is signed out and refused at sign-in, and its staff cards are refused at the machine (945).",
    params: refParams('customer'),
    body: z.object({ state: z.enum(CUSTOMER_STATES) }),
    content: customerItem,
    access: manage,
  }),
  'customer.points': endpoint({
    method: 'GET',
    path: '/customer/group/list/:businessId',
    summary:
      "The points that honour the customer's staff cards (bindGroup). None bound: the cards are honoured at its tenant's own machines.",
    params: businessId,
    content: z.array(boundPoint),
    access: manage,
  }),
  'customer.pointChoices': endpoint({
    method: 'POST',
    reads: true,
    path: '/customer/group/choices/:businessId',
    summary:
      "The points the customer may still be bound to (its tenant's and that tenant's second-level tenants', in the caller's scope), by name; at most 500.",
    params: businessId,
    body: z.object({ keyword: str().trim().max(50).optional() }),
    content: z.array(boundPoint),
    access: manage,
  }),
  'customer.bindPoints': endpoint({
    method: 'POST',
    path: '/customer/group/:businessId',
    summary:
      "Bind points to the customer, all or none: its tenant's and that tenant's second-level tenants' points (802 for another's). Bound ones stay as they are.",
    params: businessId,
    body: z.object({ pointIds }),
    content: z.object({ bound: z.number().int() }),
    access: manage,
  }),
  'customer.unbindPoints': endpoint({
    method: 'POST',
    path: '/customer/remove/group/:businessId',
    summary: 'Unbind points from the customer.',
    params: businessId,
    body: z.object({ pointIds }),
    content: z.object({ unbound: z.number().int() }),
    access: manage,
  }),
  'customer.prices': endpoint({
    method: 'POST',
    path: '/price/info/customer',
    summary:
      "The products of the customer's tenant with their retail price and the customer's employee price where set, by name.",
    query: pageQuery,
    body: z.object({
      customerId: ref('customer'),
      keyword: str().trim().max(50).optional(),
      onlySet: z.boolean().optional(),
    }),
    content: page(staffPriceItem),
    access: manage,
  }),
  'customer.setPrice': endpoint({
    method: 'POST',
    path: '/employee/price/:id',
    summary:
      "Set the customer's employee price of products of its tenant (spec §5: the price is required where set), all or none; a product not of its tenant 803. The path's id is the customer's (the spec's `{customerId}`; one name with `DELETE /employee/price/{id}`, the same path).",
    params: refParams('customer'),
    body: z.object({
      prices: z
        .array(
          z.object({
            productId: ref('product'),
            price: z
              .number({ error: 'customer.validation.priceRequired' })
              .int({ message: 'customer.validation.price' })
              .min(0, { message: 'customer.validation.price' })
              .max(STAFF_PRICE_MAX_FEN, { message: 'customer.validation.price' }),
          }),
        )
        .min(1)
        .max(CUSTOMER_LIMITS.ids),
    }),
    content: z.object({ saved: z.number().int() }),
    access: manage,
  }),
  'customer.deletePrice': endpoint({
    method: 'DELETE',
    path: '/employee/price/:id',
    summary:
      "Remove one employee price: the channel's staff price applies again. 804 when it is not there or not in scope.",
    params: refParams('customerPrice'),
    content: z.object({ deleted: z.number().int() }),
    access: manage,
  }),
} as const;
