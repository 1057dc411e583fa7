/**
 * Device callbacks (beyond the spec, docs/domains/callback.md): a tenant's own
 * systems hear its machines. Events are POSTed to the tenant's event URL as
 * Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`
 * over both and the body, with a per-tenant secret shown once), retried with
 * back-off for a day, each delivery kept in a log. The info request URL is
 * what the platform asks when a machine needs the tenant's answer; answers
 * are signed with the tenant's RSA key and checked against its public key.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, refParams, str } from '../api/define.js';

/** The events a tenant may receive (and `test`, sent from the settings). */
export const CALLBACK_EVENTS = [
  'sale',
  'refund',
  'complaint',
  'fault',
  'recovered',
  'online',
  'offline',
  'lowStock',
  // Firmware: a rollout ended (done, stopped itself, cancelled), and one machine's update done or failed for good.
  'rollout',
  'update',
  // Prices: one machine applied a price change, or failed to.
  'price',
] as const;
export type CallbackEvent = (typeof CALLBACK_EVENTS)[number];
export const DELIVERY_TYPES = [...CALLBACK_EVENTS, 'test'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type CallbackDeliveryState = (typeof DELIVERY_STATES)[number];

export const CALLBACK_LIMITS = {
  url: 500,
  publicKey: 4096,
  /** What the log keeps of a receiver's answer. */
  answer: 500,
  /** A delivery or an info request waits this long for an answer. */
  timeoutMs: 5000,
  /** The old secret still signs this long after a rotation (both signatures are sent). */
  overlapHours: 24,
  /** Deliveries are retried this long after the event. */
  retryHours: 24,
} as const;

/** An absolute URL; https (the upstream also checks where it resolves to). */
const url = str()
  .trim()
  .max(CALLBACK_LIMITS.url, { message: 'callback.validation.url' })
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { message: 'callback.validation.url' });

export const callbackInput = z
  .object({
    tenantId: ref('tenant').optional(),
    /** Null or absent: no deliveries. */
    eventUrl: url.nullable(),
    infoUrl: url.nullable(),
    /** The RSA public key (PEM) the info answers are signed against. */
    publicKey: str().trim().max(CALLBACK_LIMITS.publicKey, { message: 'callback.validation.publicKey' }).nullable(),
    events: z.array(z.enum(CALLBACK_EVENTS)).max(CALLBACK_EVENTS.length),
  })
  .meta({
    examples: [
      { eventUrl: 'https://erp.example.com/vend/events', infoUrl: null, publicKey: null, events: ['sale', 'fault'] },
    ],
  });
export type CallbackInput = z.infer<typeof callbackInput>;

export const callbackView = z.object({
  tenantId: z.number().int(),
  eventUrl: z.string().nullable(),
  infoUrl: z.string().nullable(),
  publicKey: z.string().nullable(),
  events: z.array(z.enum(CALLBACK_EVENTS)),
  /** The signing secret: never its value after it was shown once. */
  secret: z.object({
    set: z.boolean(),
    last4: z.string().nullable(),
    setAt: isoTime.nullable(),
    previousUntil: isoTime.nullable(),
  }),
  updatedAt: isoTime.nullable(),
});
export type CallbackView = z.infer<typeof callbackView>;

/** A new signing secret, shown this once (`whsec_…`). */
export const newSecret = z.object({ secret: z.string(), settings: callbackView });

export const deliveryItem = z.object({
  id: z.number().int(),
  /** The webhook-id the receiver de-duplicates by. */
  messageId: z.string(),
  type: z.enum(DELIVERY_TYPES),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** The receiver's answer, cut short; or why there was none. */
  answer: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: isoTime,
  lastAttemptAt: isoTime.nullable(),
  nextAt: isoTime.nullable(),
});
export type DeliveryItem = z.infer<typeof deliveryItem>;

export const deliveryFilter = z.object({
  tenantId: ref('tenant').optional(),
  state: z.enum(DELIVERY_STATES).optional(),
  type: z.enum(DELIVERY_TYPES).optional(),
});

/** A machine asks for the tenant's answer (a member's identity by its code, a card). */
export const infoQuestion = z.object({
  question: z.enum(['member', 'card']),
  value: str().trim().min(1, { message: 'validation.required' }).max(128, { message: 'validation.maxLength' }),
});

const access = { auth: 'user', roles: ['admin', 'tenant'] } as const;
const tenantBody = z.object({ tenantId: ref('tenant').optional() });

export const callbackApi = {
  'callback.settings': endpoint({
    method: 'POST',
    path: '/callback/settings',
    summary:
      "A tenant's callback settings (its own, or one the caller manages): the event and info URLs, the events chosen, the public key, and of the signing secret only whether it is set, its last four characters and until when the previous one still signs.",
    body: tenantBody,
    content: callbackView,
    access,
  }),
  'callback.save': endpoint({
    method: 'PUT',
    path: '/callback/settings',
    summary:
      'Save the callback settings. URLs must be https and resolve to public addresses (field errors; checked again at each delivery); the public key must parse as RSA (1409). The first event URL makes the signing secret, answered this once.',
    body: callbackInput,
    content: newSecret.partial({ secret: true }),
    access,
  }),
  'callback.rotateSecret': endpoint({
    method: 'POST',
    path: '/callback/secret',
    summary:
      'A new signing secret, answered this once; the previous one keeps signing beside it for 24 hours (both signatures are sent), so the receiver can switch without losing an event.',
    body: tenantBody,
    content: newSecret,
    access,
  }),
  'callback.test': endpoint({
    method: 'POST',
    path: '/callback/test',
    summary:
      'Send a test event to the event URL now (a delivery in the log like any other). 1415 when no event URL is set.',
    body: tenantBody,
    content: deliveryItem,
    access,
  }),
  'callback.deliveries': endpoint({
    method: 'POST',
    path: '/callback/deliveries',
    summary:
      "A tenant's delivery log, newest first: event, attempts, status code, latency, the receiver's answer cut short; by state and event.",
    query: pageQuery,
    body: deliveryFilter,
    content: page(deliveryItem),
    access,
  }),
  'callback.resend': endpoint({
    method: 'POST',
    path: '/callback/delivery/:id/resend',
    summary:
      'Send a delivery again now, with the same webhook-id (a receiver that had it de-duplicates it). 1415 when no event URL is set.',
    params: refParams('callbackDelivery'),
    content: deliveryItem,
    access,
  }),
  'callback.info': endpoint({
    method: 'POST',
    path: '/device-api/v1/info',
    summary:
      "A machine asks for its tenant's answer (a member by code, a card): the platform POSTs the question, signed as a webhook, to the tenant's info URL and answers what comes back when its `x-vend-signature` (RSA-SHA256 of the body, base64) verifies with the tenant's public key. 1415 without an info URL or key, 1416 on a time-out or a failed call, 1417 on a bad signature.",
    body: infoQuestion,
    content: z.object({ answer: z.unknown() }),
    access: { auth: 'device' },
  }),
} as const;
