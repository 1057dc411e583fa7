/** The order domain on the upstream: the orders machines' sales create, the order lists and an order's detail. */
import { defineServerDomain, periodic } from '../manifest.js';
import { defineHandlers } from '../http/handlers.js';
import { recordSale } from './sale.js';
import { orderCount, orderDetail, orderPage, orderWhere } from './queries.js';
import { orders } from './schema.js';
import { orderDemo } from './demo.js';
import { dropExpiredFiles, EXPORT_JOB, exportFile, exportJob, exportsOf, queueExport } from './export-jobs.js';
import { CODE } from '../../shared/domains.js';
import { EXPORT_LIMITS } from '../../shared/order/index.js';
import { BizError } from '../http/errors.js';
import { storageIn } from '../storage/index.js';

export { orderItems, orders } from './schema.js';
export { seedOrders } from './seed.js';
export { orderScope } from './queries.js';
export { exportJobs, salesRollups } from './schema.js';
export { rebuildRollups, rollRefund, type RebuildRange } from './rollup.js';

export const orderServer = defineServerDomain({
  name: 'order',
  handlers: defineHandlers({
    'order.sale': ({ body }, { db, device }) => recordSale(db, device, body),
    'order.page': ({ query, body }, { db, scope }) => orderPage(db, scope, query, body),
    'order.count': ({ body }, { db, scope }) => orderCount(db, scope, body),
    'order.info': ({ params }, { db, scope }) => orderDetail(db, scope, params.id),
    'order.exportCheck': async ({ body }, { db, scope }) => {
      const { total, capped } = await orderCount(db, scope, body);
      if (capped || total > EXPORT_LIMITS.realTime) throw new BizError(CODE.exportTooLarge);
      return { total };
    },
    'order.exportMail': async ({ body }, { db, scope, user }) => {
      // The filter's ids are checked now, not when the job runs.
      await orderWhere(db, scope, body.filter);
      return queueExport(db, user.id, body);
    },
    'order.exports': (_input, { db, user }) => exportsOf(db, user.id),
    'order.exportFile': async ({ params }, { db, request, reply }) => {
      const file = await exportFile(db, storageIn(request.routeOptions.config), params.token);
      void reply.header('content-disposition', `attachment; filename="orders-${file.id}.xlsx"`);
      return { mime: file.mime, bytes: file.bytes };
    },
  }),
  // The mailed links' files are in the upstream's storage, where the jobs keep them.
  routeConfig: (settings) => ({ 'order.exportFile': { storage: settings.storage } }),
  demo: orderDemo,
  // E-mail exports: jobs of the one queue (server/jobs), every running upstream taking them; expired links' files forgotten.
  jobs: { [EXPORT_JOB]: exportJob() },
  background: (db, storage) => periodic(() => dropExpiredFiles(db, storage), 60_000),
  owns: {
    order: {
      id: orders.id,
      tenantId: orders.tenantId,
      labels: [orders.number, orders.title],
      deviceId: orders.deviceId,
    },
  },
});
