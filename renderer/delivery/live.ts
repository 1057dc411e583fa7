/**
 * The review list follows the order topic: a failed vend ending or a refund
 * landing refreshes it (which order joined the list is the upstream's to
 * say). Kept free of React, Fluent and the order domain's schemas: it is in
 * the first bundle, so it reads only the event's kind (the order domain
 * validates the event for its own screens).
 */
import type { LiveHandler } from '../manifest.js';

const REFRESH = ['delivery.reviews'] as const;

export const deliveryLive: LiveHandler = (data) => {
  const kind = typeof data === 'object' && data !== null ? (data as { kind?: unknown }).kind : undefined;
  return { refresh: kind === 'delivery' || kind === 'refund' ? REFRESH : [] };
};
