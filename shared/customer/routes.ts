/** Enterprise customer screens (spec §2 /costumeMent). Codes: 8-1 accounts and their points, 8-2 the staff list — for enterprise users the whole set. */
import { codes, detail, group, view } from '../routes/define.js';

export const customerRoutes = [
  group(110, '/costumeMent', { title: 'customer.route.customerManagement', icon: 'enterprise' }, [
    view('costume', 'CustomerAccounts', 'customer.route.customerAccounts', codes('8-1')),
    detail('bindGroup', 'BindPoints', 'customer.route.bindPoints', '/costumeMent/costume', codes('8-1')),
    view('staffPage', 'CustomerStaff', 'customer.route.customerStaff', {
      icon: 'staff',
      ...codes('8-2'),
      enterprise: true,
    }),
  ]),
];
