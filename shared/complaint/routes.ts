/**
 * Complaint screens (spec §2 customerService, code 6-3 — the order domain's
 * code, shared with linked orders): in the order menu group, after the staff
 * orders. Beyond the spec: complaintDetail, a complaint on a screen of its
 * own, so that it can open in a window of its own and be linked to.
 */
import { codes, detail, into, view } from '../routes/define.js';

export const complaintRoutes = [
  into(
    '/orderManagement',
    [
      view('customerService', 'CustomerService', 'route.customerService', codes('6-3')),
      detail(
        'complaintDetail',
        'ComplaintDetail',
        'complaint.route.complaintDetail',
        '/orderManagement/customerService',
        codes('6-3'),
      ),
    ],
    'StaffOrderList',
  ),
];
