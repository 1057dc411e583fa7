/** Tenant codes of the device/tenant/location family (spec §8 1401–1459). */
import { defineErrors, err } from '../errors/define.js';

export const tenantErrors = defineErrors({
  tenantNotFound: err(1401, 404, '租户不存在', '租戶不存在', 'Tenant not found'),
  tenantRequired: err(1402, 400, '请先选择租户', '請先選擇租戶', 'Choose a tenant first'),
});
