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
  excursionOngoing: err(
    1443,
    409,
    '温度尚未恢复正常，恢复后才能确认',
    '溫度尚未恢復正常，恢復後才能確認',
    'The fridge is still out of range: it can be acknowledged once back in range',
  ),
  excursionGone: err(
    1444,
    404,
    '该温度异常不存在或已被确认',
    '該溫度異常不存在或已被確認',
    'No such excursion, or it was acknowledged already',
  ),
  coldRuleNotFound: err(1445, 404, '温控规则不存在', '溫控規則不存在', 'No such temperature rule'),
  quarantineDecided: err(
    1446,
    409,
    '该上报不存在或已处理',
    '該上報不存在或已處理',
    'No such held report, or it was decided already',
  ),
  cardBlocked: err(
    1447,
    403,
    '该卡在本商户的冷柜已被停用，请换卡',
    '該卡在本商戶的冷櫃已被停用，請換卡',
    "This card is blocked at this operator's fridges: use another card",
  ),
  cardNotBlocked: err(1448, 404, '该卡不存在或未被停用', '該卡不存在或未被停用', 'No such card, or it is not blocked'),
  openingUnknown: err(1449, 404, '没有这次开门记录', '沒有這次開門紀錄', 'No such door opening'),
  markdownsNone: err(
    1450,
    409,
    '还没有临期折扣可推送，请先添加',
    '還沒有臨期折扣可推送，請先新增',
    'There are no markdown ladders to push yet: add one first',
  ),
  markdownPushNotActive: err(
    1451,
    404,
    '该折扣推送不存在，或本机已上报',
    '該折扣推送不存在，或本機已回報',
    'No such markdown push for this machine, or it was reported already',
  ),
});
