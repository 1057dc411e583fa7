/** Devices: the part the point screens need (the device issue extends it). */
import { z } from 'zod';
import { endpoint, page, pageQuery, isoTime, ref, str } from '../api/define.js';

export const DEVICE_TYPES = ['selling', 'paymentBox', 'smartLink'] as const;
export const ALLOCATION_STATES = ['normal', 'recycled', 'allocated'] as const;

export const deviceItem = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  type: z.enum(DEVICE_TYPES),
  model: z.string(),
  allocation: z.enum(ALLOCATION_STATES),
  online: z.boolean(),
  activated: z.boolean(),
  serviceExpiry: isoTime.nullable(),
  channelCount: z.number().int(),
  tenantId: z.number().int(),
  pointId: z.number().int().nullable(),
  pointName: z.string().nullable(),
});
export type DeviceItem = z.infer<typeof deviceItem>;

export const deviceFilter = z.object({
  keyword: str().trim().max(50).optional(),
  pointId: ref('point').optional(),
  /** true: bound to some point; false: free. */
  bound: z.boolean().optional(),
  tenantId: ref('tenant').optional(),
});
export type DeviceFilter = z.infer<typeof deviceFilter>;

export const deviceApi = {
  'device.page': endpoint({
    method: 'POST',
    path: '/device/page',
    summary: 'Devices visible to the caller, filtered by keyword (name or serial), point, bound state.',
    // The device list (2-1) and the point's bind screen (3-2) both list devices.
    query: pageQuery,
    body: deviceFilter,
    content: page(deviceItem),
    access: { auth: 'user', roles: ['admin', 'tenant', 'member'], power: ['2-1', '3-2'] },
  }),
} as const;
