/**
 * The common error catalogue (spec §8): the codes the response-handling rules
 * name (400, 401, 403, 404, 502, 503, 1301, 1102), the codes and families no
 * domain owns yet — each moves to its domain's errors.ts when that domain is
 * built — and every family's text.
 */
import { defineErrors, err, family } from '../errors/define.js';

export const commonErrors = defineErrors(
  {
    badRequest: err(400, 400, '请求错误', '請求錯誤', 'Bad request', 'reset'),
    unauthorized: err(401, 401, '请重新登录', '請重新登入', 'Please log in again', 'relogin'),
    forbidden: err(403, 403, '拒绝访问', '拒絕訪問', 'Access denied', 'reset'),
    notFound: err(404, 404, '请求的资源不存在', '請求的資源不存在', 'Resource not found', 'reset'),
    serverError: err(502, 500, '服务器错误', '伺服器錯誤', 'Server error', 'reset'),
    unavailable: err(503, 503, '服务不可用', '服務不可用', 'Service unavailable', 'reset'),
    operationFailed: err(1301, 409, '操作失败', '操作失敗', 'Operation failed'),
    nothingChanged: err(1102, 409, '数据未变化', '資料未變化', 'Nothing changed', 'silent'),
    // Not in the spec: the upstream's database cannot be reached for a moment
    // (a restart, dropped connections). HTTP 503; a notification only, never a
    // reset, so a database restart signs nobody out.
    databaseUnavailable: err(
      1302,
      503,
      '数据库暂时不可用，请稍后再试',
      '資料庫暫時無法使用，請稍後再試',
      'The database is unavailable; please try again later',
    ),
    // Not in the spec: the database is there but the request could not get its turn in time — a row
    // another request holds, or every connection at work. Busy is not down: HTTP 409, try again in a second.
    databaseBusy: err(
      1303,
      409,
      '系统繁忙，请稍后重试',
      '系統繁忙，請稍後重試',
      'The system is busy; please try again in a moment',
    ),
    // Imports from an .xlsx (shared/imports.ts), whichever domain takes the rows: enterprise staff and
    // customer groups. The family is the enterprise customers' (801–820), where the staff import came first.
    importNotXlsx: err(
      808,
      400,
      '请上传 .xlsx 格式的 Excel 文件',
      '請上傳 .xlsx 格式的 Excel 檔案',
      'Upload an Excel file in .xlsx format',
    ),
    importEmpty: err(809, 400, '文件中没有数据行', '檔案中沒有資料列', 'The file holds no rows'),
    importTooLarge: err(810, 413, '文件不能超过 10 MB', '檔案不能超過 10 MB', 'The file may be at most 10 MB'),
    importFormula: err(
      811,
      400,
      '表格中不能包含公式，请粘贴为数值后再导入',
      '表格中不能包含公式，請貼上為數值後再匯入',
      'The sheet holds a formula: paste it as values and import again',
    ),
    importTooManyRows: err(
      812,
      400,
      '单次最多导入 100000 行',
      '單次最多匯入 100000 行',
      'At most 100,000 rows can be imported at once',
    ),
    importHeader: err(
      813,
      400,
      '表头与模板不一致，请使用下载的模板',
      '表頭與範本不一致，請使用下載的範本',
      "The header row is not the template's: use the template",
    ),
    importNotFound: err(814, 404, '导入记录不存在', '匯入紀錄不存在', 'Import not found'),
    // The console's own (never sent by the upstream): browser mode's bridge refuses a page
    // not opened through the launch URL the host printed (electron/host/launch.ts).
    consoleNotLaunched: err(
      9001,
      403,
      '此页面未连接到控制台。请打开控制台在终端中打印的启动地址（每个地址只能使用一次）。',
      '此頁面未連線到主控台。請開啟主控台在終端機中列印的啟動網址（每個網址只能使用一次）。',
      'This page is not connected to the console. Open the launch address the console printed in its terminal (each address works once).',
    ),
  },
  [
    family(701, 708, '微信用户或登录错误', '微信用戶或登入錯誤', 'WeChat user or sign-in error'),
    family(801, 820, '企业客户操作错误', '企業客戶操作錯誤', 'Enterprise customer error'),
    family(901, 989, '订单、支付或退款错误', '訂單、支付或退款錯誤', 'Order, payment or refund error'),
    family(1101, 1111, '分类或商品错误', '分類或商品錯誤', 'Category or product error'),
    family(
      1401,
      1459,
      '设备、租户、点位或补货错误',
      '設備、租戶、點位或補貨錯誤',
      'Device, tenant, point or replenishment error',
    ),
    family(2201, 2207, '文件错误', '檔案錯誤', 'File error'),
    family(2301, 2305, '令牌错误', '權杖錯誤', 'Token error'),
    family(2401, 2405, '消息错误', '訊息錯誤', 'Message error'),
    family(2701, 2711, '小程序应用错误', '小程式應用錯誤', 'Mini-program application error'),
    family(
      2800,
      2837,
      '商品分类、属性、配方或定制错误',
      '商品分類、屬性、配方或客製錯誤',
      'Product category, attribute, recipe or customisation error',
    ),
    family(3001, 3006, '存储错误', '儲存錯誤', 'Storage error'),
    family(3402, 3437, '优惠或分组错误', '優惠或分組錯誤', 'Discount or group error'),
    family(3701, 3705, '短视频小程序错误', '短影音小程式錯誤', 'Short-video mini-program error'),
    family(4501, 4508, '设备型号或商品错误', '設備型號或商品錯誤', 'Device model or product error'),
  ],
);

export const COMMON_CODE = commonErrors.code;
