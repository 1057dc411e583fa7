/** The order domain's screens (spec §2 /orderManagement). */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';
import { orderLive } from './live.js';

export const orderScreens = defineScreens({
  name: 'order',
  screens: {
    OrderList: lazy(() => import('./OrderListPage.js')),
    PaymentBoxOrders: lazy(() => import('./OrderListPage.js').then((m) => ({ default: m.PaymentBoxOrdersPage }))),
    StaffOrderList: lazy(() => import('./OrderListPage.js').then((m) => ({ default: m.StaffOrderListPage }))),
    LinkedOrders: lazy(() => import('./OrderListPage.js').then((m) => ({ default: m.LinkedOrdersPage }))),
    OrderDetail: lazy(() => import('./OrderDetailPage.js')),
  },
  live: { order: orderLive },
});

export { orderDetailPath } from './paths.js';
