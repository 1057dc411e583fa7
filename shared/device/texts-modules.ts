/** Texts of a device's modules: their names, and the versions a device reported. */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  names: {
    mainBoard: '主控板',
    payment: '支付模块',
    cooling: '制冷模块',
    cardReader: '读卡器',
    display: '显示屏',
    network: '通信模块',
    brewer: '冲泡模块',
  },
  title: '模块版本',
  module: '模块',
  version: '版本',
  reportedAt: '上报时间',
  none: '设备尚未上报模块版本',
};

export const deviceModuleTexts = defineTexts(zhCN, {
  'zh-TW': {
    names: {
      mainBoard: '主控板',
      payment: '支付模組',
      cooling: '製冷模組',
      cardReader: '讀卡機',
      display: '顯示螢幕',
      network: '通訊模組',
      brewer: '沖泡模組',
    },
    title: '模組版本',
    module: '模組',
    version: '版本',
    reportedAt: '上報時間',
    none: '設備尚未上報模組版本',
  },
  en: {
    names: {
      mainBoard: 'Main board',
      payment: 'Payment module',
      cooling: 'Cooling',
      cardReader: 'Card reader',
      display: 'Display',
      network: 'Network module',
      brewer: 'Brewer',
    },
    title: 'Module versions',
    module: 'Module',
    version: 'Version',
    reportedAt: 'Reported',
    none: 'The device has not reported its module versions yet',
  },
});
