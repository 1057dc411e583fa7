/** Billing operations (spec §2 payCenter, costManagement, bill): the fee, renewals, bills and the devices' service dates. */
import { defineHandlers } from '../http/handlers.js';
import { payerOf } from './payer.js';
import { applyInvoice, invoicePage, invoiceProfileOf, invoiceRecord, markInvoice } from './invoices.js';
import {
  billPage,
  exportBills,
  deviceHistory,
  feeDevicePage,
  feeSettingsOf,
  orderRenewal,
  renewalInScope,
  setAnnualFee,
  setPayee,
} from './renewals.js';

export const billingHandlers = defineHandlers({
  'billing.fee': (_input, { db }) => feeSettingsOf(db),
  'billing.setFee': async ({ body }, { db }) => {
    await setAnnualFee(db, body.annualFee);
    return feeSettingsOf(db);
  },
  'billing.setPayee': async ({ body }, { db }) => {
    await setPayee(db, body.tenantId);
    return feeSettingsOf(db);
  },
  'billing.devices': ({ query, body }, { db, scope }) => feeDevicePage(db, scope, query, body),
  'billing.history': ({ params }, { db, scope }) => deviceHistory(db, scope, params.id),
  'billing.renew': ({ body }, { db, scope, user }) => orderRenewal(db, scope, payerOf(user), body),
  'billing.renewal': ({ params }, { db, scope }) => renewalInScope(db, scope, params.id),
  'billing.bills': ({ query, body }, { db, scope }) => billPage(db, scope, query, body),
  'billing.exportBills': ({ query, body }, { db, scope }) => exportBills(db, scope, body, query.lang),
  'billing.invoiceProfile': (_input, { db, user }) => invoiceProfileOf(db, payerOf(user).tenantId),
  'billing.applyInvoice': ({ body }, { db, scope, user }) => applyInvoice(db, scope, payerOf(user), body),
  'billing.invoices': ({ query, body }, { db, scope }) => invoicePage(db, scope, query, body),
  'billing.markInvoice': ({ params, body }, { db, scope }) => markInvoice(db, scope, params.id, body),
  'billing.invoiceRecord': ({ params, query }, { db, scope }) => invoiceRecord(db, scope, params.id, query.lang),
});
