/**
 * The device pool (spec §2 /devicePool, system admin only; §3 allocation
 * status normal, recycled, allocated): every device with its owner, the
 * platform's device models, registering new devices into the pool,
 * allocating pool devices to a tenant, recycling devices back (they leave
 * their point and their tenant's lists), and each device's history.
 */
import { z } from 'zod';
import { endpoint, id, isoTime, ref, refParams, str, text } from '../api/define.js';
import { DEVICE_TYPES } from './api.js';

/** `handOver` / `takeBack`: between a first-level tenant and its second-level tenant (shared/device/handover.ts). */
export const ALLOCATION_ACTIONS = ['register', 'allocate', 'recycle', 'handOver', 'takeBack'] as const;

export const POOL_LIMITS = { serials: 100, serial: 32, modelName: 30, description: 200 } as const;

export const deviceModel = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(DEVICE_TYPES),
  channelCount: z.number().int(),
  capacity: z.number().int(),
  description: z.string(),
  /** Devices of this model. */
  devices: z.number().int(),
});
export type DeviceModel = z.infer<typeof deviceModel>;

/** Serial numbers as printed on a chassis: letters, digits and dashes. */
const serial = str()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(POOL_LIMITS.serial, { message: 'validation.maxLength' })
  .regex(/^[A-Za-z0-9-]+$/, { message: 'device.validation.serial' });

export const registerForm = z.object({
  /** Model ids are the platform's (no tenant owns one): a plain id. */
  modelId: id,
  serials: z
    .array(serial)
    .min(1, { message: 'validation.required' })
    .max(POOL_LIMITS.serials, { message: 'device.validation.tooManySerials' }),
});
export type RegisterForm = z.infer<typeof registerForm>;

export const allocationEntry = z.object({
  action: z.enum(ALLOCATION_ACTIONS),
  tenantName: z.string().nullable(),
  actorName: z.string().nullable(),
  at: isoTime,
});
export type AllocationEntry = z.infer<typeof allocationEntry>;

const admin = { auth: 'user', roles: ['admin'] } as const;
const ids = z.array(ref('device')).min(1).max(200);

export const poolApi = {
  'device.models': endpoint({
    method: 'GET',
    path: '/device/models',
    summary:
      "The platform's device models with their channel count, per-channel capacity and how many devices each has.",
    content: z.array(deviceModel),
    access: admin,
  }),
  'device.modelCreate': endpoint({
    method: 'POST',
    path: '/device/models',
    summary: 'A new device model (name unique: 1802).',
    body: z.object({
      name: text(POOL_LIMITS.modelName),
      type: z.enum(DEVICE_TYPES),
      channelCount: z
        .number({ error: 'device.validation.channelCount' })
        .int({ message: 'device.validation.channelCount' })
        .min(0, { message: 'device.validation.channelCount' })
        .max(999, { message: 'device.validation.channelCount' }),
      capacity: z
        .number({ error: 'device.validation.capacity' })
        .int({ message: 'device.validation.capacity' })
        .min(0, { message: 'device.validation.capacity' })
        .max(9999, { message: 'device.validation.capacity' }),
      description: str().trim().max(POOL_LIMITS.description).default(''),
    }),
    content: deviceModel,
    access: admin,
  }),
  'device.register': endpoint({
    method: 'POST',
    path: '/device/pool/register',
    summary:
      "New devices of a model into the pool (no tenant), with the model's channels and capacity; all or none (a serial already known: 1206; no such model: 1801).",
    body: registerForm,
    content: z.object({ created: z.number().int() }),
    access: admin,
  }),
  'device.allocate': endpoint({
    method: 'PUT',
    path: '/device/pool/allocate',
    summary: 'Allocate pool devices to a tenant, all or none (a device that has an owner: 1204).',
    body: z.object({ ids, tenantId: ref('tenant') }),
    content: z.object({ changed: z.number().int() }),
    access: admin,
    contended: 'a device has one owner at most, and the history names each allocation that took effect',
  }),
  'device.recycle': endpoint({
    method: 'PUT',
    path: '/device/pool/recycle',
    summary:
      "Recycle devices into the pool, all or none (one already in the pool: 1205): they leave their point and their tenant, their channels are emptied, and a machine's sales are refused (905).",
    body: z.object({ ids }),
    content: z.object({ changed: z.number().int() }),
    access: admin,
  }),
  'device.allocations': endpoint({
    method: 'GET',
    path: '/device/:id/allocations',
    summary: "A device's history in the pool, oldest first.",
    params: refParams('device'),
    content: z.array(allocationEntry),
    access: admin,
  }),
} as const;
