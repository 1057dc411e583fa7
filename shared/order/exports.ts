/**
 * Exporting orders (spec §9: start and end time required; real time at most
 * 1000 orders, more by e-mail to an address that is required and valid;
 * §8 977). Up to 1000 the console writes the file itself from the pages of
 * the list; beyond, a job on the upstream writes it and mails a link that
 * expires.
 */
import { z } from 'zod';
import { binaryBytes, endpoint, instantOf, isoTime } from '../api/define.js';
import { LANGS } from '../i18n/define.js';
import { orderAccess, orderFilter } from './list.js';

export const EXPORT_LIMITS = {
  /** Spec §9: real-time export at most 1000 orders. */
  realTime: 1000,
  /** Days a mailed download link works. */
  linkDays: 7,
} as const;
export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** The project's instant (1970–9999: PostgreSQL has no year 0), worded as the export's time. */
const instant = instantOf('order.validation.time');

/** The list's filter with the time range required (spec §9). */
export const exportFilter = orderFilter.safeExtend({ from: instant, to: instant }).meta({
  examples: [
    { from: '2026-11-23T00:00:00+08:00', to: '2026-11-23T23:59:59+08:00' },
    { from: '2026-11-01T00:00:00+08:00', to: '2026-11-24T23:59:59+08:00', refundState: 'partial' },
  ],
});
export type ExportFilter = z.infer<typeof exportFilter>;

export const exportMailInput = z
  .object({
    filter: exportFilter,
    email: z
      .email({ message: 'order.validation.email' })
      .max(254, { message: 'order.validation.email' })
      .meta({ examples: ['caiwu@huadong-vend.cn'] }),
    /** The language of the sheet's headings and states, and of the e-mail. */
    lang: z.enum(LANGS),
  })
  .meta({
    examples: [
      {
        filter: { from: '2026-01-01T00:00:00+08:00', to: '2026-11-24T23:59:59+08:00' },
        email: 'caiwu@huadong-vend.cn',
        lang: 'zh-CN',
      },
    ],
  });

/**
 * A real-time export the console writes itself (the local operation
 * `export.orders`, shared/ipc.ts): `job` is the page's own name for it, for
 * its progress events and its cancel; `name` the file's suggested name.
 */
export const liveExportInput = z
  .object({
    job: z
      .string()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9-]+$/, { message: 'validation.invalid' }),
    filter: exportFilter,
    lang: z.enum(LANGS),
    name: z
      .string()
      .min(1)
      .max(120)
      .regex(/^[^\\/:*?"<>|]+\.xlsx$/, { message: 'validation.invalid' }),
  })
  .meta({
    examples: [
      {
        job: 'e2b4c1d0-4a7f',
        filter: { from: '2026-11-23T00:00:00+08:00', to: '2026-11-23T23:59:59+08:00' },
        lang: 'zh-CN',
        name: 'orders-20261123.xlsx',
      },
    ],
  });
export type LiveExportInput = z.infer<typeof liveExportInput>;

export const liveExportResult = z.object({
  /** Desktop: written where the native save dialog said. Browser mode: `data` is the file, for the page to download. */
  native: z.boolean(),
  saved: z.boolean(),
  /** Cancelled by the user (in the save dialog or while it ran). */
  cancelled: z.boolean(),
  rows: z.number().int(),
  /** The .xlsx, base64 (browser mode only). */
  data: z.string().optional(),
});
export type LiveExportResult = z.infer<typeof liveExportResult>;

/** Topic of a real-time export's progress events (`data`: `ExportProgress`), local to the console: the upstream never sends it. */
export const EXPORT_TOPIC = 'export';
export const exportProgress = z.object({ job: z.string(), done: z.number().int(), total: z.number().int() });
export type ExportProgress = z.infer<typeof exportProgress>;

export const exportJob = z.object({
  id: z.number().int(),
  state: z.enum(EXPORT_STATES),
  email: z.string(),
  from: isoTime,
  to: isoTime,
  /** Orders written (when done). */
  rows: z.number().int().nullable(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
  /** When the mailed link stops working (when done). */
  expiresAt: isoTime.nullable(),
});
export type ExportJob = z.infer<typeof exportJob>;

export const exportApi = {
  'order.exportCheck': endpoint({
    method: 'POST',
    reads: true,
    path: '/order/export/check',
    summary:
      'Whether a filter (time range required) may be exported in real time: its count when at most 1000 orders match; 977 beyond (export by e-mail instead).',
    body: exportFilter,
    content: z.object({ total: z.number().int() }),
    access: orderAccess,
  }),
  'order.exportMail': endpoint({
    method: 'POST',
    path: '/order/export/mail',
    summary:
      'Queue an export of a filter (time range required) to be mailed as a download link to an address (required, valid). A durable job: it survives a restart of the upstream and runs on one instance.',
    body: exportMailInput,
    content: exportJob,
    exports: true,
    access: orderAccess,
  }),
  'order.exports': endpoint({
    method: 'POST',
    reads: true,
    path: '/order/exports',
    summary: "The caller's own export jobs, newest first (the last 50), with their state.",
    body: z.object({}),
    content: z.array(exportJob),
    access: orderAccess,
  }),
  'order.exportFile': endpoint({
    method: 'GET',
    path: '/order/export/file/:token',
    summary:
      'The .xlsx of a finished export, for the link mailed (the link is the key; 978 once it has expired or for any other).',
    params: z.object({
      token: z
        .string()
        .length(64, { message: 'validation.invalid' })
        .regex(/^[0-9a-f]{64}$/, { message: 'validation.invalid' }),
    }),
    content: z.object({ mime: z.string(), bytes: binaryBytes }),
    binary: true,
    access: { auth: 'none' },
  }),
} as const;
