/** Revenue-share codes: the order, payment and refund family of spec §8 (901–989), 970–981 (its free codes). */
import { defineErrors, err } from '../errors/define.js';

export const shareErrors = defineErrors({
  shareHostNotFound: err(970, 404, '场地方不存在', '場地方不存在', 'Location host not found'),
  shareHostNameTaken: err(971, 409, '已有同名的场地方', '已有同名的場地方', 'A host with this name exists'),
  shareHostStated: err(
    972,
    409,
    '该场地方已有对账单，不能删除',
    '該場地方已有對帳單，不能刪除',
    'The host has statements: it cannot be deleted',
  ),
  shareMonthStated: err(
    973,
    409,
    '该月已出具对账单：变更只能从下一个未出具的月份生效，更正请在后续月份调整',
    '該月已出具對帳單：變更只能從下一個未出具的月份生效，更正請在後續月份調整',
    'That month is already stated: a change takes effect from a month not yet issued, and a correction is an adjustment in a later month',
  ),
  shareMonthOpen: err(
    974,
    409,
    '该月尚未结束，不能结算',
    '該月尚未結束，不能結算',
    'The month has not ended yet: it cannot be closed',
  ),
  shareStatementNotFound: err(975, 404, '对账单不存在', '對帳單不存在', 'Statement not found'),
  shareStatementState: err(
    976,
    409,
    '对账单当前状态不能执行此操作',
    '對帳單目前狀態不能執行此操作',
    "The statement's state does not allow this",
  ),
  shareStatementStale: err(
    981,
    409,
    '对账单计算后，规则、点位的场地方或调整已有变动：请重新结算该月后再出具',
    '對帳單計算後，規則、點位的場地方或調整已有變動：請重新結算該月後再出具',
    'The statement changed since it was computed (a rule, a point’s host or an adjustment): close the month again before issuing it',
  ),
  shareRuleNotFound: err(979, 404, '分成规则不存在', '分成規則不存在', 'Share rule not found'),
  shareSubjectNotFound: err(
    980,
    404,
    '规则的对象（点位、场地方或二级租户）不存在',
    '規則的對象（點位、場地方或二級租戶）不存在',
    'The point, host or second-level tenant of the rule does not exist',
  ),
});
