/**
 * A device model's modules (main board, payment module, cooling…) and the
 * version of each that a device reports in its heartbeat. A fixed list,
 * named in the catalogues, rather than free text per model: firmware
 * packages name one, heartbeats report by them, and every screen shows
 * them in the reader's language.
 */
import { z } from 'zod';
import { endpoint, isoTime, refParams } from '../api/define.js';

export const MODULE_KINDS = ['mainBoard', 'payment', 'cooling', 'cardReader', 'display', 'network', 'brewer'] as const;
export type ModuleKind = (typeof MODULE_KINDS)[number];

export const moduleVersion = z.object({ module: z.enum(MODULE_KINDS), version: z.string(), reportedAt: isoTime });
export type ModuleVersion = z.infer<typeof moduleVersion>;

export const moduleApi = {
  'device.modules': endpoint({
    method: 'GET',
    path: '/device/:id/modules',
    summary: "A device's modules with the version each last reported and when (1201 not a device the caller sees).",
    params: refParams('device'),
    content: z.array(moduleVersion),
    access: { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' },
  }),
} as const;
