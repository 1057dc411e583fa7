/**
 * Device binding (spec §2 /tenant/devBind, code 7-3): a first-level tenant
 * (or the system admin) hands its devices to one of its second-level tenants
 * and takes them back, in bulk. All or none, in one transaction; each device
 * moved is a line of its history and a live event. A device bound to a point
 * is refused (1406) — points are their tenant's — unless the caller asks to
 * unbind it first.
 */
import { z } from 'zod';
import { endpoint, ref } from '../api/define.js';

export const HANDOVER_LIMITS = { devices: 200 } as const;

export const handOverInput = z
  .object({
    /** The second-level tenant. */
    tenantId: ref('tenant'),
    deviceIds: z.array(ref('device')).min(1, { message: 'device.validation.pickDevices' }).max(HANDOVER_LIMITS.devices),
    /** False: from the parent to the second-level tenant; true: back to the parent. */
    back: z.boolean(),
    /** Unbind devices from their points first (else a bound device is refused, 1406). */
    unbindPoints: z.boolean().optional(),
  })
  .meta({ examples: [{ tenantId: 2, deviceIds: [5, 6], back: false }] });

export const handOverApi = {
  'device.handOver': endpoint({
    method: 'PUT',
    path: '/device/hand-over',
    summary:
      "Hand devices from a first-level tenant to one of its second-level tenants, or take them back; all or none. 1401 when the second-level tenant is not the caller's; 1201 when a device is not where it is taken from; 1406 when one is bound to a point (unless `unbindPoints`).",
    body: handOverInput,
    content: z.object({ changed: z.number().int() }),
    access: { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '7-3' },
    contended: 'a device has one owner, and each move of it is one line of its history',
  }),
} as const;
