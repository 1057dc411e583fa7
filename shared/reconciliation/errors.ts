/** Reconciliation codes, in the order, payment and refund family (spec §8 901–989). */
import { defineErrors, err } from '../errors/define.js';

export const reconciliationErrors = defineErrors({
  dayNotFound: err(930, 404, '对账日不存在', '對帳日不存在', 'The reconciliation day does not exist'),
  differenceNotFound: err(931, 404, '对账差异不存在', '對帳差異不存在', 'The difference does not exist'),
});
