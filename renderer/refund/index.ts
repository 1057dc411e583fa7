/** The refund domain in the console: the refund dialog and an order's refund records, used by the order and complaint screens (refunds have no screen of their own). */
import { defineScreens } from '../manifest.js';

export { RefundDialog, type RefundDialogProps } from './RefundDialog.js';
export { RefundRecords } from './RefundRecords.js';
export { RefundSettingsDialog } from './RefundSettingsDialog.js';

export const refundScreens = defineScreens({ name: 'refund', screens: {} });
