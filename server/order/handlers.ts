/** Orders (spec §2 orderList, §7): each operation, and the feature file that does it. */
import { defineHandlers } from '../http/handlers.js';
import { storageIn } from '../storage/index.js';
import { exportFile, exportsOf } from './export-jobs.js';
import { checkRealTimeExport, requestMailExport } from './export-requests.js';
import { orderCount, orderDetail, orderPage } from './queries.js';
import { ordersOfMember } from './mine.js';
import { recordSale } from './sale.js';

export const orderHandlers = defineHandlers({
  'order.sale': ({ body }, { db, device }) => recordSale(db, device, body),
  'order.mine': ({ query }, { db, member }) => ordersOfMember(db, member.id, query),
  'order.page': ({ query, body }, { db, scope }) => orderPage(db, scope, query, body),
  'order.count': ({ body }, { db, scope }) => orderCount(db, scope, body),
  'order.info': ({ params }, { db, scope }) => orderDetail(db, scope, params.id),
  'order.exportCheck': ({ body }, { db, scope }) => checkRealTimeExport(db, scope, body),
  'order.exportMail': ({ body }, { db, scope, user }) => requestMailExport(db, scope, user.id, body),
  'order.exports': (_input, { db, user }) => exportsOf(db, user.id),
  'order.exportFile': async ({ params }, { db, request, reply }) => {
    const file = await exportFile(db, storageIn(request.routeOptions.config), params.token);
    void reply.header('content-disposition', `attachment; filename="orders-${file.id}.xlsx"`);
    return { mime: file.mime, bytes: file.bytes };
  },
});
