/** UI texts of payment settings. zh-CN is the reference shape; zh-TW and en are checked against it. */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  validation: {
    id: '请填写，最多 64 个字符',
    secret: '请填写有效的密钥',
    p12: '证书文件过大',
    publicKey: '请填写公钥',
    subMerchantOnly: '普通商户不填子商户号',
    subMerchantId: '子商户须填写子商户号',
    required: '首次设置时必填',
    wallet: '钱包聚合支付须填写银行钱包商户号',
  },
};

export const paymentTexts = defineTexts(zhCN, {
  'zh-TW': {
    validation: {
      id: '請填寫，最多 64 個字元',
      secret: '請填寫有效的金鑰',
      p12: '憑證檔案過大',
      publicKey: '請填寫公鑰',
      subMerchantOnly: '一般商戶不填子商戶號',
      subMerchantId: '子商戶須填寫子商戶號',
      required: '首次設定時必填',
      wallet: '錢包聚合支付須填寫銀行錢包商戶號',
    },
  },
  en: {
    validation: {
      id: 'Required, at most 64 characters',
      secret: 'Enter a valid secret',
      p12: 'The certificate file is too large',
      publicKey: 'Enter the public key',
      subMerchantOnly: 'Only a sub-merchant has a sub-merchant id',
      subMerchantId: 'A sub-merchant needs its sub-merchant id',
      required: 'Required when first set',
      wallet: 'Wallet aggregate payment needs the bank wallet merchant number',
    },
  },
});
