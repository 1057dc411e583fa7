/** The states and kinds of an order (spec §3, §4): shared by the rows, the filters and the texts. */
/** Spec §4 payment status (pre-created … payment success; also unpaid, order completed). */
export const PAYMENT_STATES = ['preCreated', 'submitFailed', 'submitted', 'timeout', 'success', 'unpaid', 'completed'] as const;
/** Spec §4 delivery status. */
export const DELIVERY_STATES = ['waiting', 'delivering', 'allFailed', 'partial', 'allDelivered', 'preparing', 'notMade', 'notStarted'] as const;
/** Spec §4 delivery end. */
export const DELIVERY_ENDS = ['timeout', 'complete', 'error', 'notEnded'] as const;
/** Spec §4 refund status, and `pending` (beyond the spec: a refund asked for whose result has not landed). */
export const REFUND_STATES = ['none', 'partial', 'full', 'failed', 'success', 'pending'] as const;
/** Spec §4 per-product state. */
export const ITEM_STATES = ['normal', 'refundSuccess', 'refundFailed', 'deliveryFailed', 'deliverySuccess'] as const;
/** Spec §3 payment platform and payment type. */
export const PAY_PLATFORMS = ['alipay', 'wechat', 'digitalRmb'] as const;
export const PAY_TYPES = ['program', 'scan', 'face', 'app'] as const;
/** A sale of goods from channels, a payment-box payment (payment only), or a scene's linked order. */
export const ORDER_KINDS = ['sale', 'payment', 'scene'] as const;
/** Spec §4 scene order (a linked order's): not started, in progress, forced interruption, ended. */
export const SCENE_ORDER_STATES = ['notStarted', 'inProgress', 'interrupted', 'ended'] as const;
