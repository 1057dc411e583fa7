/**
 * The device-facing API (ARCHITECTURE §11): what a machine calls, not the
 * console. A machine signs each request with its serial number and the
 * secret issued at its activation (HTTP Basic), within a rate limit per
 * device. Heartbeats keep it online; it reports stock, faults and recovery.
 * Its sales go to the order domain (`order.sale`).
 */
import { z } from 'zod';
import { endpoint, isoTime, refParams, str } from '../api/define.js';

const machine = { auth: 'device' } as const;

/** How often a machine should beat, and after how long without one the upstream calls it offline. */
export const PRESENCE = { heartbeatMs: 30_000, offlineAfterMs: 90_000 } as const;

/** What the upstream tells a machine on every heartbeat: whether it may sell, and the channels it should show. */
/**
 * An update the upstream offers a machine (a firmware rollout's job): the
 * package to download from `firmware.download` and its SHA-256, to report
 * on through `firmware.report` with the job's id.
 */
export const updateOffer = z.object({
  jobId: z.number().int(),
  packageId: z.number().int(),
  module: z.string(),
  version: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** The step the upstream last heard of: offered, downloading, installing. */
  state: z.string(),
});
export type UpdateOffer = z.infer<typeof updateOffer>;

/**
 * A price change delivered to a machine (the price domain): the channels it
 * sets, applied by the machine when it can and reported through
 * `price.report` with the change's id. Until then it sells at its old prices.
 */
export const priceOffer = z.object({
  changeId: z.number().int(),
  channels: z.array(
    z.object({ number: z.number().int(), price: z.number().int(), customerStaffPrice: z.number().int() }),
  ),
});
export type PriceOffer = z.infer<typeof priceOffer>;

/**
 * Markdown ladders delivered to a machine (the fresh domain's push): for
 * each perishable product in its channels, the steps of "N hours before the
 * end of the expiry day, X % off" it is to show — the machine prices a
 * channel's next unit from its expiry (`channels[].expiresOn`) as the hours
 * pass, offline too — to report through `fresh.markdownReport` with the
 * push's id. The upstream prices every sale by the same ladders.
 */
export const markdownOffer = z.object({
  pushId: z.number().int(),
  products: z.array(
    z.object({
      productId: z.number().int(),
      steps: z.array(z.object({ hoursLeft: z.number().int(), percentOff: z.number().int() })),
    }),
  ),
});
export type MarkdownOffer = z.infer<typeof markdownOffer>;

export const machineState = z.object({
  serverTime: isoTime,
  /** The tenant whose mini-program the machine's code opens (members sign in there); null while in the pool. */
  tenantId: z.number().int().nullable(),
  locked: z.boolean(),
  /** Items one channel holds. */
  capacity: z.number().int(),
  /** What the upstream counts in each channel (sales taken, the console's refills). */
  channels: z.array(
    z.object({
      number: z.number().int(),
      stock: z.number().int(),
      enabled: z.boolean(),
      locked: z.boolean(),
      productId: z.number().int().nullable(),
      price: z.number().int().nullable(),
      customerStaffPrice: z.number().int().nullable(),
      /** The next unit it would sell is past its expiry (fresh food): sell none from it until the batch is removed. */
      expired: z.boolean(),
      /** Fresh food: the last business day of the next unit it would sell (its oldest batch), null when unknown. */
      expiresOn: z.string().nullable(),
    }),
  ),
  /** The firmware update to work on, if one is offered. */
  update: updateOffer.nullable(),
  /** The price version the machine is at (each price change it applied added one): its sales carry it. */
  priceVersion: z.number().int(),
  /** Price changes due at the machine, oldest first: `channels` above keep the prices it has applied. */
  prices: z.array(priceOffer),
  /** Markdown ladders pushed to the machine and not yet reported applied: the newest is the one to show. */
  markdowns: z.array(markdownOffer),
});
export type MachineState = z.infer<typeof machineState>;

export const machineApi = {
  'device.heartbeat': endpoint({
    method: 'POST',
    path: '/device-api/v1/heartbeat',
    summary:
      'A machine is alive: it is online from now until it falls silent for 90 s, and says which version each of its modules runs. Answers its lock state and channels (905 for a recycled device).',
    body: z
      .object({
        /** The version of each of its modules (main board, payment module…), as the firmware domain knows them. */
        modules: z
          .array(z.object({ module: str().max(20), version: str().max(40) }))
          .max(20)
          .optional(),
      })
      .strict(),
    content: machineState,
    access: machine,
  }),
  'device.stockReport': endpoint({
    method: 'POST',
    path: '/device-api/v1/stock',
    summary:
      'A machine counted its channels (after a refill by hand): the stock of each channel named, within the capacity (field error), all or none.',
    body: z.object({
      channels: z
        .array(z.object({ number: z.number().int().min(1).max(999), stock: z.number().int().min(0).max(9999) }))
        .min(1)
        .max(999),
    }),
    content: z.object({ changed: z.number().int() }),
    access: machine,
  }),
  'device.fault': endpoint({
    method: 'POST',
    path: '/device-api/v1/fault',
    summary: 'A machine reports a fault (its own code and message); it stays faulted until it reports recovery.',
    body: z.object({ code: str().trim().min(1).max(20), message: str().trim().max(200).optional() }),
    content: z.object({ faultAt: isoTime }),
    access: machine,
  }),
  'device.recover': endpoint({
    method: 'POST',
    path: '/device-api/v1/recovery',
    summary: "A machine's fault is cleared.",
    body: z.object({}).strict(),
    content: z.object({ recovered: z.boolean() }),
    access: machine,
  }),
} as const;

/** Spec §5 / §9: a device's QR code is rendered 300–4000 px wide. */
export const QR_SIZE = { min: 300, max: 4000, default: 800 } as const;

/** The console side of machine credentials (activation issues a secret, shown once, stored only hashed) and the device's QR code. */
export const activationApi = {
  'device.qrcode': endpoint({
    method: 'GET',
    path: '/device/:id/qrcode',
    summary:
      "What a device's QR code says: the address a customer's phone opens to buy from it (the upstream's QR_BASE_URL and the serial).",
    params: refParams('device'),
    content: z.object({ serial: z.string(), content: z.string() }),
    access: { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' },
  }),
  'device.activate': endpoint({
    method: 'POST',
    path: '/device/:id/activate',
    summary:
      'Activate a device, or replace its secret: the new secret is answered once and stored hashed; the old one stops working at once.',
    params: refParams('device'),
    content: z.object({ serial: z.string(), secret: z.string(), activatedAt: isoTime }),
    access: { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' },
  }),
} as const;
