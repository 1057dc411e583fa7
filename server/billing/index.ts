/** The billing domain on the upstream: the annual service fee, renewals paid through the sandbox provider, bills. It uses devices, points and tenants, never the other way. */
import { defineServerDomain } from '../manifest.js';
import { SWEEP_NET_MS } from '../jobs/index.js';
import { billingDemo } from './demo.js';
import { billingHandlers } from './handlers.js';
import { payNotifyRoutes } from './notify.js';
import { invoices, renewals } from './schema.js';
import { settleDue, settleJob } from './due.js';
import { SETTLE_JOB } from './settle.js';

export { billingSettings, invoiceProfiles, invoices, renewalDevices, renewals } from './schema.js';
export { sandboxPayment, settleDueRenewals, settleRenewal, type PaymentOutcome } from './settle.js';

export const billingServer = defineServerDomain({
  name: 'billing',
  handlers: billingHandlers,
  demo: billingDemo,
  owns: {
    renewal: { id: renewals.id, tenantId: renewals.tenantId, labels: [renewals.number] },
    invoice: { id: invoices.id, tenantId: invoices.tenantId, labels: [invoices.trackingNumber] },
  },
  // Each renewal's answer and end are jobs at their moments (settle.ts); the sweep only catches a lost job.
  jobs: { [SETTLE_JOB]: settleJob },
  // The net under the settle jobs, as the refunds' (server/refund/index.ts).
  recurring: { 'billing.settleDue': { everyMs: SWEEP_NET_MS, run: ({ db }) => settleDue(db) } },
  // The platforms' payment notifications (notify.ts).
  outsideRoutes: payNotifyRoutes,
});
