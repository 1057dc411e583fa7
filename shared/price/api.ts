/** The console's price-change operations and the machine's report (rules.ts says what a change is). */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, refParams, str } from '../api/define.js';
import {
  PRICE_CHANGE_STATES,
  PRICE_DEVICE_STATES,
  PRICE_LIMITS,
  PRICE_TIMINGS,
  PRICE_UNFIT,
  priceChangeInput,
  priceFitInput,
  priceTargetInput,
} from './rules.js';

export const priceFit = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  serial: z.string(),
  model: z.string(),
  online: z.boolean(),
  reason: z.enum(PRICE_UNFIT).nullable(),
  /** With `conflict`: the unapplied changes of the same products waiting for this device. */
  conflicts: z.array(z.number().int()),
});
export type PriceFit = z.infer<typeof priceFit>;

const counts = z.object(
  Object.fromEntries(PRICE_DEVICE_STATES.map((s) => [s, z.number().int()])) as Record<
    (typeof PRICE_DEVICE_STATES)[number],
    z.ZodNumber
  >,
);

export const priceChangeItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  timing: z.enum(PRICE_TIMINGS),
  applyAt: isoTime.nullable(),
  /** The products' names, in the order the change lists them. */
  products: z.string(),
  counts,
  createdAt: isoTime,
  createdBy: z.string().nullable(),
});
export type PriceChangeItem = z.infer<typeof priceChangeItem>;

export const priceChangeDetail = priceChangeItem.extend({
  lines: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      price: z.number().int(),
      customerStaffPrice: z.number().int(),
    }),
  ),
  /** The earlier changes this one replaced at its devices. */
  replaces: z.array(z.number().int()),
});
export type PriceChangeDetail = z.infer<typeof priceChangeDetail>;

export const priceDeviceItem = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  serial: z.string(),
  online: z.boolean(),
  state: z.enum(PRICE_DEVICE_STATES),
  /** Why the machine failed it, or which change cancelled it. */
  reason: z.string().nullable(),
  /** The price version the machine reached by applying it. */
  version: z.number().int().nullable(),
  deliveredAt: isoTime.nullable(),
  endedAt: isoTime.nullable(),
});
export type PriceDeviceItem = z.infer<typeof priceDeviceItem>;

export const priceHistoryItem = z.object({
  changeId: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  serial: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  channel: z.number().int(),
  oldPrice: z.number().int().nullable(),
  price: z.number().int(),
  oldStaffPrice: z.number().int().nullable(),
  customerStaffPrice: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
  /** When the machine said it sells at the new price. */
  appliedAt: isoTime,
});
export type PriceHistoryItem = z.infer<typeof priceHistoryItem>;

const reader = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' } as const;

/** A product the target devices hold, with the range of its prices there today. */
export const priceProduct = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  minPrice: z.number().int(),
  maxPrice: z.number().int(),
  minStaffPrice: z.number().int(),
  maxStaffPrice: z.number().int(),
  /** How many of the target devices hold it. */
  devices: z.number().int(),
});
export type PriceProduct = z.infer<typeof priceProduct>;

export const priceApi = {
  'price.products': endpoint({
    method: 'POST',
    reads: true,
    path: '/price/changes/products',
    summary:
      "The products in the target devices' channels, by name, with the range of their prices and staff prices there and how many of the devices hold each (at most 200): the wizard's choice.",
    body: priceTargetInput,
    content: z.array(priceProduct),
    access: reader,
  }),
  'price.fit': endpoint({
    method: 'POST',
    reads: true,
    path: '/price/changes/fit',
    summary:
      "Which of the target devices a change of these products' prices can go to, and why not the others: a model that takes no remote price, a payment box, none of the products in its channels, or an unapplied change of the same products (its ids) that the new one would have to replace.",
    body: priceFitInput,
    content: z.array(priceFit),
    access: reader,
  }),
  'price.create': endpoint({
    method: 'POST',
    path: '/price/changes',
    summary:
      'Sends new prices and staff prices of products (1101 not the tenant’s) to the fit target devices, now, at a set time (in the future: field error) or at each machine’s next stock report. 1911 when a device waits for an unapplied change of the same products the new one does not replace (it names them in `replaces`, which cancels them there); 1914 no device fits; 1909 a device, point or scene not the tenant’s; 1910 a replaced change not the tenant’s.',
    body: priceChangeInput,
    content: priceChangeDetail,
    makes: 'priceChange',
    access: reader,
    contended: 'a device has one unapplied change of a product at most',
  }),
  'price.page': endpoint({
    method: 'POST',
    path: '/price/changes/page',
    summary:
      "The caller's tenants' price changes, newest first, by a device or product they name, open ones or those in a state.",
    query: pageQuery,
    body: z.object({
      tenantId: ref('tenant').optional(),
      deviceId: ref('device').optional(),
      productId: ref('product').optional(),
      /** Only changes some device has not yet applied, failed or had cancelled. */
      open: z.boolean().optional(),
      /** Only changes in this state as a whole (`priceChangeState`), over the devices the caller sees. */
      state: z.enum(PRICE_CHANGE_STATES).optional(),
    }),
    content: page(priceChangeItem),
    access: reader,
  }),
  'price.info': endpoint({
    method: 'GET',
    path: '/price/changes/:id',
    summary: 'One price change with its products, prices and its devices counted by state (1910).',
    params: refParams('priceChange'),
    content: priceChangeDetail,
    access: reader,
  }),
  'price.devices': endpoint({
    method: 'POST',
    path: '/price/changes/:id/devices',
    summary: "A price change's devices with their state, the machine's reason and when it was delivered and ended.",
    params: refParams('priceChange'),
    query: pageQuery,
    body: z.object({ state: z.enum(PRICE_DEVICE_STATES).optional() }),
    content: page(priceDeviceItem),
    access: reader,
  }),
  'price.cancel': endpoint({
    method: 'POST',
    path: '/price/changes/:id/cancel',
    summary:
      'Cancels a price change at its devices that have not applied it (all, or those named); 1916 when none is left unapplied. A machine’s later report of it is refused (1912).',
    params: refParams('priceChange'),
    body: z.object({ deviceIds: z.array(ref('device')).min(1).max(PRICE_LIMITS.devices).optional() }),
    content: priceChangeDetail,
    access: reader,
    contended: 'a device applies a change or has it cancelled, never both',
  }),
  'price.history': endpoint({
    method: 'POST',
    path: '/price/history',
    summary:
      'Prices changed at machines, newest first, per channel: the old and new price and staff price, who changed it and when the machine applied it; by device and product.',
    query: pageQuery,
    body: z.object({
      tenantId: ref('tenant').optional(),
      deviceId: ref('device').optional(),
      productId: ref('product').optional(),
    }),
    content: page(priceHistoryItem),
    access: reader,
  }),
  'price.report': endpoint({
    method: 'POST',
    path: '/device-api/v1/prices/:id',
    summary:
      'A machine applied the price change its heartbeat delivered (the change’s id), or failed to with its reason. Applied, the channels take the new prices and the machine’s price version rises by one (answered: its sales carry it). 1912 when the change is not delivered to this machine or no longer stands (cancelled).',
    params: refParams('priceChange'),
    body: z.object({ result: z.enum(['applied', 'failed']), reason: str().trim().max(100).optional() }),
    content: z.object({ state: z.enum(PRICE_DEVICE_STATES), version: z.number().int() }),
    access: { auth: 'device' },
  }),
} as const;
