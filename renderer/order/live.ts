/**
 * The order domain's live events in the console: a new order refreshes the
 * open order lists, a refund asked for or settled refreshes them and every
 * window showing that order. No notification: the rows say it. Kept free of
 * React and Fluent: it is in the first bundle.
 */
import { orderEvent } from '../../shared/order/events.js';
import type { LiveHandler } from '../manifest.js';

const LISTS = ['order.page', 'order.count'] as const;
const ORDER = [...LISTS, 'order.info', 'refund.list'] as const;

export const orderLive: LiveHandler = (data) => {
  const parsed = orderEvent.safeParse(data);
  if (!parsed.success) return { refresh: [] };
  return { refresh: parsed.data.kind === 'created' ? LISTS : ORDER };
};
