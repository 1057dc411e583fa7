/**
 * A tenant's markdown ladders pushed to its machines (docs/domains/fresh.md
 * "Markdowns at the machines"): a push of the device domain like a price
 * change — chosen devices, a point's or a scene's — which each machine takes
 * through its heartbeat (`markdowns`) and reports applied or failed; a newer
 * push to a device replaces the one it had not yet applied.
 */
import { z } from 'zod';
import { endpoint, isoTime, refParams, str } from '../api/define.js';
import { deviceTarget, namesItsTarget, PUSH_STEPS } from '../device/index.js';
import { markdownStep } from './markdown.js';

export const markdownPushInput = namesItsTarget(z.object({ ...deviceTarget })).meta({
  examples: [{ target: 'devices', deviceIds: [1] }],
});

export const markdownPushDevice = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  serial: z.string(),
  online: z.boolean(),
  /** Waiting for its machine's heartbeat, delivered (working), applied (done), failed or cancelled (replaced). */
  step: z.enum(PUSH_STEPS),
  reason: z.string().nullable(),
  deliveredAt: isoTime.nullable(),
  endedAt: isoTime.nullable(),
});
export type MarkdownPushDevice = z.infer<typeof markdownPushDevice>;

export const markdownPushDetail = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  createdAt: isoTime,
  createdBy: z.string().nullable(),
  /** The ladders sent, as they were: the general one first (no category). */
  ladders: z.array(z.object({ categoryName: z.string().nullable(), steps: z.array(markdownStep) })),
  devices: z.array(markdownPushDevice),
});
export type MarkdownPushDetail = z.infer<typeof markdownPushDetail>;

const access = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' } as const;
const senders = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const freshMarkdownPushApi = {
  'fresh.pushMarkdowns': endpoint({
    method: 'POST',
    path: '/fresh/markdowns/pushes',
    summary:
      "Sends the tenant's markdown ladders as they are now to the target devices (chosen, a point's or a scene's; 1909 one not the tenant's), each taking them at its next heartbeat; a device's earlier push not yet applied is cancelled. 1450 without any ladder.",
    body: markdownPushInput,
    content: markdownPushDetail,
    makes: 'markdownPush',
    access: senders,
  }),
  'fresh.markdownPush': endpoint({
    method: 'GET',
    path: '/fresh/markdowns/pushes/:id',
    summary: 'A markdown push: the ladders sent and each of its devices the caller sees, with its step.',
    params: refParams('markdownPush'),
    content: markdownPushDetail,
    access,
  }),
  'fresh.markdownReport': endpoint({
    method: 'POST',
    path: '/device-api/v1/markdowns/:id/report',
    summary:
      'A machine applied the markdown ladders it was delivered, or failed to with its reason (1451 for a push it was not delivered, or reported already).',
    params: refParams('markdownPush'),
    body: z.object({ result: z.enum(['applied', 'failed']), reason: str().trim().max(200).optional() }),
    content: z.object({ step: z.enum(PUSH_STEPS) }),
    access: { auth: 'device' },
  }),
} as const;
