/** Renewal codes, in the order, payment and refund family (spec §8 901–989). */
import { defineErrors, err } from '../errors/define.js';

export const billingErrors = defineErrors({
  renewalNotFound: err(983, 404, '续费订单不存在', '續費訂單不存在', 'Renewal not found'),
});
