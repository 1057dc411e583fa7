/**
 * Titles of the screens no domain builds yet (shared/common/routes.ts), and of
 * the public pages (sign-in, 404, no permission): the common `route` group.
 * Each moves to its domain's texts when that domain is built.
 */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  route: {
    login: '登录',
    dashboard: '首页',
    notFound: '页面不存在',
    noPermission: '没有权限',
    payCenter: '支付中心',
    costManagement: '服务费管理',
    bill: '账单与发票',
    orderManagement: '订单管理',
    orderList: '订单列表',
    linkedOrders: '联动订单',
    paymentBoxOrders: '收款订单',
    staffOrderList: '员工订单',
    customerService: '客户投诉',
  },
};

export const routeTexts = defineTexts(zhCN, {
  'zh-TW': {
    route: {
      login: '登入',
      dashboard: '首頁',
      notFound: '頁面不存在',
      noPermission: '沒有權限',
      payCenter: '支付中心',
      costManagement: '服務費管理',
      bill: '帳單與發票',
      orderManagement: '訂單管理',
      orderList: '訂單列表',
      linkedOrders: '聯動訂單',
      paymentBoxOrders: '收款訂單',
      staffOrderList: '員工訂單',
      customerService: '客戶投訴',
    },
  },
  en: {
    route: {
      login: 'Sign in',
      dashboard: 'Dashboard',
      notFound: 'Page not found',
      noPermission: 'No permission',
      payCenter: 'Payment centre',
      costManagement: 'Service fees',
      bill: 'Bills and invoices',
      orderManagement: 'Orders',
      orderList: 'Order list',
      linkedOrders: 'Linked orders',
      paymentBoxOrders: 'Payment orders',
      staffOrderList: 'Staff orders',
      customerService: 'Customer complaints',
    },
  },
});
