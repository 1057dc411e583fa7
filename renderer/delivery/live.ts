/**
 * The review list follows the order topic: a failed vend ending or a refund
 * landing refreshes it (which order joined the list is the upstream's to
 * say). Kept free of React and Fluent: it is in the first bundle.
 */
import { orderEvent } from '../../shared/order/index.js';
import type { LiveHandler } from '../manifest.js';

const REFRESH = ['delivery.reviews'] as const;

export const deliveryLive: LiveHandler = (data) => {
  const parsed = orderEvent.safeParse(data);
  return { refresh: parsed.success && parsed.data.kind !== 'created' ? REFRESH : [] };
};
