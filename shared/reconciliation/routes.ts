/**
 * The daily bills' screen joins the order menu (beyond spec §2's route list: docs/departures.md), for the system
 * admin and the tenants: the platforms' bills are the merchant's, not a member's part.
 */
import { ROLE_VALUE } from '../roles.js';
import { into, view } from '../routes/define.js';

export const reconciliationRoutes = [
  into(
    '/orderManagement',
    [
      view('reconciliation', 'Reconciliation', 'reconciliation.route.reconciliation', {
        roles: [ROLE_VALUE.admin, ROLE_VALUE.tenant],
      }),
    ],
    'StaffOrderList',
  ),
];
