/**
 * Beyond the spec, what a distributor's field staff need every morning:
 * - the **exceptions view**: every device that needs someone — offline,
 *   faulted, locked, low on stock, its service expiring within 30 days or
 *   expired — with what is wrong;
 * - the **pick list**: for chosen devices or a point, the channels at or
 *   below their warning value and how many to bring to fill them, by point in
 *   route order (by region, then address) and totalled by product.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, refParams } from '../api/define.js';

/**
 * Alerts worked out from the sales (server/dashboard/alerts.ts) and kept as
 * episodes on the device (server/device/alerts.ts): gone quiet, a channel
 * forecast to run out within 48 hours.
 */
export const DEVICE_ALERTS = ['quiet', 'runningOut'] as const;
export type DeviceAlertKind = (typeof DEVICE_ALERTS)[number];

/** `channelLocked`: channels that locked themselves after failed vends (server/device/outcome.ts). */
export const PROBLEMS = [
  'offline',
  'fault',
  'locked',
  'lowStock',
  'expiring',
  ...DEVICE_ALERTS,
  'channelLocked',
] as const;
export type Problem = (typeof PROBLEMS)[number];
/** A service expiring within this many days counts as a problem. */
export const EXPIRING_DAYS = 30;

export const exceptionItem = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  pointName: z.string().nullable(),
  tenantName: z.string().nullable(),
  problems: z.array(z.enum(PROBLEMS)),
  lastSeenAt: isoTime.nullable(),
  faultCode: z.string().nullable(),
  faultMessage: z.string().nullable(),
  /** Channels with a product at or below the warning value. */
  lowChannels: z.number().int(),
  serviceExpiry: isoTime.nullable(),
  /** Open quiet episode: hours since its last sale (as of the last sweep). */
  quietHours: z.number().nullable(),
  /** Open running-out episodes: how many channels, and the soonest one's hours left. */
  runningOutChannels: z.number().int(),
  runningOutHours: z.number().nullable(),
  /** Channels that locked themselves after failed vends, by number. */
  lockedChannels: z.array(z.number().int()),
});
export type ExceptionItem = z.infer<typeof exceptionItem>;

export const pickChannel = z.object({
  number: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  stock: z.number().int(),
  capacity: z.number().int(),
  /** How many to bring: up to the capacity. */
  fill: z.number().int(),
});

export const pickList = z.object({
  points: z.array(
    z.object({
      pointId: z.number().int().nullable(),
      pointName: z.string().nullable(),
      address: z.string().nullable(),
      devices: z.array(
        z.object({ id: z.number().int(), name: z.string(), serial: z.string(), channels: z.array(pickChannel) }),
      ),
    }),
  ),
  products: z.array(
    z.object({ productId: z.number().int(), number: z.string(), name: z.string(), fill: z.number().int() }),
  ),
  totalFill: z.number().int(),
});
export type PickList = z.infer<typeof pickList>;

/**
 * A visit's count: what someone found in each channel counted (blank ones are not sent). The books are set to
 * it, the difference being goods gone missing (or found) — the shrink report's "counted at the visit".
 */
export const stockCount = z
  .object({
    counts: z
      .array(
        z.object({
          number: z.number().int().min(1).max(999),
          counted: z
            .number({ error: 'device.validation.counted' })
            .int({ message: 'device.validation.counted' })
            .min(0, { message: 'device.validation.counted' }),
        }),
      )
      .min(1)
      .max(999)
      .refine((c) => new Set(c.map((x) => x.number)).size === c.length, { message: 'device.validation.countRepeat' }),
  })
  .meta({ examples: [{ counts: [{ number: 1, counted: 3 }] }] });

export const countedChannel = z.object({
  number: z.number().int(),
  productName: z.string(),
  /** What the books said just before, and what was counted. */
  expected: z.number().int(),
  counted: z.number().int(),
});
export const stockCounted = z.object({
  channels: z.array(countedChannel),
  /** Units the books had and the channels did not (gone missing), and units found beyond the books. */
  missing: z.number().int(),
  found: z.number().int(),
});
export type StockCounted = z.infer<typeof stockCounted>;

const access = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' } as const;

export const careApi = {
  'device.exceptions': endpoint({
    method: 'POST',
    path: '/device/exceptions',
    summary:
      'Devices in scope that need someone (offline, faulted, locked, low on stock, service expiring within 30 days or expired, gone quiet, a channel forecast to run out within 48 hours), worst first; by one problem, point or tenant.',
    query: pageQuery,
    body: z.object({
      problem: z.enum(PROBLEMS).optional(),
      pointId: ref('point').optional(),
      tenantId: ref('tenant').optional(),
    }),
    content: page(exceptionItem),
    access,
  }),
  'device.pickList': endpoint({
    method: 'POST',
    reads: true,
    path: '/device/pick-list',
    summary:
      'What to bring to fill the low channels (at or below the warning value) of the devices named, of a point, or of the devices named at that point: by point in route order, totalled by product.',
    body: z
      .object({ deviceIds: z.array(ref('device')).min(1).max(200).optional(), pointId: ref('point').optional() })
      .refine((b) => b.deviceIds !== undefined || b.pointId !== undefined, {
        message: 'device.validation.pickScope',
        path: ['deviceIds'],
      })
      .meta({ examples: [{ pointId: 1 }] }),
    content: pickList,
    access,
  }),
  'device.countStock': endpoint({
    method: 'PUT',
    path: '/device/:id/channels/count',
    summary:
      "A visit's count: each channel named is set to what was counted in it (at most the capacity), the difference from the books recorded as counted at the visit — goods gone missing, or found. Only channels with goods.",
    params: refParams('device'),
    body: stockCount,
    content: stockCounted,
    access,
  }),
} as const;
