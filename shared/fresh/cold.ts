/**
 * The cold chain (docs/domains/fresh.md#temperature): a fridge's temperature
 * readings, reported by the machine in batches and kept by the minute; the
 * range its goods need (a tenant's rule per product category); an excursion —
 * out of range for the rule's minutes — locks the fridge's perishable
 * channels until someone confirms the stock was checked.
 */
import { z } from 'zod';
import { isIsoDate } from '../format.js';
import { endpoint, instantOf, isoTime, page, pageQuery, ref, refParams, str } from '../api/define.js';

export const COLD_LIMITS = {
  /** What a fridge's sensor can say, °C. */
  lowest: -40,
  highest: 60,
  /** Readings one report carries: a day of one a minute. */
  perReport: 1440,
  /** How far back a report may go (a fridge offline for a month sends its backlog), and ahead (its clock). */
  pastDays: 31,
  aheadMinutes: 5,
  /** A rule's minutes out of range before an excursion. */
  minutesMin: 1,
  minutesMax: 720,
  /** No reading for this long: the fridge's sensor is silent. */
  silentMinutes: 15,
  /** An acknowledgement's note. */
  note: 200,
} as const;

/**
 * The range when a tenant has no rule: chilled food at 0–8 °C (GB 31605's
 * cold-chain range for chilled goods is 0–10; 8 leaves the fridge its margin)
 * and 30 minutes out of it — a door left open a minute is no excursion.
 */
export const DEFAULT_COLD_RULE = { low: 0, high: 8, minutes: 30 } as const;

/** A fridge: normal, out of range (not yet for the rule's minutes), in an excursion, back in range awaiting an acknowledgement, or silent. */
export const FRIDGE_STATES = ['normal', 'out', 'excursion', 'awaiting', 'silent'] as const;
export type FridgeState = (typeof FRIDGE_STATES)[number];

/** An excursion: still out of range, back in range (its channels locked until acknowledged), acknowledged. */
export const EXCURSION_STATES = ['ongoing', 'awaiting', 'acknowledged'] as const;
export type ExcursionState = (typeof EXCURSION_STATES)[number];

/** °C to one decimal, as stored (tenths of a degree). */
export const toTenths = (celsius: number): number => Math.round(celsius * 10);
export const fromTenths = (tenths: number): number => tenths / 10;

const celsius = z
  .number({ error: 'fresh.validation.celsius' })
  .min(COLD_LIMITS.lowest, { message: 'fresh.validation.celsius' })
  .max(COLD_LIMITS.highest, { message: 'fresh.validation.celsius' });

export const temperatureReading = z.object({
  /** When the sensor read it (the machine's clock), ISO 8601 with its offset. */
  at: instantOf('fresh.validation.readingTime'),
  celsius,
});

/** A business day, YYYY-MM-DD. */
const day = str()
  .refine(isIsoDate, { message: 'validation.invalid' })
  .meta({ examples: ['2030-01-31'] });

const wholeOf = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ message }).min(min, { message }).max(max, { message });

export const coldRuleInput = z
  .object({
    tenantId: ref('tenant').optional(),
    /** A category's range (its products and its subcategories'), or null: every perishable product without one. */
    categoryId: ref('category').nullable(),
    // Examples of a range: a generated input (the isolation matrix) needs high above low.
    low: celsius.meta({ examples: [0] }),
    high: celsius.meta({ examples: [8] }),
    minutes: wholeOf(COLD_LIMITS.minutesMin, COLD_LIMITS.minutesMax, 'fresh.validation.coldMinutes'),
  })
  .refine((r) => toTenths(r.high) > toTenths(r.low), { message: 'fresh.validation.coldRange', path: ['high'] });
export type ColdRuleInput = z.infer<typeof coldRuleInput>;

export const coldRuleItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  low: z.number(),
  high: z.number(),
  minutes: z.number().int(),
  updatedAt: isoTime,
});
export type ColdRuleItem = z.infer<typeof coldRuleItem>;

/** The range a fridge is held to now: the strictest of its perishable goods' rules. */
export const coldRange = z.object({ low: z.number(), high: z.number(), minutes: z.number().int() });
export type ColdRange = z.infer<typeof coldRange>;

export const fridgeItem = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  serial: z.string(),
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  pointName: z.string().nullable(),
  state: z.enum(FRIDGE_STATES),
  /** The last reading. */
  celsius: z.number(),
  readAt: isoTime,
  range: coldRange,
  /** The excursion not yet acknowledged, if any: since when, its peak, and the channels it locked. */
  excursion: z.object({ id: z.number().int(), startedAt: isoTime, peak: z.number() }).nullable(),
  lockedChannels: z.array(z.number().int()),
});
export type FridgeItem = z.infer<typeof fridgeItem>;

/** The states the board filters by: those someone has to act on. */
export const FRIDGE_FILTERS = ['excursion', 'awaiting', 'silent'] as const;

export const fridgeFilter = z.object({
  tenantId: ref('tenant').optional(),
  state: z.enum(FRIDGE_FILTERS).optional(),
  /** A device's name or serial. */
  keyword: str().trim().max(40).optional(),
});
export type FridgeFilter = z.infer<typeof fridgeFilter>;

export const excursionItem = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  tenantName: z.string(),
  state: z.enum(EXCURSION_STATES),
  /** The first reading out of range, the moment the channels locked, the first reading back in range. */
  startedAt: isoTime,
  lockedAt: isoTime,
  endedAt: isoTime.nullable(),
  /** The reading furthest out of the range. */
  peak: z.number(),
  range: coldRange,
  lockedChannels: z.array(z.number().int()),
  acknowledgedAt: isoTime.nullable(),
  acknowledgedBy: z.string().nullable(),
  note: z.string(),
  /** Units thrown away as `temperature` waste on acknowledging. */
  removedUnits: z.number().int(),
});
export type ExcursionItem = z.infer<typeof excursionItem>;

export const excursionFilter = z.object({
  deviceId: ref('device').optional(),
  tenantId: ref('tenant').optional(),
  state: z.enum(EXCURSION_STATES).optional(),
});
export type ExcursionFilter = z.infer<typeof excursionFilter>;

export const fridgeDay = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  day: z.string(),
  range: coldRange,
  readings: z.array(z.object({ at: isoTime, celsius: z.number() })),
  /** The excursions that overlap the day. */
  excursions: z.array(excursionItem),
});
export type FridgeDay = z.infer<typeof fridgeDay>;

const access = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' } as const;
const ruleAccess = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const freshColdApi = {
  'fresh.temperatureReport': endpoint({
    method: 'POST',
    path: '/device-api/v1/temperatures',
    summary:
      "A fridge reports its temperature readings (up to 1 440, each with its time, −40–60 °C): a reading already stored for that time is kept as it was, so a report sent twice stores once. Out of range for its rule's minutes, the fridge's perishable channels lock and an excursion opens; back in range, it waits for an acknowledgement.",
    body: z.object({
      readings: z
        .array(temperatureReading)
        .min(1, { message: 'validation.required' })
        .max(COLD_LIMITS.perReport, { message: 'validation.max' }),
    }),
    content: z.object({
      stored: z.number().int(),
      /** Readings held as implausible (20 °C from the one before within a minute), for someone to approve or reject. */
      held: z.number().int(),
      /** The excursion not yet acknowledged after this report, if any. */
      excursion: z.object({ id: z.number().int(), state: z.enum(EXCURSION_STATES) }).nullable(),
    }),
    access: { auth: 'device' },
    contended: 'a reading is stored once per fridge and time, and a fridge has one excursion open at most',
  }),
  'fresh.fridges': endpoint({
    method: 'POST',
    reads: true,
    path: '/fresh/fridges',
    summary:
      'The temperature board: each fridge in scope that reports temperatures, excursions first, then the longest silent: its last reading, its state (normal, out of range, excursion, awaiting acknowledgement, silent for 15 minutes), the range its goods need and the channels an excursion locked.',
    query: pageQuery,
    body: fridgeFilter,
    content: page(fridgeItem),
    access,
  }),
  'fresh.fridgeDay': endpoint({
    method: 'GET',
    path: '/fresh/fridges/:id/day',
    summary: "A fridge's readings of one business day (by default today), its range and the excursions overlapping it.",
    params: refParams('device'),
    query: z.object({ day: day.optional() }),
    content: fridgeDay,
    access,
  }),
  'fresh.temperatureLog': endpoint({
    method: 'POST',
    path: '/fresh/fridges/:id/log',
    summary:
      "A fridge's temperature log of one business day as an .xlsx in the caller's language, what a health inspector asks for: every reading, out of range marked, and the excursions with who acknowledged them.",
    params: refParams('device'),
    query: z.object({ lang: z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN') }),
    body: z.object({ day }),
    content: z.object({ name: z.string(), data: z.string(), rows: z.number().int() }),
    exports: true,
    access,
  }),
  'fresh.excursions': endpoint({
    method: 'POST',
    reads: true,
    path: '/fresh/excursions',
    summary:
      'Temperature excursions in scope, those awaiting an acknowledgement first, then newest: by device, tenant or state.',
    query: pageQuery,
    body: excursionFilter,
    content: page(excursionItem),
    access,
  }),
  'fresh.acknowledgeExcursion': endpoint({
    method: 'PUT',
    path: '/fresh/excursions/:id/acknowledge',
    summary:
      "Someone checked the stock after an excursion: recorded with who and when, the channels it locked unlock, and, if asked, what is left of their batches is thrown away as `temperature` waste. Still out of range: 1443; acknowledged already or not the caller's: 1444.",
    params: refParams('excursion'),
    body: z.object({
      stockChecked: z.literal(true, { error: 'fresh.validation.stockChecked' }),
      removeBatches: z.boolean().default(false),
      note: str().trim().max(COLD_LIMITS.note, { message: 'validation.max' }).default(''),
    }),
    content: excursionItem,
    access,
    contended: 'an excursion is acknowledged once: its channels unlock and its batches are thrown away once',
  }),
  'fresh.coldRules': endpoint({
    method: 'POST',
    reads: true,
    path: '/fresh/cold-rules',
    summary:
      "A tenant's temperature rules (the caller's own tenant, or the one named): the one for every perishable product and each category's; without one, 0–8 °C for 30 minutes.",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: z.array(coldRuleItem),
    access: ruleAccess,
  }),
  'fresh.saveColdRule': endpoint({
    method: 'PUT',
    path: '/fresh/cold-rules',
    summary:
      "Sets a tenant's temperature rule for every perishable product (categoryId null) or one of its categories: the range (−40–60 °C, high above low) and the minutes out of it (1–720) before the fridge's perishable channels lock.",
    body: coldRuleInput,
    content: coldRuleItem,
    access: ruleAccess,
  }),
  'fresh.deleteColdRule': endpoint({
    method: 'DELETE',
    path: '/fresh/cold-rules/:id',
    summary: "Removes a temperature rule: its goods go back to the tenant's rule for every product, or the default.",
    params: refParams('coldRule'),
    content: z.null(),
    access: ruleAccess,
  }),
} as const;
