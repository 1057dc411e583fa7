/**
 * The complaint domain's live events in the console: lists and open
 * complaints refresh; a new complaint raises a notification where its
 * device's complaint switch is on. Kept free of React and Fluent: it is in
 * the first bundle.
 */
import { complaintEvent, describeComplaintEvent } from '../../shared/complaint/events.js';
import type { LiveHandler } from '../manifest.js';

const REFRESH = ['complaint.page', 'complaint.info'] as const;

export const complaintLive: LiveHandler = (data, lang) => {
  const parsed = complaintEvent.safeParse(data);
  if (!parsed.success) return { refresh: [] };
  return { refresh: REFRESH, ...(parsed.data.notify ? { notice: describeComplaintEvent(parsed.data, lang) } : {}) };
};
