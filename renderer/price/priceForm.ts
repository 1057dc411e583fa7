/** The price-change wizard's form: its values as typed, their checks, and the request they make (pure). */
import { z } from 'zod';
import { businessInstant } from '../../shared/business-time.js';
import { parseYuan } from '../../shared/format.js';
import { PRICE_LIMITS, PRICE_TIMINGS, type PriceChangeInput } from '../../shared/price/index.js';
import { emptyTarget, namesItsFormTarget, ownerOf, targetFormShape, targetOf } from '../device/index.js';

const money = z
  .string()
  .refine((v) => parseYuan(v) !== null, { message: 'validation.invalid' })
  .refine((v) => (parseYuan(v) ?? 0) >= 1, { message: 'validation.min' })
  .refine((v) => (parseYuan(v) ?? 0) <= PRICE_LIMITS.money, { message: 'validation.max' });

export const priceSchema = namesItsFormTarget(
  z.object({
    ...targetFormShape,
    lines: z
      .array(z.object({ productId: z.number().int(), name: z.string(), price: money, customerStaffPrice: money }))
      .min(1, { message: 'validation.required' })
      .max(PRICE_LIMITS.products, { message: 'validation.max' }),
    timing: z.enum(PRICE_TIMINGS),
    applyAt: z.string(),
    replace: z.boolean(),
  }),
)
  .refine((v) => v.timing !== 'at' || businessInstant(v.applyAt) !== null, {
    message: 'validation.invalid',
    path: ['applyAt'],
  })
  .refine((v) => v.timing !== 'at' || (businessInstant(v.applyAt)?.getTime() ?? 0) > Date.now(), {
    message: 'price.validation.applyAtPast',
    path: ['applyAt'],
  });
export type PriceValues = z.input<typeof priceSchema>;

export const emptyPrice = (deviceIds: number[] = []): PriceValues => ({
  ...emptyTarget(deviceIds),
  lines: [],
  timing: 'now',
  applyAt: '',
  replace: false,
});

export function toPriceInput(v: PriceValues, replaces: readonly number[]): PriceChangeInput {
  return {
    ...ownerOf(v),
    ...targetOf(v),
    lines: v.lines.map((l) => ({
      productId: l.productId,
      price: parseYuan(l.price)!,
      customerStaffPrice: parseYuan(l.customerStaffPrice)!,
    })),
    timing: v.timing,
    ...(v.timing === 'at' ? { applyAt: businessInstant(v.applyAt)!.toISOString() } : {}),
    replaces: v.replace ? [...replaces] : [],
  };
}
