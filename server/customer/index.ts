/** Enterprise customers on the upstream (spec §3): today their staff, whose cards buy at the staff price (server/order/sale.ts). */
import { defineServerDomain } from '../manifest.js';
import { customerDemo } from './demo.js';
import { customers, customerStaff } from './schema.js';

export { customers, customerStaff } from './schema.js';
export { DEMO_CUSTOMER_STAFF } from './demo.js';
export { customerStaffByCard, type CardHolder } from './queries.js';

export const customerServer = defineServerDomain({
  name: 'customer',
  handlers: {},
  demo: customerDemo,
  // Another tenant never sees a customer's name nor its staff's names and phones (a staff order carries them).
  owns: {
    customer: { id: customers.id, tenantId: customers.tenantId, labels: [customers.name] },
    customerStaff: { id: customerStaff.id, tenantId: customerStaff.tenantId, labels: [customerStaff.name, customerStaff.phone] },
  },
});
