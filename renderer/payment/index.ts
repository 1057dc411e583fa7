/** The payment domain in the console: the payment settings form, on the distributor list and /person (no screen of its own). */
export { PaymentForm } from './PaymentForm.js';
