/** UI texts of the bulk price change (both libraries), in the three languages; texts.ts puts them under `product.price`. */
import type { Shape } from '../i18n/define.js';

const zhCN = {
  open: '批量改价',
  title: '批量修改价格（{{count}} 个商品）',
  mode: '调整方式',
  modes: { set: '统一设为（元）', percent: '按比例调整（%）', add: '加减金额（元）' },
  value: '调整值',
  valueHints: { set: '如 3.50', percent: '如 10 表示涨 10%，-10 表示降 10%', add: '如 0.50 或 -0.50' },
  preview: '预览',
  apply: '确认修改',
  number: '商品编号',
  name: '商品名称',
  before: '原价',
  after: '新价',
  invalid: '无效',
  previewFirst: '请先预览修改结果',
  changed: '已修改 {{count}} 个商品的价格',
  failed: '改价失败',
};

const zhTW: Shape<typeof zhCN> = {
  open: '批量改價',
  title: '批量修改價格（{{count}} 個商品）',
  mode: '調整方式',
  modes: { set: '統一設為（元）', percent: '按比例調整（%）', add: '加減金額（元）' },
  value: '調整值',
  valueHints: { set: '如 3.50', percent: '如 10 表示漲 10%，-10 表示降 10%', add: '如 0.50 或 -0.50' },
  preview: '預覽',
  apply: '確認修改',
  number: '商品編號',
  name: '商品名稱',
  before: '原價',
  after: '新價',
  invalid: '無效',
  previewFirst: '請先預覽修改結果',
  changed: '已修改 {{count}} 個商品的價格',
  failed: '改價失敗',
};

const en: Shape<typeof zhCN> = {
  open: 'Change prices',
  title: 'Change the prices of {{count}} products',
  title_one: 'Change the price of {{count}} product',
  mode: 'Change',
  modes: { set: 'Set to (¥)', percent: 'By percent (%)', add: 'Add or take off (¥)' },
  value: 'Value',
  valueHints: { set: 'e.g. 3.50', percent: '10 raises by 10%, -10 lowers by 10%', add: 'e.g. 0.50 or -0.50' },
  preview: 'Preview',
  apply: 'Apply',
  number: 'Number',
  name: 'Name',
  before: 'Now',
  after: 'New',
  invalid: 'Not valid',
  previewFirst: 'Preview the change first',
  changed: 'Changed the prices of {{count}} products',
  changed_one: 'Changed the price of {{count}} product',
  failed: 'Could not change the prices',
};

export const priceTexts = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;
