/**
 * The dashboard follows the orders' live events (topic `order`): a sale, or a
 * refund that settled, re-reads today's figures only (`dashboard.today`, a
 * few rows), gathered at most once a second by the shell — never the whole
 * dashboard per sale. What needs attention (`dashboard.alerts`: a week of
 * every machine's hours) moves on an hour's scale: it is re-read when a
 * device comes online, falls silent or runs low, and once a minute — not on
 * every sale, which under a fleet selling all day made each open dashboard
 * ask for it every second (bench/load.ts). Kept free of React and Fluent: it
 * is in the first bundle.
 */
import { orderEvent } from '../../shared/order/index.js';
import type { LiveHandler } from '../manifest.js';

const TODAY = ['dashboard.today'] as const;

/** A device came online, fell silent, ran low: what needs attention changed. */
export const dashboardDeviceLive: LiveHandler = () => ({ refresh: ['dashboard.alerts'] });

export const dashboardLive: LiveHandler = (data) => {
  const parsed = orderEvent.safeParse(data);
  if (!parsed.success) return { refresh: [] };
  const moved = parsed.data.kind === 'created' || parsed.data.state === 'success';
  return { refresh: moved ? TODAY : [] };
};
