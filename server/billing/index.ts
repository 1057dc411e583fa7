/** The billing domain on the upstream: the annual service fee, renewals paid through the sandbox provider, bills. It uses devices, points and tenants, never the other way. */
import { defineServerDomain, periodic } from '../manifest.js';
import { billingDemo } from './demo.js';
import { billingHandlers } from './handlers.js';
import { settleDelayMs } from './renewals.js';
import { invoices, renewals } from './schema.js';
import { settleDueRenewals } from './settle.js';

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
  // The provider's answers land while the upstream runs: a sweep a quarter of the delay apart, between 100 ms and 1 s.
  background: (db) =>
    periodic(() => settleDueRenewals(db), Math.min(1000, Math.max(100, Math.floor(settleDelayMs() / 4)))),
});
