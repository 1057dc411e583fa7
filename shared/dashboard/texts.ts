/** UI texts of the dashboard. zh-CN is the reference shape; zh-TW and en are checked against it. */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  cards: {
    // The cards show what was kept (sales less refunds, the refunds as their note): named so, as the totals name it.
    today: '今日实收净额', month: '本月实收净额', year: '本年实收净额', todayOrders: '今日订单数',
    devices: '设备在线 / 离线', roles: '我的角色', refunds: '退款 {{amount}}', online: '在线', offline: '离线',
  },
  range: {
    today: '今天', yesterday: '昨天', last7: '最近 7 天', thisMonth: '本月', custom: '自定义',
    from: '开始日期', to: '结束日期', apply: '查询', label: '统计时间',
  },
  totals: { sales: '销售额', refunds: '退款金额', net: '实收净额', orders: '订单数', quantity: '销售件数' },
  charts: {
    series: '销售趋势', byProduct: '商品销售排行', byDevice: '设备销售排行', byPoint: '点位销售排行',
    chart: '图表', table: '表格', export: '导出表格', others: '其他', noPoint: '未绑定点位', empty: '该时间段暂无销售',
    loading: '正在加载图表…', hours: '今日分时销售', exported: '已导出', exportFailed: '导出失败，请重试',
  },
  columns: { time: '时间', name: '名称', product: '商品', device: '设备', point: '点位', detail: '详细地址', category: '商品分类' },
  alerts: {
    title: '需要关注', quiet: '久未出单', silent: '离线设备', stockOut: '缺货预测', visits: '优先补货',
    device: '设备', point: '点位', lastSale: '最后出单', perDay: '日均销量', missed: '少卖单数', lastSeen: '最后在线',
    channel: '货道', product: '商品', stock: '库存', hoursLeft: '预计售罄', channels: '待补货道', soldOut: '已售罄', inHours: '{{hours}} 小时后',
    never: '从未上线', empty: '暂无需要关注的设备',
  },
  settings: {
    open: '提醒设置', title: '提醒设置', quiet: '久未出单的判断', byHistory: '按每台设备平时各时段的销量（推荐）', byHours: '连续无销售超过固定时长',
    hours: '小时数', hoursHint: '1–168 小时；只对平时有销售的在线设备生效', save: '保存', saved: '提醒设置已保存', saveFailed: '保存失败，请重试',
  },
  live: '实时',
  loadFailed: '加载失败，请稍后重试',
  retry: '重试',
  validation: { range: '结束日期不能早于开始日期', tooLong: '时间范围不能超过 3 年', quietHours: '请输入 1 到 168 之间的整数' },
};

export const dashboardTexts = defineTexts(zhCN, {
  'zh-TW': {
    cards: {
      today: '今日實收淨額', month: '本月實收淨額', year: '本年實收淨額', todayOrders: '今日訂單數',
      devices: '設備在線 / 離線', roles: '我的角色', refunds: '退款 {{amount}}', online: '在線', offline: '離線',
    },
    range: {
      today: '今天', yesterday: '昨天', last7: '最近 7 天', thisMonth: '本月', custom: '自訂',
      from: '開始日期', to: '結束日期', apply: '查詢', label: '統計時間',
    },
    totals: { sales: '銷售額', refunds: '退款金額', net: '實收淨額', orders: '訂單數', quantity: '銷售件數' },
    charts: {
      series: '銷售趨勢', byProduct: '商品銷售排行', byDevice: '設備銷售排行', byPoint: '點位銷售排行',
      chart: '圖表', table: '表格', export: '匯出表格', others: '其他', noPoint: '未綁定點位', empty: '該時段暫無銷售',
      loading: '正在載入圖表…', hours: '今日分時銷售', exported: '已匯出', exportFailed: '匯出失敗，請重試',
    },
    columns: { time: '時間', name: '名稱', product: '商品', device: '設備', point: '點位', detail: '詳細地址', category: '商品分類' },
    alerts: {
      title: '需要關注', quiet: '久未出單', silent: '離線設備', stockOut: '缺貨預測', visits: '優先補貨',
      device: '設備', point: '點位', lastSale: '最後出單', perDay: '日均銷量', missed: '少賣單數', lastSeen: '最後在線',
      channel: '貨道', product: '商品', stock: '庫存', hoursLeft: '預計售罄', channels: '待補貨道', soldOut: '已售罄', inHours: '{{hours}} 小時後',
      never: '從未上線', empty: '暫無需要關注的設備',
    },
    settings: {
      open: '提醒設定', title: '提醒設定', quiet: '久未出單的判斷', byHistory: '按每台設備平時各時段的銷量（推薦）', byHours: '連續無銷售超過固定時長',
      hours: '小時數', hoursHint: '1–168 小時；只對平時有銷售的線上設備生效', save: '儲存', saved: '提醒設定已儲存', saveFailed: '儲存失敗，請重試',
    },
    live: '即時',
    loadFailed: '載入失敗，請稍後重試',
    retry: '重試',
    validation: { range: '結束日期不能早於開始日期', tooLong: '時間範圍不能超過 3 年', quietHours: '請輸入 1 到 168 之間的整數' },
  },
  en: {
    cards: {
      today: 'Net sales today', month: 'Net sales this month', year: 'Net sales this year', todayOrders: 'Orders today',
      devices: 'Online / offline', roles: 'My roles', refunds: 'Refunds {{amount}}', online: 'Online', offline: 'Offline',
    },
    range: {
      today: 'Today', yesterday: 'Yesterday', last7: 'Last 7 days', thisMonth: 'This month', custom: 'Custom',
      from: 'From', to: 'To', apply: 'Show', label: 'Period',
    },
    totals: { sales: 'Sales', refunds: 'Refunds', net: 'Net sales', orders: 'Orders', quantity: 'Items sold' },
    charts: {
      series: 'Sales over time', byProduct: 'Top products', byDevice: 'Top devices', byPoint: 'Top points',
      chart: 'Chart', table: 'Table', export: 'Export to Excel', others: 'Others', noPoint: 'On no point', empty: 'No sales in this period',
      loading: 'Loading the charts…', hours: 'Today by hour', exported: 'Exported', exportFailed: 'Could not export; try again',
    },
    columns: { time: 'Time', name: 'Name', product: 'Product', device: 'Device', point: 'Point', detail: 'Address', category: 'Category' },
    alerts: {
      title: 'Needs attention', quiet: 'Gone quiet', silent: 'Offline', stockOut: 'Running out', visits: 'Visit first',
      device: 'Device', point: 'Point', lastSale: 'Last sale', perDay: 'Sold a day', missed: 'Sales missed', lastSeen: 'Last seen',
      channel: 'Channel', product: 'Product', stock: 'Stock', hoursLeft: 'Empty in', channels: 'Channels to refill', soldOut: 'Sold out', inHours: '{{hours}} h',
      never: 'Never online', empty: 'Nothing needs attention',
    },
    settings: {
      open: 'Alert settings', title: 'Alert settings', quiet: 'When a device has gone quiet', byHistory: 'By its own usual sales at each hour (recommended)', byHours: 'After a fixed time without a sale',
      hours: 'Hours', hoursHint: '1 to 168 hours; only online devices that usually sell', save: 'Save', saved: 'Alert settings saved', saveFailed: 'Could not save; try again',
    },
    live: 'Live',
    loadFailed: 'Could not load; try again shortly',
    retry: 'Retry',
    validation: { range: 'The end cannot be before the start', tooLong: 'The period cannot be longer than 3 years', quietHours: 'Enter a whole number from 1 to 168' },
  },
});
