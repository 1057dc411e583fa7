/** Enterprise customers on the upstream (spec §3, §7 business service): customers, their points, prices and staff, whose cards buy at the staff price (server/order/sale.ts). */
import { defineServerDomain } from '../manifest.js';
import { customerDemo } from './demo.js';
import { customerHandlers } from './handlers.js';
import { IMPORT_JOB, importJobKind } from './import.js';
import { sheetImports } from '../imports/index.js';
import { customerPrices, customers, customerStaff } from './schema.js';

export { customerPoints, customerPrices, customers, customerStaff } from './schema.js';
export { customerPricesOf } from './bindings.js';
export { DEMO_CUSTOMER_STAFF } from './demo.js';
export { customerStaffByCard, type CardHolder } from './queries.js';

export const customerServer = defineServerDomain({
  name: 'customer',
  handlers: customerHandlers,
  // The uploads and the reports are in the upstream's storage.
  routeConfig: (settings) => ({
    'customer.staffImport': { storage: settings.storage },
    'customer.staffImportReport': { storage: settings.storage },
  }),
  // Staff sheets are read and written by a job of the one queue (server/jobs).
  jobs: { [IMPORT_JOB]: importJobKind },
  demo: customerDemo,
  // Another tenant never sees a customer's name nor its staff's names and phones (a staff order carries them).
  owns: {
    customer: { id: customers.id, tenantId: customers.tenantId, labels: [customers.name] },
    customerStaff: {
      id: customerStaff.id,
      tenantId: customerStaff.tenantId,
      labels: [customerStaff.name, customerStaff.phone],
    },
    customerPrice: { id: customerPrices.id, tenantId: customerPrices.tenantId, labels: [] },
    staffImport: { id: sheetImports.id, tenantId: sheetImports.tenantId, labels: [] },
  },
});
