/**
 * Order screens (spec §2 /orderManagement). Codes: 6-1 the order list,
 * payment-box orders (its hidden detail) and staff orders; 6-3 linked orders
 * and customer service (complaints, which join the group from
 * shared/complaint/routes.ts). Beyond the spec: orderDetail, an order on a
 * screen of its own, so that it can open in a window of its own (the orders
 * issue) and be linked to.
 */
import { codes, detail, group, view } from '../routes/define.js';

export const orderRoutes = [
  group(60, '/orderManagement', { title: 'route.orderManagement', icon: 'order' }, [
    view('orderList', 'OrderList', 'route.orderList', codes('6-1')),
    view('scenario', 'LinkedOrders', 'route.linkedOrders', codes('6-3')),
    detail('payTheBox', 'PaymentBoxOrders', 'route.paymentBoxOrders', '/orderManagement/orderList', codes('6-1')),
    view('staffOrderList', 'StaffOrderList', 'route.staffOrderList', codes('6-1')),
    detail('orderDetail', 'OrderDetail', 'order.route.orderDetail', '/orderManagement/orderList', codes('6-1', '6-3')),
  ]),
];
