/** Firmware codes (spec §8 family 1701–1714, and 1801–1829 for a model's modules). */
import { defineErrors, err, family } from '../errors/define.js';

export const firmwareErrors = defineErrors(
  {
    packageNotFound: err(1701, 404, '升级包不存在', '升級包不存在', 'Firmware package not found'),
    packageLimit: err(
      1702,
      409,
      '每个设备型号最多 100 个升级包，请先删除不用的草稿',
      '每個設備型號最多 100 個升級包，請先刪除不用的草稿',
      'A device model holds at most 100 packages: delete an unused draft first',
    ),
    packageVersionTaken: err(
      1703,
      409,
      '该型号的此模块已有这个版本的升级包',
      '該型號的此模組已有這個版本的升級包',
      'This module of the model has a package of this version already',
    ),
    moduleNotOfModel: err(
      1704,
      400,
      '该设备型号没有此模块',
      '該設備型號沒有此模組',
      'The device model has no such module',
    ),
    packageFileEmpty: err(1705, 400, '升级包文件为空', '升級包檔案為空', 'The package file is empty'),
    packageFileTooLarge: err(
      1706,
      413,
      '升级包文件不能超过 64 MB',
      '升級包檔案不能超過 64 MB',
      'A package file may be at most 64 MB',
    ),
    uploadNotFound: err(
      1707,
      404,
      '上传已过期或不存在，请重新上传',
      '上傳已過期或不存在，請重新上傳',
      'The upload has expired or does not exist: upload the file again',
    ),
    uploadIncomplete: err(1708, 409, '文件尚未上传完整', '檔案尚未上傳完整', 'The file has not been uploaded in full'),
    packageWithdrawn: err(1709, 409, '升级包已撤回', '升級包已撤回', 'The package has been withdrawn'),
    packageNotDraft: err(
      1710,
      409,
      '升级包已发布，不能修改文件信息或删除',
      '升級包已發佈，不能修改檔案資訊或刪除',
      'The package has been released: it can no longer be changed or deleted',
    ),
    packageNotReleased: err(1711, 409, '升级包尚未发布', '升級包尚未發佈', 'The package has not been released'),
    partChecksum: err(
      1712,
      400,
      '文件分片校验失败，请重试',
      '檔案分片校驗失敗，請重試',
      'A part of the file failed its checksum: try again',
    ),
    partOutOfRange: err(
      1713,
      400,
      '文件分片的序号或大小不正确',
      '檔案分片的序號或大小不正確',
      "A part's number or size does not fit the file",
    ),
    rangeNotSatisfiable: err(
      1714,
      416,
      '请求的字节范围超出文件',
      '請求的位元組範圍超出檔案',
      'The byte range asked for lies outside the file',
    ),
    moduleInUse: err(
      1803,
      409,
      '该模块已有升级包，不能从型号中移除',
      '該模組已有升級包，不能從型號中移除',
      'The module has packages: it cannot be removed from the model',
    ),
  },
  [
    family(
      1701,
      1714,
      '固件错误（最多 100 个升级包）',
      '韌體錯誤（最多 100 個升級包）',
      'Firmware error (at most 100 packages)',
    ),
  ],
);
