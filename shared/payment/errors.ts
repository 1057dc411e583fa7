/** Payment-settings codes, in the device/tenant family (spec §8 1401–1459). */
import { defineErrors, err } from '../errors/define.js';

export const paymentErrors = defineErrors({
  secretsKeyMissing: err(
    1407,
    503,
    '未配置密钥，不能保存支付密钥',
    '未設定金鑰，不能儲存支付金鑰',
    'No SECRETS_KEY is configured: payment secrets cannot be stored',
  ),
  certificateInvalid: err(
    1408,
    400,
    '证书须为 p12 格式，且能以商户号打开',
    '憑證須為 p12 格式，且能以商戶號開啟',
    'The certificate must be a p12 that opens with the merchant id',
  ),
  keyInvalid: err(
    1409,
    400,
    '密钥格式不正确，或填入的是应用公钥而非支付宝公钥',
    '金鑰格式不正確，或填入的是應用公鑰而非支付寶公鑰',
    "The key is not a valid RSA key, or the public key given is the app's own, not Alipay's",
  ),
});
