/** The payment domain in the console: the payment settings form, on the distributor page and /person (no screen of its own). */
import { defineScreens } from '../manifest.js';

export { PaymentForm } from './PaymentForm.js';

export const paymentScreens = defineScreens({ name: 'payment', screens: {} });
