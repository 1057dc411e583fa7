/**
 * Fresh food codes, in the spec's device, tenant, point and replenishment
 * family (1401–1459): a refill that does not say when its goods expire is a
 * replenishment refusal.
 */
import { defineErrors, err } from '../errors/define.js';

export const freshErrors = defineErrors({
  batchExpiryRequired: err(
    1440,
    409,
    '易腐商品补货须填写有效期',
    '易腐商品補貨須填寫有效期',
    'A refill of a perishable product needs its expiry date',
  ),
  markdownNotFound: err(1441, 404, '临期折扣不存在', '臨期折扣不存在', 'No such markdown'),
  batchGone: err(1442, 404, '该批次已不在货道中', '該批次已不在貨道中', 'This batch is no longer in its channel'),
});
