/**
 * The device domain's live events in the console: what to refresh when a
 * machine changes (its list, its page, its channels) and the notification
 * where the device's switch is on. Kept free of React and Fluent: it is in
 * the first bundle.
 */
import { deviceEvent, describeDeviceEvent } from '../../shared/device/events.js';
import type { LiveHandler } from '../manifest.js';

const REFRESH = ['device.page', 'device.info', 'device.channels', 'device.exceptions'] as const;

export const deviceLive: LiveHandler = (data, lang) => {
  const parsed = deviceEvent.safeParse(data);
  if (!parsed.success) return { refresh: [] };
  const event = parsed.data;
  return { refresh: REFRESH, ...(event.notify ? { notice: describeDeviceEvent(event, lang) } : {}) };
};
