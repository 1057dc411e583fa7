/** Addresses of the complaint screens and the colour of each state (pure). */
import type { ComplaintState } from '../../shared/complaint/index.js';

export const COMPLAINT_LIST_PATH = '/orderManagement/customerService';
export const complaintDetailPath = (complaintId: number) => `/orderManagement/complaintDetail?id=${complaintId}`;

export const STATE_COLOURS: Readonly<Record<ComplaintState, 'warning' | 'informative' | 'success'>> = {
  pending: 'warning',
  inProgress: 'informative',
  completed: 'success',
};
