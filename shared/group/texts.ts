/** UI texts of the group domain (customer groups). zh-CN is the reference shape; zh-TW and en are checked against it. */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  identifiers: { phone: '手机号', employeeNumber: '工号', cardNumber: '会员卡号' },
  importMethods: { preImport: '预先导入', realTime: '实时录入' },
  states: { normal: '正常', disabled: '已停用' },
  memberStates: { inactive: '未激活', pending: '待审核', activated: '已激活', disabled: '已停用' },
  validation: {
    identifier: '只能包含字母、数字和连字符，最多 32 位',
  },
};

export const groupTexts = defineTexts(zhCN, {
  'zh-TW': {
    identifiers: { phone: '手機號碼', employeeNumber: '工號', cardNumber: '會員卡號' },
    importMethods: { preImport: '預先匯入', realTime: '即時錄入' },
    states: { normal: '正常', disabled: '已停用' },
    memberStates: { inactive: '未啟用', pending: '待審核', activated: '已啟用', disabled: '已停用' },
    validation: {
      identifier: '只能包含字母、數字和連字號，最多 32 位',
    },
  },
  en: {
    identifiers: { phone: 'Phone', employeeNumber: 'Employee number', cardNumber: 'Card number' },
    importMethods: { preImport: 'Imported beforehand', realTime: 'Entered as they sign in' },
    states: { normal: 'Normal', disabled: 'Disabled' },
    memberStates: { inactive: 'Inactive', pending: 'Pending review', activated: 'Activated', disabled: 'Disabled' },
    validation: {
      identifier: 'Letters, digits and hyphens only, at most 32',
    },
  },
});
