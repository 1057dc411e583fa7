/** The order domain on the upstream: the orders machines' sales create, the order lists and an order's detail. */
import { defineServerDomain } from '../manifest.js';
import { defineHandlers } from '../http/handlers.js';
import { recordSale } from './sale.js';
import { orderCount, orderDetail, orderPage } from './queries.js';
import { orders } from './schema.js';
import { orderDemo } from './demo.js';

export { orderItems, orders } from './schema.js';
export { seedOrders } from './seed.js';
export { orderScope } from './queries.js';

export const orderServer = defineServerDomain({
  name: 'order',
  handlers: defineHandlers({
    'order.sale': ({ body }, { db, device }) => recordSale(db, device, body),
    'order.page': ({ query, body }, { db, scope }) => orderPage(db, scope, query, body),
    'order.count': ({ body }, { db, scope }) => orderCount(db, scope, body),
    'order.info': ({ params }, { db, scope }) => orderDetail(db, scope, params.id),
  }),
  demo: orderDemo,
  owns: { order: { id: orders.id, tenantId: orders.tenantId, labels: [orders.number, orders.title] } },
});
