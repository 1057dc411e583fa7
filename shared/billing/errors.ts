/** Renewal codes, in the order, payment and refund family (spec §8 901–989). */
import { defineErrors, err } from '../errors/define.js';

export const billingErrors = defineErrors({
  renewalNotFound: err(983, 404, '续费订单不存在', '續費訂單不存在', 'Renewal not found'),
  paymentNotOpen: err(
    984,
    409,
    '平台收款账户尚未开通，暂时无法在线支付服务费',
    '平台收款帳戶尚未開通，暫時無法線上支付服務費',
    "The platform's payment account is not set up yet: the service fee cannot be paid online",
  ),
  billNotPaid: err(
    986,
    409,
    '账单未支付，不能申请发票',
    '帳單未付款，不能申請發票',
    'The bill is not paid: no invoice can be applied for',
  ),
  billInvoiced: err(
    987,
    409,
    '该账单已申请过发票',
    '該帳單已申請過發票',
    'An invoice has already been applied for on this bill',
  ),
  invoiceState: err(
    988,
    409,
    '发票状态已变化，请刷新后重试',
    '發票狀態已變化，請重新整理後再試',
    'The invoice has moved on meanwhile: refresh and try again',
  ),
  invoiceNotFound: err(989, 404, '发票申请不存在', '發票申請不存在', 'Invoice application not found'),
});
