/**
 * Devices (spec §3 Device, §5 device rules): the fleet with every field the
 * list filters on, a device's settings (sales-notice and warning values
 * required; single-channel sales limit 1–5, single-order limit 1–10; the
 * seven notification switches), and locking. Channels, the device pool and
 * the device-facing API follow.
 */
import { z } from 'zod';
import { endpoint, page, pageQuery, isoTime, ref, refParams, str, text } from '../api/define.js';
import { isIsoDate } from '../format.js';

export const DEVICE_TYPES = ['selling', 'paymentBox', 'smartLink'] as const;
export const ALLOCATION_STATES = ['normal', 'recycled', 'allocated'] as const;
/** The seven per-device notification switches (spec §3). */
export const NOTIFICATIONS = ['fault', 'online', 'lock', 'replenish', 'sales', 'warning', 'complaint'] as const;
export type NotificationKind = (typeof NOTIFICATIONS)[number];

/** Spec §5: single-channel sales limit 1–5, single-order limit 1–10; a notice value up to what a machine could count. */
export const DEVICE_LIMITS = { name: 30, channelSales: [1, 5], orderItems: [1, 10], notice: 9999 } as const;

export const deviceItem = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  type: z.enum(DEVICE_TYPES),
  model: z.string(),
  allocation: z.enum(ALLOCATION_STATES),
  online: z.boolean(),
  /** When the device last reported; null: never. */
  lastSeenAt: isoTime.nullable(),
  activated: z.boolean(),
  locked: z.boolean(),
  /** Authorised to a sub-merchant. */
  authorised: z.boolean(),
  serviceExpiry: isoTime.nullable(),
  channelCount: z.number().int(),
  /** Items one channel holds. */
  capacity: z.number().int(),
  /** A notice when this many sales were made; a warning when a channel's stock falls to this. */
  salesNotice: z.number().int(),
  warningValue: z.number().int(),
  /** Null while the device is in the platform's pool (the system admin alone sees it then). */
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  pointId: z.number().int().nullable(),
  pointName: z.string().nullable(),
});
export type DeviceItem = z.infer<typeof deviceItem>;

const notifications = z.object(
  Object.fromEntries(NOTIFICATIONS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>,
);

export const deviceDetail = deviceItem.extend({
  channelSalesLimit: z.number().int(),
  orderLimit: z.number().int(),
  notifications,
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

const count = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ message }).min(min, { message }).max(max, { message });

export const deviceSettingsForm = z.object({
  name: text(DEVICE_LIMITS.name),
  salesNotice: count(0, DEVICE_LIMITS.notice, 'device.validation.notice'),
  warningValue: count(0, DEVICE_LIMITS.notice, 'device.validation.warning'),
  channelSalesLimit: count(
    DEVICE_LIMITS.channelSales[0],
    DEVICE_LIMITS.channelSales[1],
    'device.validation.channelSales',
  ),
  orderLimit: count(DEVICE_LIMITS.orderItems[0], DEVICE_LIMITS.orderItems[1], 'device.validation.orderItems'),
  notifications,
});
export type DeviceSettingsForm = z.infer<typeof deviceSettingsForm>;

/** Settings set on a selection at once: what is given is set on each (names stay each device's own). */
export const deviceSettingsPatch = z.object({
  salesNotice: deviceSettingsForm.shape.salesNotice.optional(),
  warningValue: deviceSettingsForm.shape.warningValue.optional(),
  channelSalesLimit: deviceSettingsForm.shape.channelSalesLimit.optional(),
  orderLimit: deviceSettingsForm.shape.orderLimit.optional(),
  notifications: notifications.partial().optional(),
});
export type DeviceSettingsPatch = z.infer<typeof deviceSettingsPatch>;

export const deviceFilter = z.object({
  /** Name or serial number. */
  keyword: str().trim().max(50).optional(),
  pointId: ref('point').optional(),
  /** true: bound to some point; false: free. */
  bound: z.boolean().optional(),
  tenantId: ref('tenant').optional(),
  type: z.enum(DEVICE_TYPES).optional(),
  model: str().trim().max(30).optional(),
  allocation: z.enum(ALLOCATION_STATES).optional(),
  online: z.boolean().optional(),
  activated: z.boolean().optional(),
  locked: z.boolean().optional(),
  authorised: z.boolean().optional(),
  /** true: in the platform's pool (no tenant); false: owned by a tenant. */
  inPool: z.boolean().optional(),
  /** Service expiring by this day (already expired included). */
  expiresBy: z.string().refine(isIsoDate, { message: 'validation.invalid' }).optional(),
});
export type DeviceFilter = z.infer<typeof deviceFilter>;

const listAccess = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' } as const;
const params = refParams('device');

export const deviceApi = {
  'device.page': endpoint({
    method: 'POST',
    path: '/device/page',
    summary:
      'Devices visible to the caller by serial, filtered by keyword (name or serial), point, bound state, tenant, type, model, allocation, online, activation, lock, sub-merchant authorisation and service expiry.',
    // The device list (2-1) and the point's bind screen (3-2) both list devices.
    query: pageQuery,
    body: deviceFilter,
    content: page(deviceItem),
    access: { ...listAccess, power: ['2-1', '3-2'] },
  }),
  'device.info': endpoint({
    method: 'GET',
    path: '/device/info/:id',
    summary: 'One device with its settings and notification switches (1201 when it is not in scope).',
    params,
    content: deviceDetail,
    access: listAccess,
  }),
  'device.settings': endpoint({
    method: 'PUT',
    path: '/device/:id/settings',
    summary:
      "Rename a device and set its notice and warning values, sales limits and notification switches; the warning value is within a channel's capacity (field error).",
    params,
    body: deviceSettingsForm,
    content: deviceDetail,
    access: listAccess,
  }),
  'device.settingsBulk': endpoint({
    method: 'PUT',
    path: '/device/settings',
    summary:
      "Set the notice and warning values, sales limits and notification switches of a selection, all or none (1201 when any is not in scope; the warning value below every chosen device's channel capacity: field error).",
    body: z.object({ ids: z.array(ref('device')).min(1).max(200), patch: deviceSettingsPatch }),
    content: z.object({ changed: z.number().int() }),
    access: listAccess,
  }),
  'device.lock': endpoint({
    method: 'PUT',
    path: '/device/lock',
    summary:
      'Lock or unlock devices, all or none (1201 when any is not in scope): a locked device sells nothing (903).',
    body: z.object({ ids: z.array(ref('device')).min(1).max(200), locked: z.boolean() }),
    content: z.object({ changed: z.number().int() }),
    access: listAccess,
  }),
} as const;

/** A channel of a device (spec §3 Channel: number, stock, switch, locked state, product, price, employee price). Prices in fen. */
export const channelItem = z.object({
  number: z.number().int(),
  stock: z.number().int(),
  capacity: z.number().int(),
  enabled: z.boolean(),
  locked: z.boolean(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  productImage: z.string().nullable(),
  price: z.number().int().nullable(),
  customerStaffPrice: z.number().int().nullable(),
  /** Its product is perishable: a refill records the batch's expiry (docs/domains/fresh.md), the product's shelf life suggesting it. */
  perishable: z.boolean(),
  shelfLifeDays: z.number().int().nullable(),
});
export type ChannelItem = z.infer<typeof channelItem>;

const fen = (message: string) =>
  z.number({ error: message }).int({ message }).min(1, { message }).max(99_999_999, { message });

/**
 * A change to a selection of channels, all or none: what is given is set on
 * each. A channel left with a product must have a price and a staff price
 * (spec §5 "staff price required"); stock stays within the capacity.
 */
export const channelPatch = z.object({
  productId: ref('product').nullable().optional(),
  price: fen('device.validation.price').optional(),
  customerStaffPrice: fen('device.validation.customerStaffPrice').optional(),
  stock: z
    .number({ error: 'device.validation.stock' })
    .int({ message: 'device.validation.stock' })
    .min(0, { message: 'device.validation.stock' })
    .max(9999, { message: 'device.validation.stock' })
    .optional(),
  enabled: z.boolean().optional(),
  locked: z.boolean().optional(),
});
export type ChannelPatch = z.infer<typeof channelPatch>;

/** The batch a refill puts in a channel of a perishable product: its last day of sale, and its lot where the label gives one. */
export const refillBatch = z.object({
  number: z.number().int().min(1).max(999),
  expiresOn: str()
    .refine(isIsoDate, { message: 'validation.invalid' })
    .meta({ examples: ['2030-01-01'] }),
  lot: str().trim().min(1).max(20).optional(),
});
export type RefillBatch = z.infer<typeof refillBatch>;

const channelNumbers = z.array(z.number().int().min(1).max(999)).min(1).max(999);

export const channelApi = {
  'device.channels': endpoint({
    method: 'GET',
    path: '/device/:id/channels',
    summary: "A device's channels by number, with their products and prices (1201 when the device is not in scope).",
    params,
    content: z.array(channelItem),
    access: listAccess,
  }),
  'device.channelUpdate': endpoint({
    method: 'PUT',
    path: '/device/:id/channels',
    summary:
      "Change a selection of channels, all or none: product (of the device's tenant, 1101), price and staff price (both required with a product: field errors), stock within the capacity, switch, lock.",
    params,
    body: z.object({ numbers: channelNumbers, patch: channelPatch }),
    content: z.array(channelItem),
    access: listAccess,
  }),
  'device.productOptions': endpoint({
    method: 'POST',
    reads: true,
    path: '/device/:id/products',
    summary:
      "Up to 20 enabled products of the device's tenant (old library) a channel can carry, found by name, pinyin or number: the channel editor's picker, with the device list's code.",
    params,
    body: z.object({ keyword: str().trim().max(40).optional() }),
    content: z.array(z.object({ id: z.number().int(), number: z.string(), name: z.string(), price: z.number().int() })),
    access: listAccess,
  }),
  'device.channelRefill': endpoint({
    method: 'PUT',
    path: '/device/:id/channels/refill',
    summary:
      "Fill channels to their capacity: the ones named, or every switched-on channel with a product. A channel of a perishable product is refilled with its batch's expiry (and lot), else 1440.",
    params,
    body: z.object({ numbers: channelNumbers.optional(), batches: z.array(refillBatch).max(999).optional() }),
    content: z.array(channelItem),
    access: listAccess,
  }),
} as const;
