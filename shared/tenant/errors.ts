/** Tenant codes of the device/tenant/location family (spec §8 1401–1459). */
import { defineErrors, err } from '../errors/define.js';

export const tenantErrors = defineErrors({
  tenantNotFound: err(1401, 404, '租户不存在', '租戶不存在', 'Tenant not found'),
  tenantRequired: err(1402, 400, '请先选择租户', '請先選擇租戶', 'Choose a tenant first'),
  tenantDisabled: err(1403, 403, '该分销商已停用', '該分銷商已停用', 'This distributor is disabled'),
  usernameTaken: err(1404, 409, '账号已存在', '帳號已存在', 'The username is taken'),
  parentNotFirstLevel: err(
    1405,
    409,
    '只能在一级分销商下创建二级分销商',
    '只能在一級分銷商下建立二級分銷商',
    'A second-level distributor belongs to a first-level one',
  ),
});
