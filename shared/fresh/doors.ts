/**
 * A smart fridge's door (docs/domains/fresh-shrink.md#doors): a shopper's card
 * opens it for at most the tenant's cap per opening; what they took is
 * charged at the close, and a card declined so many times in a row is
 * blocked at every fridge of the tenant until someone unblocks it. The
 * openings and what they paid, by day, with the goods gone missing, are the
 * evidence sheet a location's host is shown.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, refParams, str } from '../api/define.js';
import { reportMonth } from './waste.js';

export const DOOR_LIMITS = {
  /** Cap per opening in fen: ¥1 to ¥2,000 (a fridge's whole shelf), and the declines in a row before a block. */
  capMin: 100,
  capMax: 200_000,
  declinesMin: 1,
  declinesMax: 10,
  openingId: 64,
  card: 128,
} as const;
/** Without a tenant's own: ¥100 an opening, blocked at the third decline in a row. */
export const DOOR_DEFAULTS = { cap: 10_000, declines: 3 } as const;

/** An opening as the list shows it: still open, paid, closed without a purchase, declined; paid over the cap too. */
export const OPENING_STATES = ['open', 'paid', 'nothing', 'declined'] as const;
export type OpeningState = (typeof OPENING_STATES)[number];

const openingId = str()
  .trim()
  .min(1)
  .max(DOOR_LIMITS.openingId)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.code' });

export const doorOpen = z.object({
  /** The machine's own id of the opening: the same id sent again is the same opening. */
  openingId,
  /** The payment platform's token for the shopper's card (never its number): what a block is kept against. */
  card: str().trim().min(8).max(DOOR_LIMITS.card),
  /** The card's last four digits, for people to tell cards apart. */
  cardTail: str()
    .regex(/^\d{4}$/, { message: 'validation.invalid' })
    .optional(),
});

export const doorClose = z.object({
  openingId,
  /** What the shopper's goods came to (fen), charged or tried; 0 when nothing was taken. */
  amount: z.number().int().min(0).max(10_000_000),
  /** The card was declined for it. */
  declined: z.boolean(),
  /** The sale the machine reported for it (`order.sale`'s `saleId`), when paid. */
  saleId: str().trim().max(64).optional(),
});

export const doorSettings = z.object({
  tenantId: z.number().int(),
  cap: z.number().int(),
  declines: z.number().int(),
  /** Whether the tenant set them, or they are the defaults. */
  own: z.boolean(),
});
export type DoorSettings = z.infer<typeof doorSettings>;

export const doorSettingsForm = z.object({
  tenantId: ref('tenant').optional(),
  cap: z
    .number({ error: 'fresh.validation.doorCap' })
    .int({ message: 'fresh.validation.doorCap' })
    .min(DOOR_LIMITS.capMin, { message: 'fresh.validation.doorCap' })
    .max(DOOR_LIMITS.capMax, { message: 'fresh.validation.doorCap' }),
  declines: z
    .number({ error: 'fresh.validation.declines' })
    .int({ message: 'fresh.validation.declines' })
    .min(DOOR_LIMITS.declinesMin, { message: 'fresh.validation.declines' })
    .max(DOOR_LIMITS.declinesMax, { message: 'fresh.validation.declines' }),
});

export const openingItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  openingId: z.string(),
  cardTail: z.string().nullable(),
  openedAt: isoTime,
  closedAt: isoTime.nullable(),
  state: z.enum(OPENING_STATES),
  cap: z.number().int(),
  amount: z.number().int().nullable(),
  /** What the goods came to was more than the cap (the machine should have stopped it). */
  overCap: z.boolean(),
  saleId: z.string().nullable(),
});
export type OpeningItem = z.infer<typeof openingItem>;

export const openingFilter = z.object({
  deviceId: ref('device').optional(),
  tenantId: ref('tenant').optional(),
  state: z.enum(OPENING_STATES).optional(),
  month: reportMonth.optional(),
});
export type OpeningFilter = z.infer<typeof openingFilter>;

export const cardItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  cardTail: z.string().nullable(),
  /** Declines in a row since its last payment (or unblock). */
  declines: z.number().int(),
  blockedAt: isoTime.nullable(),
  blockedDeviceName: z.string().nullable(),
  /** Openings refused while blocked. */
  refusals: z.number().int(),
  lastSeenAt: isoTime,
});
export type CardItem = z.infer<typeof cardItem>;

export const cardFilter = z.object({
  tenantId: ref('tenant').optional(),
  blocked: z.boolean().optional(),
});

/** The host's evidence sheet: a fridge's month, day by day. */
export const hostSheetBody = z.object({ deviceId: ref('device'), month: reportMonth });

const access = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' } as const;
const settingsAccess = { auth: 'user', roles: ['admin', 'tenant'] } as const;
const sheet = z.object({ name: z.string(), data: z.string(), rows: z.number().int() });
const lang = z.object({ lang: z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN') });

export const freshDoorApi = {
  'fresh.doorOpen': endpoint({
    method: 'POST',
    path: '/device-api/v1/doors/open',
    summary:
      "A shopper's card asks a smart fridge to open: answers the most the opening may come to (the tenant's cap). A card blocked at the tenant's fridges is refused (1447), as a machine that may not sell is (902–905). The same opening id sent again answers the same.",
    body: doorOpen,
    content: z.object({ cap: z.number().int() }),
    access: { auth: 'device' },
    contended: 'an opening id opens one opening',
  }),
  'fresh.doorClose': endpoint({
    method: 'POST',
    path: '/device-api/v1/doors/close',
    summary:
      "The door closed: what the goods came to and whether the card was declined. A decline counts against the card; at the tenant's number in a row the card is blocked at all its fridges; a payment clears the count. An opening closed already answers as it did (1449 for one never opened).",
    body: doorClose,
    content: z.object({ state: z.enum(OPENING_STATES), cardBlocked: z.boolean() }),
    access: { auth: 'device' },
    contended: 'an opening closes once: its decline counts once, and a card is blocked once',
  }),
  'fresh.doorOpenings': endpoint({
    method: 'POST',
    path: '/fresh/doors/openings',
    summary:
      'The door openings of the fridges in scope, newest first: card (last digits), opened and closed, what the goods came to against the cap, paid, nothing taken or declined; by device, tenant, state or month.',
    query: pageQuery,
    body: openingFilter,
    content: page(openingItem),
    access,
  }),
  'fresh.doorFridges': endpoint({
    method: 'POST',
    reads: true,
    path: '/fresh/doors/fridges',
    summary:
      'The fridges in scope that have had a door opening, by name: what the openings and the host sheet are asked for.',
    body: z.object({}),
    content: z.array(z.object({ id: z.number().int(), name: z.string(), serial: z.string() })),
    access,
  }),
  'fresh.cards': endpoint({
    method: 'POST',
    path: '/fresh/doors/cards',
    summary:
      'Cards declined at the fridges in scope, blocked first: declines in a row, when and where blocked, openings refused since.',
    query: pageQuery,
    body: cardFilter,
    content: page(cardItem),
    access,
  }),
  'fresh.unblockCard': endpoint({
    method: 'PUT',
    path: '/fresh/doors/cards/:id/unblock',
    summary: "Unblocks a card at the tenant's fridges and clears its declines (1448 for a card not blocked).",
    params: refParams('card'),
    body: z.object({}),
    content: cardItem,
    access: settingsAccess,
    contended: 'a card is unblocked once',
  }),
  'fresh.doorSettings': endpoint({
    method: 'POST',
    reads: true,
    path: '/fresh/doors/settings',
    summary: "A tenant's cap per opening and declines in a row before a block (the defaults where it set none).",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: doorSettings,
    access: settingsAccess,
  }),
  'fresh.saveDoorSettings': endpoint({
    method: 'PUT',
    path: '/fresh/doors/settings',
    summary: "Sets a tenant's cap per opening (¥1–¥2,000) and declines in a row before a block (1–10).",
    body: doorSettingsForm.meta({ examples: [{ cap: 10_000, declines: 3 }] }),
    content: doorSettings,
    access: settingsAccess,
  }),
  'fresh.hostSheet': endpoint({
    method: 'POST',
    path: '/fresh/doors/host-sheet',
    summary:
      "A fridge's month for its location's host as an .xlsx in the caller's language, a row a day: door openings, those that bought, what they paid, declines, goods gone missing and their value at cost.",
    query: lang,
    body: hostSheetBody,
    content: sheet,
    exports: true,
    access,
  }),
} as const;
