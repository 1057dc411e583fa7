/**
 * Wallet codes, in the spec's payment family (901–989): a spend past what a
 * wallet holds is a payment refusal, as a spend past the points is (950).
 */
import { defineErrors, err } from '../errors/define.js';

export const walletErrors = defineErrors({
  walletShort: err(951, 409, '储值余额不足', '儲值餘額不足', 'The wallet holds less than this payment'),
  walletCapReached: err(
    952,
    409,
    '储值余额将超过上限（记名预付卡 5000 元）',
    '儲值餘額將超過上限（記名預付卡 5000 元）',
    'The wallet would hold more than its cap (¥5,000 for a named prepaid card)',
  ),
  topUpNotFound: err(953, 404, '充值记录不存在', '加值紀錄不存在', 'No such top-up'),
  nothingToGiveBack: err(954, 409, '没有可退还的本金', '沒有可退還的本金', 'No principal is left to give back'),
  giveBackNotFound: err(955, 404, '退还记录不存在', '退還紀錄不存在', 'No such give-back'),
});
