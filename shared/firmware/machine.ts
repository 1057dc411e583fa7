/**
 * The device side of firmware (the device-facing API, ARCHITECTURE §11): a
 * machine downloads a package of its model, all of it or from where a
 * broken download stopped (an HTTP Range), and checks the SHA-256 it was
 * given against the bytes it holds.
 */
import { z } from 'zod';
import { binaryBytes, endpoint, idParams, str } from '../api/define.js';
import { JOB_STATES } from './rollouts.js';

/** The header that carries a package's SHA-256 (hex) beside its bytes. */
export const CHECKSUM_HEADER = 'x-checksum-sha256';

export const firmwareMachineApi = {
  'firmware.download': endpoint({
    method: 'GET',
    path: '/device-api/v1/firmware/:id',
    summary:
      "A package's file for a machine of its model (1701 otherwise, or while a draft): the whole, or one byte range asked for with `Range: bytes=start-end` (206 with its Content-Range; 1714 a range outside the file). The SHA-256 travels in x-checksum-sha256 and as the ETag.",
    params: idParams,
    content: z.object({ mime: z.string(), bytes: binaryBytes }),
    binary: true,
    access: { auth: 'device' },
  }),
  'firmware.report': endpoint({
    method: 'POST',
    path: '/device-api/v1/firmware/jobs/:id',
    summary:
      "A machine's step in the update it was offered (its heartbeat names the job): downloading (with its progress), installing, done, or failed with its reason — tried again later, up to three attempts. 1907 no such update under way for this machine (a cancelled rollout's), 1908 a step out of order.",
    params: idParams,
    body: z.object({
      state: z.enum(['downloading', 'installing', 'done', 'failed'] satisfies (typeof JOB_STATES)[number][]),
      progress: z.number().int().min(0).max(100).optional(),
      reason: str().trim().max(100).optional(),
    }),
    content: z.object({ state: z.enum(JOB_STATES) }),
    access: { auth: 'device' },
  }),
} as const;
