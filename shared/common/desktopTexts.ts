/**
 * Texts of the desktop shell itself, which main shows without the renderer:
 * the application menu, the notification titles, the taskbar's count, the
 * update offer. In the first bundle of main only (the renderer never loads
 * them). `{{count}}` a number, `{{version}}` the new version.
 */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  menu: {
    app: '售货云控制台',
    about: '关于售货云控制台',
    services: '服务',
    hide: '隐藏售货云控制台',
    hideOthers: '隐藏其他',
    showAll: '全部显示',
    quit: '退出',
    file: '文件',
    newWindow: '新建窗口',
    signOut: '退出登录',
    close: '关闭窗口',
    edit: '编辑',
    undo: '撤销',
    redo: '重做',
    cut: '剪切',
    copy: '复制',
    paste: '粘贴',
    delete: '删除',
    selectAll: '全选',
    view: '显示',
    refresh: '刷新',
    language: '语言',
    fontSize: '字体大小',
    zoomIn: '放大',
    zoomOut: '缩小',
    resetZoom: '实际大小',
    fullscreen: '全屏',
    window: '窗口',
    minimize: '最小化',
    zoom: '缩放',
    front: '前置全部窗口',
    help: '帮助',
    version: '版本 {{version}}',
  },
  notice: {
    complaint: '新投诉',
  },
  badge: {
    openComplaints: '{{count}} 条投诉待处理',
  },
};

export const desktopTexts = defineTexts(zhCN, {
  'zh-TW': {
    menu: {
      app: '售貨雲控制台',
      about: '關於售貨雲控制台',
      services: '服務',
      hide: '隱藏售貨雲控制台',
      hideOthers: '隱藏其他',
      showAll: '全部顯示',
      quit: '結束',
      file: '檔案',
      newWindow: '新增視窗',
      signOut: '登出',
      close: '關閉視窗',
      edit: '編輯',
      undo: '復原',
      redo: '重做',
      cut: '剪下',
      copy: '拷貝',
      paste: '貼上',
      delete: '刪除',
      selectAll: '全選',
      view: '顯示方式',
      refresh: '重新整理',
      language: '語言',
      fontSize: '字型大小',
      zoomIn: '放大',
      zoomOut: '縮小',
      resetZoom: '實際大小',
      fullscreen: '全螢幕',
      window: '視窗',
      minimize: '最小化',
      zoom: '縮放',
      front: '將所有視窗移至最前',
      help: '說明',
      version: '版本 {{version}}',
    },
    notice: {
      complaint: '新投訴',
    },
    badge: {
      openComplaints: '{{count}} 筆投訴待處理',
    },
  },
  en: {
    menu: {
      app: 'Vend Console',
      about: 'About Vend Console',
      services: 'Services',
      hide: 'Hide Vend Console',
      hideOthers: 'Hide Others',
      showAll: 'Show All',
      quit: 'Quit',
      file: 'File',
      newWindow: 'New Window',
      signOut: 'Sign Out',
      close: 'Close Window',
      edit: 'Edit',
      undo: 'Undo',
      redo: 'Redo',
      cut: 'Cut',
      copy: 'Copy',
      paste: 'Paste',
      delete: 'Delete',
      selectAll: 'Select All',
      view: 'View',
      refresh: 'Refresh',
      language: 'Language',
      fontSize: 'Font Size',
      zoomIn: 'Zoom In',
      zoomOut: 'Zoom Out',
      resetZoom: 'Actual Size',
      fullscreen: 'Full Screen',
      window: 'Window',
      minimize: 'Minimize',
      zoom: 'Zoom',
      front: 'Bring All to Front',
      help: 'Help',
      version: 'Version {{version}}',
    },
    notice: {
      complaint: 'New complaint',
    },
    badge: {
      openComplaints: '{{count}} open complaints',
    },
  },
});

/** A text with its `{{name}}` slots filled. */
export const fill = (text: string, values: Readonly<Record<string, string | number>>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
