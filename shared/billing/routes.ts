/** Billing screens (spec §2): the payment centre, service fees and bills, hidden children of / reached from the top bar's shortcuts. */
import { into, view } from '../routes/define.js';

export const billingRoutes = [
  into(
    '/',
    [
      view('payCenter', 'PayCenter', 'route.payCenter', {}, true),
      view('costManagement', 'CostManagement', 'route.costManagement', {}, true),
      view('bill', 'Bill', 'route.bill', { noCache: true }, true),
    ],
    'Dashboard',
  ),
];
