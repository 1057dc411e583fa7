/**
 * Member codes (spec §8 family 701–708, WeChat user / login). The spec names
 * the family only; the eight codes are the member-facing sign-in's refusals
 * and the member centre's. A spend past the balance is a payment refusal
 * (family 901–989).
 */
import { defineErrors, err } from '../errors/define.js';

export const memberErrors = defineErrors({
  wechatCodeInvalid: err(701, 400, '微信登录凭证无效', '微信登入憑證無效', 'The WeChat sign-in code is not valid'),
  wechatCodeExpired: err(
    702,
    401,
    '微信登录凭证已过期，请重新登录',
    '微信登入憑證已過期，請重新登入',
    'The WeChat sign-in code has expired; sign in again',
  ),
  wechatCodeUsed: err(
    703,
    409,
    '微信登录凭证已使用，请重新登录',
    '微信登入憑證已使用，請重新登入',
    'The WeChat sign-in code was already used; sign in again',
  ),
  memberBlocked: err(704, 403, '该会员已被停用', '該會員已被停用', 'This member is blocked'),
  memberProgrammeOff: err(
    705,
    409,
    '该商户未开启会员功能',
    '該商戶未開啟會員功能',
    'This merchant has no member programme',
  ),
  memberSessionInvalid: err(
    706,
    401,
    '会员登录已失效，请重新登录',
    '會員登入已失效，請重新登入',
    'The member session has ended; sign in again',
  ),
  programmeMemberNotFound: err(707, 404, '会员不存在', '會員不存在', 'Member not found'),
  memberHasBalance: err(
    708,
    409,
    '会员仍有积分余额，请先结清后再删除',
    '會員仍有積分餘額，請先結清後再刪除',
    'The member still has a points balance: settle it before erasing the member',
  ),
  pointsShort: err(950, 409, '积分不足', '積分不足', 'Not enough points'),
});
