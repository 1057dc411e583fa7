/** Order, payment and refund codes (spec §8 family 901–989): the sale refusals of the device-facing API, lookups, refunds and exports. */
import { defineErrors, err } from '../errors/define.js';

export const orderErrors = defineErrors({
  orderNotFound: err(901, 404, '订单不存在', '訂單不存在', 'The order does not exist'),
  deviceOffline: err(902, 409, '设备离线', '設備離線', 'The device is offline'),
  deviceLocked: err(903, 409, '设备已锁定', '設備已鎖定', 'The device is locked'),
  deviceNotActivated: err(904, 409, '设备未激活', '設備未啟用', 'The device is not activated'),
  deviceRecycled: err(905, 409, '设备已回收', '設備已回收', 'The device has been recycled'),
  refundOverPaid: err(920, 409, '退款金额超过实付金额', '退款金額超過實付金額', 'The refund exceeds the amount paid'),
  refundUnpaid: err(926, 409, '未支付订单不能退款', '未支付訂單不能退款', 'An unpaid order cannot be refunded'),
  insufficientStock: err(940, 409, '库存不足', '庫存不足', 'Insufficient stock'),
  channelSalesLimit: err(
    941,
    409,
    '超过单货道限购数量',
    '超過單貨道限購數量',
    'More than the single-channel sales limit',
  ),
  orderItemsLimit: err(942, 409, '超过单笔限购数量', '超過單筆限購數量', 'More than the single-order limit'),
  channelUnavailable: err(
    943,
    409,
    '货道已关闭或无商品',
    '貨道已關閉或無商品',
    'The channel is switched off or has no product',
  ),
  paymentBoxSale: err(
    944,
    400,
    '支付盒子只收款，不出货',
    '支付盒子只收款，不出貨',
    'A payment box takes an amount and vends no items',
  ),
  customerStaffCardInvalid: err(
    945,
    409,
    '员工卡无效或所属企业已停用',
    '員工卡無效或所屬企業已停用',
    'The staff card is unknown or its enterprise customer is disabled',
  ),
  exportTooLarge: err(
    977,
    409,
    '数据量过大，不支持实时下载，请使用邮件导出',
    '資料量過大，不支援即時下載，請使用郵件匯出',
    'Too many rows for a real-time download; export by e-mail instead',
  ),
  exportLinkInvalid: err(
    978,
    404,
    '导出文件不存在或链接已过期',
    '匯出檔案不存在或連結已過期',
    'The export does not exist or its link has expired',
  ),
  refundPeriodPassed: err(982, 409, '已超过退款期限', '已超過退款期限', 'The refund period has passed'),
});
