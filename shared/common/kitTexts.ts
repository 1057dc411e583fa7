/** Texts of the kit's data table (renderer/kit): its columns menu and resize handles. zh-CN is the reference shape; zh-TW and en are checked against it. */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  table: {
    columns: '列设置',
    showColumns: '显示的列',
    resetColumns: '恢复默认列宽和列',
    resize: '调整“{{column}}”列宽',
    keptColumn: '“{{column}}”列始终显示',
  },
};

export const kitTexts = defineTexts(zhCN, {
  'zh-TW': {
    table: {
      columns: '欄位設定',
      showColumns: '顯示的欄位',
      resetColumns: '恢復預設欄寬與欄位',
      resize: '調整「{{column}}」欄寬',
      keptColumn: '「{{column}}」欄位始終顯示',
    },
  },
  en: {
    table: {
      columns: 'Columns',
      showColumns: 'Columns shown',
      resetColumns: 'Restore the default columns and widths',
      resize: 'Resize the "{{column}}" column',
      keptColumn: 'The "{{column}}" column is always shown',
    },
  },
});
