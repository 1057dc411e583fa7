/**
 * Texts of the desktop shell itself, which main shows without the renderer:
 * the application menu, the notification titles, the taskbar's count, the
 * update offer. In the first bundle of main only (the renderer never loads
 * them). `{{count}}` a number, `{{version}}` the new version.
 */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  notice: {
    complaint: '新投诉',
  },
  badge: {
    openComplaints: '{{count}} 条投诉待处理',
  },
};

export const desktopTexts = defineTexts(zhCN, {
  'zh-TW': {
    notice: {
      complaint: '新投訴',
    },
    badge: {
      openComplaints: '{{count}} 筆投訴待處理',
    },
  },
  en: {
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
