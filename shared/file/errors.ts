/** File codes (spec §8 family 2201–2207; §8 texts "image upload failed", "format content error"). */
import { defineErrors, err } from '../errors/define.js';

export const fileErrors = defineErrors({
  fileTypeRefused: err(
    2201,
    415,
    '格式内容错误：仅支持 JPG、GIF、PNG、BMP 图片',
    '格式內容錯誤：僅支援 JPG、GIF、PNG、BMP 圖片',
    'Format content error: only JPG, GIF, PNG and BMP images',
  ),
  fileTooLarge: err(2202, 413, '图片不能超过 2MB', '圖片不能超過 2MB', 'The image may be at most 2 MB'),
  fileEmpty: err(2203, 400, '文件内容为空', '檔案內容為空', 'The file is empty'),
  fileNotFound: err(2204, 404, '文件不存在', '檔案不存在', 'File not found'),
  uploadMalformed: err(2205, 400, '图片上传失败', '圖片上傳失敗', 'Image upload failed'),
});
