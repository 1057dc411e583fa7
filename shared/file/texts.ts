/** UI texts of uploads (`{{formats}}` JPG, GIF, PNG, BMP; `{{size}}` 2MB: names, not words). zh-CN is the reference shape; zh-TW and en are checked against it. */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  choose: '选择图片',
  replace: '更换',
  remove: '删除图片',
  uploading: '正在上传…',
  uploadFailed: '图片上传失败',
  tooLarge: '图片不能超过 {{size}}',
  hint: '{{formats}}，不超过 {{size}}',
  preview: '图片预览',
  main: '主图',
  moveLeft: '前移',
  moveRight: '后移',
  validation: {
    tooLarge: '图片过大',
  },
};

export const fileTexts = defineTexts(zhCN, {
  'zh-TW': {
    choose: '選擇圖片',
    replace: '更換',
    remove: '刪除圖片',
    uploading: '正在上傳…',
    uploadFailed: '圖片上傳失敗',
    tooLarge: '圖片不能超過 {{size}}',
    hint: '{{formats}}，不超過 {{size}}',
    preview: '圖片預覽',
    main: '主圖',
    moveLeft: '前移',
    moveRight: '後移',
    validation: {
      tooLarge: '圖片過大',
    },
  },
  en: {
    choose: 'Choose image',
    replace: 'Replace',
    remove: 'Remove image',
    uploading: 'Uploading…',
    uploadFailed: 'Image upload failed',
    tooLarge: 'The image may be at most {{size}}',
    hint: '{{formats}}, at most {{size}}',
    preview: 'Image preview',
    main: 'Main',
    moveLeft: 'Move left',
    moveRight: 'Move right',
    validation: {
      tooLarge: 'The image is too large',
    },
  },
});
