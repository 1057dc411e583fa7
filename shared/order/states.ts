/** The states and kinds of an order (spec §3, §4): shared by the rows, the filters and the texts. */
import type { ItemOutcome } from '../device/index.js';

// What a machine says of each item after the sale is the device's vocabulary; an order's delivery is read from it.
export { DELIVERY_FAILURES, ITEM_OUTCOMES, type DeliveryFailure, type ItemOutcome } from '../device/index.js';
/** Spec §4 payment status (pre-created … payment success; also unpaid, order completed). */
export const PAYMENT_STATES = [
  'preCreated',
  'submitFailed',
  'submitted',
  'timeout',
  'success',
  'unpaid',
  'completed',
] as const;
/** Spec §4 delivery status. */
export const DELIVERY_STATES = [
  'waiting',
  'delivering',
  'allFailed',
  'partial',
  'allDelivered',
  'preparing',
  'notMade',
  'notStarted',
] as const;
/** Spec §4 delivery end. */
export const DELIVERY_ENDS = ['timeout', 'complete', 'error', 'notEnded'] as const;
/** Spec §4 refund status, and `pending` (beyond the spec: a refund asked for whose result has not landed). */
export const REFUND_STATES = ['none', 'partial', 'full', 'failed', 'success', 'pending'] as const;
/** Spec §4 per-product state. */
export const ITEM_STATES = ['normal', 'refundSuccess', 'refundFailed', 'deliveryFailed', 'deliverySuccess'] as const;
/**
 * Spec §3 payment platform and payment type, and the member's wallet (stored value, beyond the spec:
 * docs/domains/wallet.md): a sale paid from it moves no money at a platform, and its refund goes back to it.
 */
export const PAY_PLATFORMS = ['alipay', 'wechat', 'digitalRmb', 'wallet'] as const;
export const PAY_TYPES = ['program', 'scan', 'face', 'app'] as const;
/** A sale of goods from channels, a payment-box payment (payment only), or a scene's linked order. */
export const ORDER_KINDS = ['sale', 'payment', 'scene'] as const;
/** Spec §4 scene order (a linked order's): not started, in progress, forced interruption, ended. */
export const SCENE_ORDER_STATES = ['notStarted', 'inProgress', 'interrupted', 'ended'] as const;

/**
 * Spec §4 delivery status and delivery end from the items' outcomes (null:
 * not reported yet): while any is missing the order is delivering and not
 * ended, unless it timed out; then all delivered, all failed or partially
 * delivered, ended complete when nothing failed and in error when something
 * did. The order's row and a linked order's sub-orders are both read this way.
 */
export function deliveryOf(
  outcomes: readonly (ItemOutcome | null)[],
  timedOut = false,
): { state: (typeof DELIVERY_STATES)[number]; end: (typeof DELIVERY_ENDS)[number] } {
  if (!outcomes.length) return { state: 'notStarted', end: 'complete' };
  const delivered = outcomes.filter((o) => o === 'delivered').length;
  const failed = outcomes.filter((o) => o === 'failed').length;
  if (delivered + failed < outcomes.length) return { state: 'delivering', end: timedOut ? 'timeout' : 'notEnded' };
  const state =
    failed === 0 ? ('allDelivered' as const) : delivered === 0 ? ('allFailed' as const) : ('partial' as const);
  return { state, end: timedOut ? 'timeout' : failed ? 'error' : 'complete' };
}
