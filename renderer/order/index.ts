/** The order domain's screens (spec §2 /orderManagement). */
import { prefetchOp } from '../bridge.js';
import { mayOpen } from '../app/session.js';
import { defineScreens, preloadable } from '../manifest.js';
import { orderLive } from './live.js';
import { lazy } from 'react';
import { ORDER_DETAIL_PATH } from './paths.js';
import { provide } from '../../shared/ports.js';
import { memberOrders } from '../member/index.js';
import { orderPorts } from './ports.js';

const OrderDetail = preloadable(() => import('./OrderDetailPage.js'));

export const orderScreens = defineScreens({
  name: 'order',
  screens: {
    OrderList: preloadable(() => import('./OrderListPage.js')),
    PaymentBoxOrders: preloadable(() =>
      import('./OrderListPage.js').then((m) => ({ default: m.PaymentBoxOrdersPage })),
    ),
    StaffOrderList: preloadable(() => import('./OrderListPage.js').then((m) => ({ default: m.StaffOrderListPage }))),
    LinkedOrders: preloadable(() => import('./OrderListPage.js').then((m) => ({ default: m.LinkedOrdersPage }))),
    OrderDetail,
  },
  live: { order: orderLive },
  ports: orderPorts,
  // A member's orders on its page (drawn when its tab is opened).
  provides: [
    provide(
      memberOrders,
      lazy(() => import('./MemberOrdersPanel.js').then((m) => ({ default: m.OrdersPanel }))),
    ),
  ],
  // A window opened for one order (or a link to it): its page and its reads load beside the shell.
  sessionStart: (client, user, to) => {
    const at = new URL(to, 'http://console');
    const id = Number(at.searchParams.get('id'));
    if (
      at.pathname !== ORDER_DETAIL_PATH ||
      !Number.isSafeInteger(id) ||
      id <= 0 ||
      !(mayOpen(user, '6-1') || mayOpen(user, '6-3'))
    )
      return;
    void OrderDetail.preload();
    void prefetchOp(client, 'order.info', { params: { id } }, { silent: true });
    void prefetchOp(client, 'refund.deadline', { params: { id } }, { silent: true });
  },
});

export { activityOrdersPath, orderDetailPath } from './paths.js';
export { orderRefunds, type OrderRefunds } from './ports.js';
