/** The rollout wizard's form: its values as typed, their checks, and the request they make (pure). */
import { z } from 'zod';
import type { RolloutInput } from '../../shared/firmware/index.js';
import { emptyTarget, namesItsFormTarget, ownerOf, targetFormShape, targetOf } from '../device/index.js';

const whole = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { message: 'validation.invalid' })
    .refine((v) => Number(v) >= min, { message: 'validation.min' })
    .refine((v) => Number(v) <= max, { message: 'validation.max' });
const clock = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'validation.invalid' });

export const rolloutSchema = namesItsFormTarget(
  z.object({
    ...targetFormShape,
    firstStage: whole(1, 100),
    perMinute: whole(1, 1000),
    concurrent: whole(1, 1000),
    windowOn: z.boolean(),
    windowFrom: clock,
    windowTo: clock,
    threshold: whole(1, 100),
    minDevices: whole(1, 1000),
    approval: z.boolean(),
  }),
).refine((v) => !v.windowOn || v.windowFrom !== v.windowTo, {
  message: 'firmware.validation.emptyWindow',
  path: ['windowTo'],
});
export type RolloutValues = z.input<typeof rolloutSchema>;

export const emptyRollout: RolloutValues = {
  ...emptyTarget(),
  firstStage: '10',
  perMinute: '20',
  concurrent: '10',
  windowOn: false,
  windowFrom: '01:00',
  windowTo: '05:00',
  threshold: '20',
  minDevices: '5',
  approval: false,
};

const minutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

export function toRolloutInput(v: RolloutValues, packageId: number): RolloutInput {
  return {
    ...ownerOf(v),
    packageId,
    ...targetOf(v),
    firstStage: Number(v.firstStage),
    perMinute: Number(v.perMinute),
    concurrent: Number(v.concurrent),
    window: v.windowOn ? { from: minutes(v.windowFrom), to: minutes(v.windowTo) } : null,
    threshold: Number(v.threshold),
    minDevices: Number(v.minDevices),
    approval: v.approval,
  };
}
