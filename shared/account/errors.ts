/** Authentication and permission codes (spec §8 family 1501–1537). */
import { defineErrors, err, family } from '../errors/define.js';
import { NO_SESSION } from '../errors/policy.js';

export const accountErrors = defineErrors(
  {
    tokenMissing: err(
      NO_SESSION,
      401,
      '缺少令牌，请重新登录',
      '缺少權杖，請重新登入',
      'Token missing; please log in again',
      'relogin',
    ),
    tokenExpired: err(
      1502,
      401,
      '令牌已过期，请重新登录',
      '權杖已過期，請重新登入',
      'Token expired; please log in again',
      'relogin',
    ),
    tokenInvalid: err(
      1503,
      401,
      '令牌无效，请重新登录',
      '權杖無效，請重新登入',
      'Token invalid; please log in again',
      'relogin',
    ),
    accountDisabled: err(1504, 403, '账号已停用', '帳號已停用', 'The account is disabled'),
    tooManyAttempts: err(
      1505,
      429,
      '登录尝试过多，请稍后再试',
      '登入嘗試過多，請稍後再試',
      'Too many sign-in attempts; try again later',
    ),
    noPermissions: err(
      1507,
      403,
      '该账号没有任何权限，请联系管理员',
      '該帳號沒有任何權限，請聯絡管理員',
      'This account holds no permissions: ask your administrator',
    ),
    badClient: err(1506, 401, '客户端认证失败', '用戶端認證失敗', 'Client authentication failed'),
    wrongOldPassword: err(1514, 400, '原密码错误', '原密碼錯誤', 'The old password is wrong'),
  },
  [family(1501, 1537, '认证或权限错误', '認證或權限錯誤', 'Authentication or permission error')],
);
