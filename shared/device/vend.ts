/**
 * What a machine says of one item after a sale (the vend outcomes issue):
 * the device's own words, which the order domain reads for the order's
 * delivery state and the device domain for the channel's stock and lock.
 */
/** Delivered, or failed. */
export const ITEM_OUTCOMES = ['delivered', 'failed'] as const;
export type ItemOutcome = (typeof ITEM_OUTCOMES)[number];
/** Why a vend failed: the spiral jammed, the channel was empty, the motor, the pick-up door, or no answer in time. */
export const DELIVERY_FAILURES = ['jam', 'empty', 'motor', 'door', 'timeout'] as const;
export type DeliveryFailure = (typeof DELIVERY_FAILURES)[number];
