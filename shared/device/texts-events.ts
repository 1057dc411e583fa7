/** Texts of a device's live events (shared/device/events.ts): the notification's title and line. `{{name}}` the device, `{{channel}}`, `{{stock}}`, `{{code}}`, `{{count}}`. */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  title: '设备通知',
  online: '{{name}} 已上线',
  offline: '{{name}} 已离线',
  fault: '{{name}} 故障：{{code}} {{message}}',
  recovered: '{{name}} 故障已恢复',
  locked: '{{name}} 已锁定',
  unlocked: '{{name}} 已解锁',
  lowStock: '{{name}} {{channel}} 号货道库存不足，剩余 {{stock}} 件',
  replenished: '{{name}} 已补货',
  salesNotice: '{{name}} 今日已售 {{count}} 单',
  sale: '{{name}} 售出一单',
  recycled: '{{name}} 已回收到设备池',
  allocated: '{{name}} 已分配给本租户',
};

export const deviceEventTexts = defineTexts(zhCN, {
  'zh-TW': {
    title: '設備通知',
    online: '{{name}} 已上線',
    offline: '{{name}} 已離線',
    fault: '{{name}} 故障：{{code}} {{message}}',
    recovered: '{{name}} 故障已恢復',
    locked: '{{name}} 已鎖定',
    unlocked: '{{name}} 已解鎖',
    lowStock: '{{name}} {{channel}} 號貨道庫存不足，剩餘 {{stock}} 件',
    replenished: '{{name}} 已補貨',
    salesNotice: '{{name}} 今日已售 {{count}} 單',
    sale: '{{name}} 售出一單',
    recycled: '{{name}} 已回收到設備池',
    allocated: '{{name}} 已分配給本租戶',
  },
  en: {
    title: 'Device notice',
    online: '{{name}} is online',
    offline: '{{name}} went offline',
    fault: '{{name}} reports a fault: {{code}} {{message}}',
    recovered: '{{name}} recovered from its fault',
    locked: '{{name}} was locked',
    unlocked: '{{name}} was unlocked',
    lowStock: '{{name}}: channel {{channel}} is low, {{stock}} left',
    replenished: '{{name}} was restocked',
    salesNotice: '{{name}} made {{count}} sales today',
    sale: '{{name}} made a sale',
    recycled: '{{name}} was recycled into the pool',
    allocated: '{{name}} was allocated to you',
  },
});
