/** The refund parts other domains' screens draw, loaded together when first needed (renderer/refund/index.ts). */
export { RefundDialog } from './RefundDialog.js';
export { RefundRecords } from './RefundRecords.js';
