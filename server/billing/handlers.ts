/** Billing operations (spec §2 payCenter, costManagement, bill): the fee, renewals, bills and the devices' service dates. */
import { BizError } from '../http/errors.js';
import { CODE } from '../../shared/domains.js';
import { defineHandlers } from '../http/handlers.js';
import { billPage, deviceHistory, feeDevicePage, feeSettingsOf, orderRenewal, renewalInScope, setAnnualFee } from './renewals.js';

export const billingHandlers = defineHandlers({
  'billing.fee': (_input, { db }) => feeSettingsOf(db),
  'billing.setFee': async ({ body }, { db }) => {
    await setAnnualFee(db, body.annualFee);
    return feeSettingsOf(db);
  },
  'billing.devices': ({ query, body }, { db, scope }) => feeDevicePage(db, scope, query, body),
  'billing.history': ({ params }, { db, scope }) => deviceHistory(db, scope, params.id),
  'billing.renew': ({ body }, { db, scope, user }) => {
    if (user.tenantId === null) throw new BizError(CODE.tenantRequired);
    return orderRenewal(db, scope, { tenantId: user.tenantId, userId: user.id }, body);
  },
  'billing.renewal': ({ params }, { db, scope }) => renewalInScope(db, scope, params.id),
  'billing.bills': ({ query, body }, { db, scope }) => billPage(db, scope, query, body),
});
