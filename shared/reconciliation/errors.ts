/** Reconciliation codes, in the order, payment and refund family (spec §8 901–989). */
import { defineErrors, err } from '../errors/define.js';

export const reconciliationErrors = defineErrors({
  differenceNotFound: err(985, 404, '对账差异不存在', '對帳差異不存在', 'The difference does not exist'),
});
