/** The complaint domain on the upstream: complaints filed at the machines, handled from the console. */
import { defineServerDomain } from '../manifest.js';
import { complaintDemo } from './demo.js';
import { complaintHandlers } from './handlers.js';
import { complaints } from './schema.js';

export { complaintProgress, complaints } from './schema.js';

export const complaintServer = defineServerDomain({
  name: 'complaint',
  handlers: complaintHandlers,
  demo: complaintDemo,
  owns: {
    complaint: {
      id: complaints.id,
      tenantId: complaints.tenantId,
      labels: [complaints.number, complaints.description],
      deviceId: complaints.deviceId,
    },
  },
});
