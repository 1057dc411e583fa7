/** UI texts of orders: the states of spec §4 and the order's fields. zh-CN is the reference shape; zh-TW and en are checked against it. */
import { defineTexts } from '../i18n/define.js';
import { orderExportTexts } from './texts-export.js';
import { orderListTexts } from './texts-list.js';

const zhCN = {
  payment: { preCreated: '预创建', submitFailed: '提交失败', submitted: '订单已提交', timeout: '支付超时', success: '支付成功', unpaid: '未支付', completed: '订单完成' },
  delivery: { waiting: '等待出货', delivering: '出货中', allFailed: '全部失败', partial: '部分出货', allDelivered: '全部出货', preparing: '制作中', notMade: '未制作', notStarted: '未开始' },
  deliveryEnd: { timeout: '超时', complete: '完成', error: '异常', notEnded: '未结束' },
  refund: { none: '无退款', partial: '部分退款', full: '全额退款', failed: '退款失败', success: '退款成功', pending: '退款中' },
  item: { normal: '正常', refundSuccess: '退款成功', refundFailed: '退款失败', deliveryFailed: '出货失败', deliverySuccess: '出货成功' },
  failure: { jam: '卡货', empty: '货道无货', motor: '电机故障', door: '取货门故障', timeout: '出货超时' },
  outcome: { waiting: '等待出货结果', autoRefund: '自动退款', refundFor: '出货失败退款（{{failure}}）', failedAt: '{{failure}} · {{time}}' },
  platform: { alipay: '支付宝', wechat: '微信', digitalRmb: '数字人民币' },
  payType: { program: '小程序', scan: '扫码', face: '刷脸', app: '应用' },
  kind: { sale: '售货订单', payment: '收款订单', scene: '联动订单' },
  scene: { notStarted: '未开始', inProgress: '进行中', interrupted: '强制中断', ended: '已结束' },
  route: { orderDetail: '订单详情' },
  list: orderListTexts['zh-CN'],
  exports: orderExportTexts['zh-CN'],
  validation: {
    number: '订单号只能是数字，最多 20 位',
    range: '结束时间不能早于开始时间',
    deepPage: '只能翻阅前 10000 条，请缩小时间范围或增加筛选条件',
    time: '请选择开始时间和结束时间',
    email: '请输入有效的邮箱地址',
  },
};

export const orderTexts = defineTexts(zhCN, {
  'zh-TW': {
    payment: { preCreated: '預建立', submitFailed: '提交失敗', submitted: '訂單已提交', timeout: '支付逾時', success: '支付成功', unpaid: '未支付', completed: '訂單完成' },
    delivery: { waiting: '等待出貨', delivering: '出貨中', allFailed: '全部失敗', partial: '部分出貨', allDelivered: '全部出貨', preparing: '製作中', notMade: '未製作', notStarted: '未開始' },
    deliveryEnd: { timeout: '逾時', complete: '完成', error: '異常', notEnded: '未結束' },
    refund: { none: '無退款', partial: '部分退款', full: '全額退款', failed: '退款失敗', success: '退款成功', pending: '退款中' },
    item: { normal: '正常', refundSuccess: '退款成功', refundFailed: '退款失敗', deliveryFailed: '出貨失敗', deliverySuccess: '出貨成功' },
    failure: { jam: '卡貨', empty: '貨道無貨', motor: '電機故障', door: '取貨門故障', timeout: '出貨逾時' },
    outcome: { waiting: '等待出貨結果', autoRefund: '自動退款', refundFor: '出貨失敗退款（{{failure}}）', failedAt: '{{failure}} · {{time}}' },
    platform: { alipay: '支付寶', wechat: '微信', digitalRmb: '數位人民幣' },
    payType: { program: '小程式', scan: '掃碼', face: '刷臉', app: '應用程式' },
    kind: { sale: '售貨訂單', payment: '收款訂單', scene: '聯動訂單' },
    scene: { notStarted: '未開始', inProgress: '進行中', interrupted: '強制中斷', ended: '已結束' },
    route: { orderDetail: '訂單詳情' },
    list: orderListTexts['zh-TW'],
    exports: orderExportTexts['zh-TW'],
    validation: {
      number: '訂單號只能是數字，最多 20 位',
      range: '結束時間不能早於開始時間',
      deepPage: '只能翻閱前 10000 筆，請縮小時間範圍或增加篩選條件',
      time: '請選擇開始時間和結束時間',
      email: '請輸入有效的電子郵件地址',
    },
  },
  en: {
    payment: { preCreated: 'Pre-created', submitFailed: 'Submission failed', submitted: 'Order submitted', timeout: 'Payment timed out', success: 'Paid', unpaid: 'Unpaid', completed: 'Completed' },
    delivery: { waiting: 'Waiting', delivering: 'Delivering', allFailed: 'All failed', partial: 'Partially delivered', allDelivered: 'All delivered', preparing: 'Preparing', notMade: 'Not made', notStarted: 'Not started' },
    deliveryEnd: { timeout: 'Timed out', complete: 'Complete', error: 'Error', notEnded: 'Not ended' },
    refund: { none: 'None', partial: 'Partial', full: 'Full', failed: 'Refund failed', success: 'Refunded', pending: 'Refund pending' },
    item: { normal: 'Normal', refundSuccess: 'Refunded', refundFailed: 'Refund failed', deliveryFailed: 'Delivery failed', deliverySuccess: 'Delivered' },
    failure: { jam: 'jammed', empty: 'channel empty', motor: 'motor fault', door: 'door fault', timeout: 'timed out' },
    outcome: { waiting: 'Waiting for the machine', autoRefund: 'Automatic refund', refundFor: 'Not dispensed ({{failure}})', failedAt: '{{failure}} · {{time}}' },
    platform: { alipay: 'Alipay', wechat: 'WeChat Pay', digitalRmb: 'Digital RMB' },
    payType: { program: 'Mini program', scan: 'Scan', face: 'Face', app: 'App' },
    kind: { sale: 'Sale', payment: 'Payment', scene: 'Linked order' },
    scene: { notStarted: 'Not started', inProgress: 'In progress', interrupted: 'Interrupted', ended: 'Ended' },
    route: { orderDetail: 'Order details' },
    list: orderListTexts.en,
    exports: orderExportTexts.en,
    validation: {
      number: 'An order number is digits only, at most 20',
      range: 'The end cannot be before the start',
      deepPage: 'Only the first 10,000 orders can be paged through; narrow the time range or add a filter',
      time: 'Choose a start and an end time',
      email: 'Enter a valid e-mail address',
    },
  },
});
