/** UI texts of the tenant domain (distributors). zh-CN is the reference shape; zh-TW and en are checked against it. */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  route: {
    distribution: '分销管理',
    distributors: '分销商列表',
    productInformation: '商品信息',
    distributorDevices: '分销商设备',
  },
};

export const tenantTexts = defineTexts(zhCN, {
  'zh-TW': {
    route: {
      distribution: '分銷管理',
      distributors: '分銷商列表',
      productInformation: '商品資訊',
      distributorDevices: '分銷商設備',
    },
  },
  en: {
    route: {
      distribution: 'Distribution',
      distributors: 'Distributors',
      productInformation: 'Product information',
      distributorDevices: 'Distributor devices',
    },
  },
});
