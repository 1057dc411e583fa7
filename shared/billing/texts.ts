/** UI texts of the payment centre, service fees and bills. zh-CN is the reference shape; zh-TW and en are checked against it. */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  validation: {
    fee: '请输入 0.01–100000 元的年费',
    devices: '请选择 1–200 台设备',
    deviceTwice: '设备重复',
    plan: '请选择续费时长',
    platform: '请选择支付方式',
    agreement: '请阅读并同意服务协议',
  },
};

export const billingTexts = defineTexts(zhCN, {
  'zh-TW': {
    validation: {
      fee: '請輸入 0.01–100000 元的年費',
      devices: '請選擇 1–200 台設備',
      deviceTwice: '設備重複',
      plan: '請選擇續費時長',
      platform: '請選擇支付方式',
      agreement: '請閱讀並同意服務協議',
    },
  },
  en: {
    validation: {
      fee: 'Enter an annual fee of ¥0.01–100,000',
      devices: 'Choose 1–200 devices',
      deviceTwice: 'A device is chosen twice',
      plan: 'Choose a plan',
      platform: 'Choose how to pay',
      agreement: 'Read and accept the service agreement',
    },
  },
});
