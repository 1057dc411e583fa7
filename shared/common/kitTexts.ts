/** Texts of the kit (renderer/kit): the folded filter bar, the data table's columns menu and resize handles, the date and time fields. zh-CN is the reference shape; zh-TW and en are checked against it. */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  /** The filter bar folded in a narrow window (renderer/kit/FilterBar.tsx). */
  filterBar: {
    filters: '筛选',
    filtersActive: '筛选（{{count}}）',
    applied: '已应用的筛选',
    chip: '{{label}}：{{value}}',
  },
  table: {
    columns: '列设置',
    showColumns: '显示的列',
    resetColumns: '恢复默认列宽和列',
    resize: '调整“{{column}}”列宽',
    keptColumn: '“{{column}}”列始终显示',
    folded: '宽度不足，已收起',
  },
  /** The kit's date and time fields (renderer/kit/DateTimeInput.tsx); `{0}` is the calendar's own placeholder. */
  dateField: {
    placeholder: '年-月-日 时:分:秒',
    placeholderDate: '年-月-日',
    pick: '在日历中选择',
    goToToday: '今天',
    prevMonth: '上个月',
    nextMonth: '下个月',
    prevYear: '上一年',
    nextYear: '下一年',
    prevYears: '前十年',
    nextYears: '后十年',
    close: '关闭日历',
    selected: '已选 {0}',
    today: '今天 {0}',
    invalid: '请按“年-月-日 时:分:秒”填写有效的时间，如 2026-11-25 08:30:00',
    invalidDate: '请按“年-月-日”填写有效的日期，如 2026-11-25',
  },
};

/** Its groups: used on screens only, so the sign-in page's catalogue leaves them out (scripts/ui-tables.ts). */
export const KIT_NAMESPACES = Object.keys(zhCN) as readonly (keyof typeof zhCN)[];

export const kitTexts = defineTexts(zhCN, {
  'zh-TW': {
    filterBar: {
      filters: '篩選',
      filtersActive: '篩選（{{count}}）',
      applied: '已套用的篩選',
      chip: '{{label}}：{{value}}',
    },
    table: {
      columns: '欄位設定',
      showColumns: '顯示的欄位',
      resetColumns: '恢復預設欄寬與欄位',
      resize: '調整「{{column}}」欄寬',
      keptColumn: '「{{column}}」欄位始終顯示',
      folded: '寬度不足，已收起',
    },
    dateField: {
      placeholder: '年-月-日 時:分:秒',
      placeholderDate: '年-月-日',
      pick: '在日曆中選擇',
      goToToday: '今天',
      prevMonth: '上個月',
      nextMonth: '下個月',
      prevYear: '上一年',
      nextYear: '下一年',
      prevYears: '前十年',
      nextYears: '後十年',
      close: '關閉日曆',
      selected: '已選 {0}',
      today: '今天 {0}',
      invalid: '請按「年-月-日 時:分:秒」填寫有效的時間，如 2026-11-25 08:30:00',
      invalidDate: '請按「年-月-日」填寫有效的日期，如 2026-11-25',
    },
  },
  en: {
    filterBar: {
      filters: 'Filters',
      filtersActive: 'Filters ({{count}})',
      applied: 'Filters applied',
      chip: '{{label}}: {{value}}',
    },
    table: {
      columns: 'Columns',
      showColumns: 'Columns shown',
      resetColumns: 'Restore the default columns and widths',
      resize: 'Resize the "{{column}}" column',
      keptColumn: 'The "{{column}}" column is always shown',
      folded: 'Folded for width',
    },
    dateField: {
      placeholder: 'yyyy-mm-dd hh:mm:ss',
      placeholderDate: 'yyyy-mm-dd',
      pick: 'Pick on the calendar',
      goToToday: 'Today',
      prevMonth: 'Previous month',
      nextMonth: 'Next month',
      prevYear: 'Previous year',
      nextYear: 'Next year',
      prevYears: 'Previous ten years',
      nextYears: 'Next ten years',
      close: 'Close the calendar',
      selected: 'Selected {0}',
      today: 'Today {0}',
      invalid: 'Enter a valid time as yyyy-mm-dd hh:mm:ss, e.g. 2026-11-25 08:30:00',
      invalidDate: 'Enter a valid date as yyyy-mm-dd, e.g. 2026-11-25',
    },
  },
});
