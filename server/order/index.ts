/** The order domain on the upstream: the orders machines' sales create, the order lists and an order's detail. */
import { orderChecks } from './checks.js';
import { sql } from 'drizzle-orm';
import { defineServerDomain } from '../manifest.js';
import { provide } from '../../shared/ports.js';
import { memberOrderList, memberOrders, memberSpends } from '../member/index.js';
import { orders } from './schema.js';
import { orderDemo } from './demo.js';
import { dropExpiredFiles, EXPORT_JOB, exportJob } from './export-jobs.js';
import { orderHandlers } from './handlers.js';
import { ensureOrderMonths } from './months.js';
import { orderPorts } from './ports.js';
export {
  type PricedSale,
  type RefundRows,
  type SaleBasket,
  type VersionPrices,
  activityNames,
  pricesAt,
  refundRows,
  salePricing,
} from './ports.js';

export { orderItems, orders } from './schema.js';
export { seedOrders } from './seed.js';
export { ensureOrderMonths, orderAt } from './months.js';
export { recordSale, saleOrder } from './sale.js';
export { orderScope } from './queries.js';
export { exportJobs, salesRollups } from './schema.js';
export { rebuildRollups, rerollOrders, rollRefund, type RebuildRange } from './rollup.js';

export const orderServer = defineServerDomain({
  name: 'order',
  ports: orderPorts,
  checks: orderChecks,
  handlers: orderHandlers,
  // The mailed links' files are in the upstream's storage, where the jobs keep them.
  routeConfig: (settings) => ({ 'order.exportFile': { storage: settings.storage } }),
  demo: orderDemo,
  // E-mail exports: jobs of the one queue (server/jobs), every running upstream taking them; expired links' files forgotten.
  jobs: { [EXPORT_JOB]: exportJob() },
  recurring: {
    'order.dropExpiredFiles': { everyMs: 60_000, run: ({ db, storage }) => dropExpiredFiles(db, storage) },
    // Hourly, and at once: the months ahead are there before their orders (server/order/months.ts).
    'order.months': { everyMs: 3_600_000, atStart: true, run: ({ db }) => ensureOrderMonths(db) },
  },
  owns: {
    order: {
      id: orders.id,
      tenantId: orders.tenantId,
      labels: [orders.number, orders.title],
      deviceId: orders.deviceId,
    },
  },
  provides: [
    // A member's figures on its page (members are below orders): paid orders, and their amount net of refunds.
    provide(
      memberOrders,
      (memberId) =>
        sql<{ orders: number; spent: number }>`(select json_build_object('orders', count(*)::int,
        'spent', coalesce(sum(${orders.receivedAmount} - ${orders.refundAmount}), 0)::int)
        from ${orders} where ${orders.memberId} = ${memberId} and ${orders.paymentState} = 'success')`,
    ),
    // What members spent since a day (their grades, server/member/grades.ts): on the orders' member index,
    // the months before `since` pruned.
    provide(
      memberSpends,
      (memberIds, since) =>
        sql`(select ${orders.memberId} as member_id, sum(${orders.receivedAmount} - ${orders.refundAmount})::bigint as spent
        from ${orders} where ${orders.memberId} in (${memberIds}) and ${orders.paymentState} = 'success'
          and ${orders.createdAt} >= ${since} group by ${orders.memberId})`,
    ),
    // Called where the outer query joins tables, so that the columns below come out qualified.
    provide(
      memberOrderList,
      (memberId) =>
        sql<unknown[]>`(select coalesce(json_agg(json_build_object('number', ${orders.number},
        'createdAt', ${orders.createdAt}, 'title', ${orders.title}, 'device', ${orders.deviceName},
        'amount', ${orders.receivedAmount}, 'refunded', ${orders.refundAmount})
        order by ${orders.createdAt} desc), '[]'::json) from ${orders} where ${orders.memberId} = ${memberId})`,
    ),
  ],
});
