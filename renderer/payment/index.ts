/** The payment domain in the console: the payment settings form, on the distributor page and /person (no screen of its own). */
import { lazy } from 'react';
import { provide } from '../../shared/ports.js';
import { accountPaymentForm } from '../account/index.js';
import { defineScreens } from '../manifest.js';
import { tenantPaymentForm } from '../tenant/index.js';

/** Loaded when first shown: this manifest is in the first bundle, the form is not. */
const PaymentForm = lazy(() => import('./PaymentForm.js').then((m) => ({ default: m.PaymentForm })));

export const paymentScreens = defineScreens({
  name: 'payment',
  screens: {},
  // A distributor's page and dialog, and the distributor's own account page, show its settings (the tenant and
  // account domains, below payments, declare the ports).
  provides: [provide(tenantPaymentForm, PaymentForm), provide(accountPaymentForm, PaymentForm)],
});
