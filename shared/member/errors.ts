/**
 * Member codes (spec §8 family 701–708, WeChat user / login). The spec names
 * the family only; the eight codes are the member-facing sign-in's refusals
 * and the member centre's. A spend past the balance is a payment refusal
 * (family 901–989). Verifying a phone by SMS takes the spec's message family
 * (2401–2405), the one left unused, since 701–708 are full; a member grade an
 * activity is for takes 2406 (docs/departures.md).
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
    '会员仍有积分余额，请先结清后再注销',
    '會員仍有積分餘額，請先結清後再註銷',
    'The member still has a points balance: settle it before erasing the member',
  ),
  phoneCodeWrong: err(2401, 400, '验证码错误', '驗證碼錯誤', 'The verification code is wrong'),
  phoneCodeExpired: err(
    2402,
    409,
    '验证码已失效（过期、已使用或错误次数过多），请重新获取',
    '驗證碼已失效（過期、已使用或錯誤次數過多），請重新取得',
    'The verification code is no longer valid (expired, used or tried too often): ask for a new one',
  ),
  phoneCodeTooOften: err(
    2403,
    429,
    '验证码发送过于频繁：每个号码每分钟 1 次、每天最多 10 次，请稍后再试',
    '驗證碼傳送過於頻繁：每個號碼每分鐘 1 次、每天最多 10 次，請稍後再試',
    'Codes are sent at most once a minute and 10 times a day per number: try again later',
  ),
  smsUnavailable: err(
    2404,
    409,
    '短信服务未配置，暂时无法发送验证码',
    '簡訊服務未設定，暫時無法傳送驗證碼',
    'No SMS service is set up: a verification code cannot be sent',
  ),
  phoneHeld: err(
    2405,
    409,
    '该手机号已绑定本商户的其他会员',
    '該手機號已綁定本商戶的其他會員',
    "This phone number belongs to another of this merchant's members",
  ),
  gradeInUse: err(
    2406,
    409,
    '该会员等级仍被营销活动使用，请先修改这些活动',
    '該會員等級仍被行銷活動使用，請先修改這些活動',
    'An activity is for members of this grade: change those activities first',
  ),
  pointsShort: err(950, 409, '积分不足', '積分不足', 'Not enough points'),
});
