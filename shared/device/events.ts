/**
 * A device's live events (shared/api/events.ts): what the console hears about
 * a machine without asking, and which of the device's seven notification
 * switches (spec §3) lets each one raise a notification. `notify` is worked
 * out by the upstream from the device's switches when the event happens.
 */
import { z } from 'zod';
import { isoTime } from '../api/define.js';
import type { NotificationKind } from './api.js';

export const DEVICE_EVENTS = ['online', 'offline', 'fault', 'recovered', 'locked', 'unlocked', 'lowStock', 'replenished', 'salesNotice', 'sale'] as const;
export type DeviceEventKind = (typeof DEVICE_EVENTS)[number];

/** The switch that governs each event's notification; a sale only refreshes what is open. */
export const EVENT_SWITCH: Readonly<Record<DeviceEventKind, NotificationKind | null>> = {
  online: 'online', offline: 'online', fault: 'fault', recovered: 'fault', locked: 'lock', unlocked: 'lock',
  lowStock: 'warning', replenished: 'replenish', salesNotice: 'sales', sale: null,
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
  /** salesNotice: sales today. */
  count: z.number().int().optional(),
});
export type DeviceEvent = z.infer<typeof deviceEvent>;
