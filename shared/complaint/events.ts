/**
 * A complaint's live events (topic `complaint`): a customer filed one (a
 * notification where the device's complaint switch is on), or it moved on
 * (lists and windows showing it refresh).
 */
import { z } from 'zod';
import type { Lang } from '../i18n/define.js';
import { complaintEventTexts } from './texts-events.js';

export const complaintEvent = z.object({
  kind: z.enum(['created', 'updated']),
  complaintId: z.number().int(),
  number: z.string(),
  deviceName: z.string(),
  /** The device's complaint switch is on (spec §3): raise a notification. */
  notify: z.boolean(),
});
export type ComplaintEvent = z.infer<typeof complaintEvent>;

export const describeComplaintEvent = (e: ComplaintEvent, lang: Lang): string =>
  complaintEventTexts[lang].created.replace('{{number}}', e.number).replace('{{device}}', e.deviceName);
