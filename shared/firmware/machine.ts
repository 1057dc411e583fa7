/**
 * The device side of firmware (the device-facing API, ARCHITECTURE §11): a
 * machine downloads a package of its model, all of it or from where a
 * broken download stopped (an HTTP Range), and checks the SHA-256 it was
 * given against the bytes it holds.
 */
import { z } from 'zod';
import { binaryBytes, endpoint, idParams } from '../api/define.js';

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
} as const;
