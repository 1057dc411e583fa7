/**
 * A device's live events (shared/api/events.ts): what the console hears about
 * a machine without asking, and which of the device's seven notification
 * switches (spec §3) lets each one raise a notification. `notify` is worked
 * out by the upstream from the device's switches when the event happens.
 */
import { z } from 'zod';
import { isoTime } from '../api/define.js';
import type { NotificationKind } from './api.js';
import { DEVICE_ALERTS } from './care.js';
import type { Lang } from '../i18n/define.js';
import { deviceEventTexts } from './texts-events.js';

export const DEVICE_EVENTS = [
  'online',
  'offline',
  'fault',
  'recovered',
  'locked',
  'unlocked',
  'lowStock',
  'replenished',
  'salesNotice',
  'sale',
  'recycled',
  'allocated',
  'quiet',
  'runningOut',
  'alertCleared',
  'channelLocked',
  'expiredSale',
  'temperatureExcursion',
] as const;
export type DeviceEventKind = (typeof DEVICE_EVENTS)[number];

/** The switch that governs each event's notification; a sale only refreshes what is open. */
export const EVENT_SWITCH: Readonly<Record<DeviceEventKind, NotificationKind | null>> = {
  online: 'online',
  offline: 'online',
  fault: 'fault',
  recovered: 'fault',
  locked: 'lock',
  unlocked: 'lock',
  lowStock: 'warning',
  replenished: 'replenish',
  salesNotice: 'sales',
  sale: null,
  recycled: null,
  allocated: null,
  // The alerts' episodes (server/device/alerts.ts) open under the warning switch; their end only refreshes.
  quiet: 'warning',
  runningOut: 'warning',
  alertCleared: null,
  // A channel that locked itself after failed vends is a fault of the machine's.
  channelLocked: 'fault',
  // Fresh food sold past its expiry (refunded at once): a warning, as low stock is.
  expiredSale: 'warning',
  // A fridge out of its range long enough to lock its fresh food: a warning, opening the fridge's page.
  temperatureExcursion: 'warning',
};

export const deviceEvent = z.object({
  kind: z.enum(DEVICE_EVENTS),
  deviceId: z.number().int(),
  serial: z.string(),
  name: z.string(),
  at: isoTime,
  /** The device's switch for this kind is on: raise a notification. */
  notify: z.boolean(),
  /** lowStock: the channel and what it holds now. */
  channel: z.number().int().optional(),
  stock: z.number().int().optional(),
  /** fault: the machine's code and message. */
  code: z.string().optional(),
  message: z.string().optional(),
  /** salesNotice: sales today; channelLocked: the failures in a row; expiredSale: the units sold past their expiry. */
  count: z.number().int().optional(),
  /** quiet: hours since its last sale; runningOut: hours until the channel is empty. */
  hours: z.number().optional(),
  /** temperatureExcursion: the reading furthest out of range, °C (`count`: the channels it locked). */
  celsius: z.number().optional(),
  /** alertCleared: which alert ended. */
  alert: z.enum(DEVICE_ALERTS).optional(),
});
export type DeviceEvent = z.infer<typeof deviceEvent>;

/**
 * The line a notification shows for an event, in `lang`: main's OS
 * notification and the renderer's in-page one say the same words. (i18next
 * is the renderer's; main has none, so the `{{key}}` placeholders are filled here.)
 */
export function describeDeviceEvent(event: DeviceEvent, lang: Lang): string {
  const texts = deviceEventTexts[lang] as Readonly<Record<string, string | undefined>>;
  // A singular where the language has one (i18next's `_one`, spelled out here).
  const template = (event.count === 1 ? texts[`${event.kind}_one`] : undefined) ?? deviceEventTexts[lang][event.kind];
  const values: Record<string, string> = {
    name: event.name,
    channel: String(event.channel ?? ''),
    stock: String(event.stock ?? ''),
    code: event.code ?? '',
    message: event.message ?? '',
    count: String(event.count ?? ''),
    hours: String(event.hours ?? ''),
    celsius: String(event.celsius ?? ''),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '').trim();
}

export const deviceEventTitle = (lang: Lang) => deviceEventTexts[lang].title;
