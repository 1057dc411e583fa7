/**
 * An order's live events (shared/api/events.ts, topic `order`): a machine
 * sold (open order lists show the new order), a refund was asked for or its
 * result landed (lists and every window showing the order refresh).
 */
import { z } from 'zod';

export const orderEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('created'), orderId: z.number().int() }),
  z.object({ kind: z.literal('refund'), orderId: z.number().int(), state: z.enum(['pending', 'success', 'failed']) }),
]);
export type OrderEvent = z.infer<typeof orderEvent>;
