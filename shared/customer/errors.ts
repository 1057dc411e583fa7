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
});
