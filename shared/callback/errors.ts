/** Callback codes, in the device/tenant family (spec §8 1401–1459). */
import { defineErrors, err } from '../errors/define.js';

export const callbackErrors = defineErrors({
  callbackNotSet: err(1415, 409, '尚未设置回调地址', '尚未設定回呼位址', 'No callback address is set'),
  infoRequestFailed: err(
    1416,
    502,
    '分销商系统未能及时应答',
    '分銷商系統未能及時回應',
    "The distributor's system did not answer in time",
  ),
  infoSignatureInvalid: err(
    1417,
    502,
    '分销商系统的应答签名无效',
    '分銷商系統的回應簽章無效',
    "The distributor's answer is not signed with its key",
  ),
  deliveryNotFound: err(1418, 404, '推送记录不存在', '推送紀錄不存在', 'Delivery not found'),
});
