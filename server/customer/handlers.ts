/** Business service calls (spec §7): enterprise customers, their points and prices, their staff. */
import { defineHandlers } from '../http/handlers.js';
import { storageIn } from '../storage/index.js';
import { queueStaffImport, staffImportOfUser, staffImportReport, staffTemplate } from './import.js';
import {
  boundPoints,
  bindPoints,
  deleteStaffPrice,
  pointChoices,
  setStaffPrices,
  staffPrices,
  unbindPoints,
} from './bindings.js';
import {
  createCustomer,
  customerChoices,
  customerOf,
  customerOfUser,
  customerPage,
  setCustomerState,
  updateCustomer,
} from './customers.js';
import {
  createCustomerStaff,
  customerStaffOf,
  customerStaffPage,
  deleteCustomerStaff,
  updateCustomerStaff,
} from './staff.js';

export const customerHandlers = defineHandlers({
  'customer.page': ({ query, body }, { db, user, scope }) => customerPage(db, user, scope, query, body),
  'customer.info': ({ params }, { db, user, scope }) => customerOf(db, user, scope, params.id),
  'customer.list': ({ body }, { db, user, scope }) => customerChoices(db, user, scope, body),
  'customer.create': ({ body }, { db, user, scope }) => createCustomer(db, user, scope, body),
  'customer.update': ({ params, body }, { db, user, scope }) =>
    updateCustomer(db, user, scope, params.businessId, body),
  'customer.get': ({ params }, { db, user, scope }) => customerOfUser(db, user, scope, params.id),
  'customer.setState': ({ params, body }, { db, user, scope }) =>
    setCustomerState(db, user, scope, params.id, body.state),
  'customer.points': ({ params }, { db, user, scope }) => boundPoints(db, user, scope, params.businessId),
  'customer.pointChoices': ({ params, body }, { db, user, scope }) =>
    pointChoices(db, user, scope, params.businessId, body.keyword),
  'customer.bindPoints': ({ params, body }, { db, user, scope }) =>
    bindPoints(db, user, scope, params.businessId, body.pointIds),
  'customer.unbindPoints': ({ params, body }, { db, user, scope }) =>
    unbindPoints(db, user, scope, params.businessId, body.pointIds),
  'customer.prices': ({ query, body }, { db, user, scope }) => staffPrices(db, user, scope, query, body),
  'customer.setPrice': ({ params, body }, { db, user, scope }) =>
    setStaffPrices(db, user, scope, params.id, body.prices),
  'customer.deletePrice': ({ params }, { db, user, scope }) => deleteStaffPrice(db, user, scope, params.id),

  'customer.staffPage': ({ query, body }, { db, user, scope }) => customerStaffPage(db, user, scope, query, body),
  'customer.staff': ({ params }, { db, user, scope }) => customerStaffOf(db, user, scope, params.id),
  'customer.staffCreate': ({ body }, { db, user, scope }) => createCustomerStaff(db, user, scope, body),
  'customer.staffUpdate': ({ params, body }, { db, user, scope }) =>
    updateCustomerStaff(db, user, scope, params.id, body),
  'customer.staffDelete': ({ body }, { db, user, scope }) => deleteCustomerStaff(db, user, scope, body.ids),
  'customer.staffImport': ({ query, body }, { db, user, scope, request }) =>
    queueStaffImport(db, storageIn(request.routeOptions.config), user, scope, { ...query, ...body }),
  'customer.staffImportStatus': ({ params }, { db, user }) => staffImportOfUser(db, user, params.id),
  'customer.staffImportReport': ({ params }, { db, user, request }) =>
    staffImportReport(db, storageIn(request.routeOptions.config), user, params.id),
  'customer.staffTemplate': ({ query }) => staffTemplate(query.lang),
});
