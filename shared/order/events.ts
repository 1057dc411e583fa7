/**
 * An order's live events (shared/api/events.ts, topic `order`): a machine
 * sold (open order lists show the new order), a refund was asked for or its
 * result landed, the machine said what it dispensed (lists and every window
 * showing the order refresh).
 */
import { z } from 'zod';
import { DELIVERY_STATES } from './states.js';

export const orderEvent = z.discriminatedUnion('kind', [
  // `expired`: some of it came from a batch past its expiry (the fresh domain refunds that part at once).
  z.object({ kind: z.literal('created'), orderId: z.number().int(), expired: z.literal(true).optional() }),
  z.object({ kind: z.literal('refund'), orderId: z.number().int(), state: z.enum(['pending', 'success', 'failed']) }),
  // The machine said what it dispensed, or the sale timed out (server/delivery): its delivery state now, and whether failed items were refunded automatically.
  z.object({
    kind: z.literal('delivery'),
    orderId: z.number().int(),
    state: z.enum(DELIVERY_STATES),
    autoRefund: z.boolean(),
  }),
]);
export type OrderEvent = z.infer<typeof orderEvent>;
