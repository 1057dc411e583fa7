/** The rollout wizard's form: its values as typed, their checks, and the request they make (pure). */
import { z } from 'zod';
import { PUSH_TARGETS } from '../../shared/device/index.js';
import type { RolloutInput } from '../../shared/firmware/index.js';
import { targetOf } from '../device/index.js';

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

export const rolloutSchema = z
  .object({
    tenantId: z.number().int().optional(),
    target: z.enum(PUSH_TARGETS),
    deviceIds: z.array(z.number().int()),
    pointId: z.string(),
    sceneId: z.string(),
    firstStage: whole(1, 100),
    perMinute: whole(1, 1000),
    concurrent: whole(1, 1000),
    windowOn: z.boolean(),
    windowFrom: clock,
    windowTo: clock,
    threshold: whole(1, 100),
    minDevices: whole(1, 1000),
    approval: z.boolean(),
  })
  .refine((v) => v.target !== 'devices' || v.deviceIds.length > 0, {
    message: 'validation.required',
    path: ['deviceIds'],
  })
  .refine((v) => v.target !== 'point' || v.pointId !== '', { message: 'validation.required', path: ['pointId'] })
  .refine((v) => v.target !== 'scene' || v.sceneId !== '', { message: 'validation.required', path: ['sceneId'] })
  .refine((v) => !v.windowOn || v.windowFrom !== v.windowTo, {
    message: 'firmware.validation.emptyWindow',
    path: ['windowTo'],
  });
export type RolloutValues = z.input<typeof rolloutSchema>;

export const emptyRollout: RolloutValues = {
  target: 'devices',
  deviceIds: [],
  pointId: '',
  sceneId: '',
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
    ...(v.tenantId === undefined ? {} : { tenantId: v.tenantId }),
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
