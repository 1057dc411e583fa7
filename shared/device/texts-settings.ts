/** UI texts of a device's information and settings (devSet), in the three languages; texts.ts puts them under `device.settings`. */
import type { Shape } from '../i18n/define.js';

const zhCN = {
  title: '“{{name}}”的信息与设置',
  info: '设备信息',
  form: '设备设置',
  notifications: '通知开关',
  kinds: { fault: '故障通知', online: '上下线通知', lock: '锁定通知', replenish: '补货通知', sales: '销量通知', warning: '库存预警', complaint: '投诉通知' },
  salesNotice: '销量通知值',
  salesNoticeHint: '累计售出该数量时通知',
  warningValue: '库存预警值',
  warningValueHint: '货道库存降到该值时预警，须小于货道容量 {{capacity}}',
  channelSalesLimit: '单货道限购',
  orderLimit: '单笔限购',
  capacity: '货道容量',
  authorised: '子商户授权',
  save: '保存设置',
  saved: '保存成功',
  saveFailed: '保存失败',
  back: '返回设备列表',
  invalidId: '设备地址无效',
};


const zhTW: Shape<typeof zhCN> = {
  title: '「{{name}}」的資訊與設定',
  info: '設備資訊',
  form: '設備設定',
  notifications: '通知開關',
  kinds: { fault: '故障通知', online: '上下線通知', lock: '鎖定通知', replenish: '補貨通知', sales: '銷量通知', warning: '庫存預警', complaint: '投訴通知' },
  salesNotice: '銷量通知值',
  salesNoticeHint: '累計售出該數量時通知',
  warningValue: '庫存預警值',
  warningValueHint: '貨道庫存降到該值時預警，須小於貨道容量 {{capacity}}',
  channelSalesLimit: '單貨道限購',
  orderLimit: '單筆限購',
  capacity: '貨道容量',
  authorised: '子商戶授權',
  save: '儲存設定',
  saved: '儲存成功',
  saveFailed: '儲存失敗',
  back: '返回設備列表',
  invalidId: '設備網址無效',
};

const en: Shape<typeof zhCN> = {
  title: '“{{name}}”: information and settings',
  info: 'Device information',
  form: 'Settings',
  notifications: 'Notifications',
  kinds: { fault: 'Faults', online: 'Online and offline', lock: 'Locking', replenish: 'Replenishment', sales: 'Sales count', warning: 'Low stock', complaint: 'Complaints' },
  salesNotice: 'Sales notice at',
  salesNoticeHint: 'Notify when this many have been sold',
  warningValue: 'Stock warning at',
  warningValueHint: 'Warn when a channel falls to this; below the capacity of {{capacity}}',
  channelSalesLimit: 'Per channel, per purchase',
  orderLimit: 'Items per order',
  capacity: 'Channel capacity',
  authorised: 'Sub-merchant',
  save: 'Save settings',
  saved: 'Saved',
  saveFailed: 'Could not save',
  back: 'Back to devices',
  invalidId: 'This device address is not valid',
};

export const deviceSettingsTexts = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;
