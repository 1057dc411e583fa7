/** Vend outcome codes, in the order, payment and refund family (spec §8 901–989). */
import { defineErrors, err } from '../errors/define.js';

export const deliveryErrors = defineErrors({
  reviewDecided: err(946, 409, '该出货失败订单已处理', '該出貨失敗訂單已處理', 'This review has been decided already'),
  reviewNotFound: err(947, 404, '出货失败审核不存在', '出貨失敗審核不存在', 'Review not found'),
});
