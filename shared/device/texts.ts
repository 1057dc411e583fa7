/** UI texts of the device domain. zh-CN is the reference shape; zh-TW and en are checked against it. */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  name: '设备名称',
  serial: '设备编号',
  type: '设备类型',
  model: '设备型号',
  online: '在线',
  offline: '离线',
  onlineState: '在线状态',
  activated: '已激活',
  notActivated: '未激活',
  activation: '激活状态',
  types: {
    selling: '售卖设备',
    paymentBox: '支付盒子',
    smartLink: '智能联动模块',
  },
  route: {
    deviceManagement: '设备管理',
    deviceList: '设备列表',
    sceneLinkage: '场景联动',
    sceneDetail: '场景详情',
    deviceSettings: '设备信息与设置',
    devicePool: '设备池',
  },
};

export const deviceTexts = defineTexts(zhCN, {
  'zh-TW': {
    name: '設備名稱',
    serial: '設備編號',
    type: '設備類型',
    model: '設備型號',
    online: '線上',
    offline: '離線',
    onlineState: '線上狀態',
    activated: '已啟用',
    notActivated: '未啟用',
    activation: '啟用狀態',
    types: {
      selling: '販賣設備',
      paymentBox: '支付盒子',
      smartLink: '智能聯動模組',
    },
    route: {
      deviceManagement: '設備管理',
      deviceList: '設備列表',
      sceneLinkage: '場景聯動',
      sceneDetail: '場景詳情',
      deviceSettings: '設備資訊與設定',
      devicePool: '設備池',
    },
  },
  en: {
    name: 'Device name',
    serial: 'Serial number',
    type: 'Type',
    model: 'Model',
    online: 'Online',
    offline: 'Offline',
    onlineState: 'Connection',
    activated: 'Activated',
    notActivated: 'Not activated',
    activation: 'Activation',
    types: {
      selling: 'Selling device',
      paymentBox: 'Payment box',
      smartLink: 'SmartLink module',
    },
    route: {
      deviceManagement: 'Devices',
      deviceList: 'Device list',
      sceneLinkage: 'Scene linkage',
      sceneDetail: 'Scene details',
      deviceSettings: 'Device info and settings',
      devicePool: 'Device pool',
    },
  },
});
