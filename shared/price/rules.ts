/**
 * Price changes (beyond the spec; docs/domains/price.md): new prices and
 * staff prices of named products sent to a tenant's machines — chosen
 * devices, a point's or a scene's — now, at a set time, or at the next
 * service visit (the machine's next stock report). Each device's part goes
 * pending → delivered → applied / failed (with the machine's reason), or is
 * cancelled while unapplied. The states follow Parlevel's remote price
 * changes (pending → dispatched → success / error).
 */
import { z } from 'zod';
import { instant, ref } from '../api/define.js';
import { deviceTarget, namesItsTarget } from '../device/index.js';

export const PRICE_DEVICE_STATES = ['pending', 'delivered', 'applied', 'failed', 'cancelled'] as const;
export type PriceDeviceState = (typeof PRICE_DEVICE_STATES)[number];

/**
 * A change as a whole, from its devices' states: `sending` while any device
 * has not applied it; then `done` (every device applied it), `cancelled`
 * (none did: cancelled, or replaced by a later change, everywhere), `failed`
 * (none applied it and a machine refused it), `partly` (some applied it and
 * the rest failed or were cancelled). Without it, a change replaced
 * everywhere read "0 / 1 applied, 0 failed", like one still waiting.
 */
export const PRICE_CHANGE_STATES = ['sending', 'done', 'partly', 'failed', 'cancelled'] as const;
export type PriceChangeState = (typeof PRICE_CHANGE_STATES)[number];

export function priceChangeState(counts: Readonly<Record<PriceDeviceState, number>>): PriceChangeState {
  if (counts.pending + counts.delivered > 0) return 'sending';
  const ended = counts.applied + counts.failed + counts.cancelled;
  if (counts.applied === ended) return 'done';
  if (counts.applied > 0) return 'partly';
  return counts.failed > 0 ? 'failed' : 'cancelled';
}

export const PRICE_TIMINGS = ['now', 'at', 'visit'] as const;
export type PriceTiming = (typeof PRICE_TIMINGS)[number];
/**
 * Why a device is left out of a change: its model cannot take a remote
 * price (Parlevel's compatibility list), a payment box sells no products,
 * none of its channels holds a named product, or an unapplied change of
 * the same products waits for it that the new one does not name.
 */
export const PRICE_UNFIT = ['incompatible', 'paymentBox', 'noProduct', 'conflict'] as const;
export type PriceUnfit = (typeof PRICE_UNFIT)[number];

export const PRICE_LIMITS = {
  devices: 1000,
  products: 50,
  /** Earlier changes one change may replace. */
  replaces: 20,
  money: 99_999_999,
  /**
   * A sale stamped with a price version the machine has since left is still
   * priced at that version for this long after it applied the next one (a
   * sale queued while it applied); later it is refused (1915).
   */
  oldVersionMs: 15 * 60_000,
} as const;

const fen = z
  .number({ error: 'validation.invalid' })
  .int({ message: 'validation.invalid' })
  .min(1, { message: 'validation.min' })
  .max(PRICE_LIMITS.money, { message: 'validation.max' });

export const priceLine = z.object({
  productId: ref('product'),
  price: fen,
  customerStaffPrice: fen,
});
export type PriceLine = z.infer<typeof priceLine>;

const lines = z
  .array(priceLine)
  .min(1, { message: 'validation.required' })
  .max(PRICE_LIMITS.products)
  .refine((all) => new Set(all.map((l) => l.productId)).size === all.length, { message: 'price.validation.twice' });

export const priceChangeInput = namesItsTarget(
  z.object({
    ...deviceTarget,
    lines,
    timing: z.enum(PRICE_TIMINGS),
    /** When `at`: the instant from which the machines are offered it (in the future). */
    applyAt: instant.optional(),
    /** Earlier changes still unapplied at some of the devices that this one replaces there. */
    replaces: z.array(ref('priceChange')).max(PRICE_LIMITS.replaces).default([]),
  }),
)
  .refine((r) => r.timing !== 'at' || r.applyAt !== undefined, { message: 'validation.required', path: ['applyAt'] })
  .meta({
    examples: [
      {
        target: 'devices',
        deviceIds: [1],
        lines: [{ productId: 1, price: 350, customerStaffPrice: 300 }],
        timing: 'visit',
        replaces: [],
      },
    ],
  });
export type PriceChangeInput = z.input<typeof priceChangeInput>;

export const priceFitInput = z.object({ ...deviceTarget, lines });
export const priceTargetInput = z.object(deviceTarget);
