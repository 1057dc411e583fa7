/** The review list of failed vends joins the order menu (6-1, as the order list: it refunds orders). */
import { codes, into, view } from '../routes/define.js';

export const deliveryRoutes = [
  into(
    '/orderManagement',
    [view('deliveryReview', 'DeliveryReview', 'delivery.route.review', codes('6-1'))],
    'StaffOrderList',
  ),
];
