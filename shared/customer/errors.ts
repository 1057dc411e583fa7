/** Enterprise customer codes (spec §8 family 801–820). */
import { defineErrors, err } from '../errors/define.js';

export const customerErrors = defineErrors({
  customerNotFound: err(801, 404, '企业客户不存在', '企業客戶不存在', 'Enterprise customer not found'),
  pointNotCustomers: err(
    802,
    409,
    '只能绑定该客户所属租户及其二级租户的点位',
    '只能綁定該客戶所屬租戶及其二級租戶的點位',
    "Only points of the customer's tenant and its second-level tenants can be bound",
  ),
  productNotCustomers: err(
    803,
    409,
    '商品不属于该客户的租户',
    '商品不屬於該客戶的租戶',
    "The product is not of the customer's tenant",
  ),
  staffPriceNotFound: err(804, 404, '员工价不存在', '員工價不存在', 'Employee price not found'),
  customerStaffNotFound: err(805, 404, '企业员工不存在', '企業員工不存在', 'Enterprise staff member not found'),
  cardIdTaken: err(806, 409, '员工卡号已被使用', '員工卡號已被使用', 'The card id is in use'),
  customerDisabled: err(807, 409, '企业客户已停用', '企業客戶已停用', 'The enterprise customer is disabled'),
  importNotXlsx: err(
    808,
    400,
    '请上传 .xlsx 格式的 Excel 文件',
    '請上傳 .xlsx 格式的 Excel 檔案',
    'Upload an Excel file in .xlsx format',
  ),
  importEmpty: err(809, 400, '文件中没有员工数据', '檔案中沒有員工資料', 'The file holds no staff rows'),
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
});
