/**
 * The error catalogue of spec §8: code → message (zh-CN, zh-TW, en) →
 * client policy. One table for server, core and renderer.
 */
export type Lang = 'zh-CN' | 'zh-TW' | 'en';
export const LANGS: readonly Lang[] = ['zh-CN', 'zh-TW', 'en'];
type Texts = Readonly<Record<Lang, string>>;

/**
 * What the console does with a body code (spec §8 "Response handling"):
 * - `reset`: notify, then after RESET_DELAY_MS clear the token and go to the root;
 * - `relogin`: the re-login message, then the same reset;
 * - `notify`: a notification only;
 * - `silent`: nothing.
 */
export type Policy = 'reset' | 'relogin' | 'notify' | 'silent';

/** Spec §9 constants. */
export const NOTIFY_MS = 2000;
export const NOTIFY_LONG_MS = 5000;
export const RESET_DELAY_MS = 1000;

export interface ErrorEntry { texts: Texts; policy: Policy }

const e = (policy: Policy, zhCN: string, zhTW: string, en: string): ErrorEntry =>
  ({ policy, texts: { 'zh-CN': zhCN, 'zh-TW': zhTW, en } });

/** Codes with their own text. Codes 1501–1503 are token failures and act like 401. */
export const ERRORS: Readonly<Record<number, ErrorEntry>> = {
  400: e('reset', '请求错误', '請求錯誤', 'Bad request'),
  401: e('relogin', '请重新登录', '請重新登入', 'Please log in again'),
  403: e('reset', '拒绝访问', '拒絕訪問', 'Access denied'),
  404: e('reset', '请求的资源不存在', '請求的資源不存在', 'Resource not found'),
  502: e('reset', '服务器错误', '伺服器錯誤', 'Server error'),
  503: e('reset', '服务不可用', '服務不可用', 'Service unavailable'),
  1301: e('notify', '操作失败', '操作失敗', 'Operation failed'),
  1102: e('silent', '数据未变化', '資料未變化', 'Nothing changed'),
  902: e('notify', '设备离线', '設備離線', 'The device is offline'),
  903: e('notify', '设备已锁定', '設備已鎖定', 'The device is locked'),
  904: e('notify', '设备未激活', '設備未啟用', 'The device is not activated'),
  905: e('notify', '设备已回收', '設備已回收', 'The device has been recycled'),
  920: e('notify', '退款金额超过实付金额', '退款金額超過實付金額', 'The refund exceeds the amount paid'),
  926: e('notify', '未支付订单不能退款', '未支付訂單不能退款', 'An unpaid order cannot be refunded'),
  940: e('notify', '库存不足', '庫存不足', 'Insufficient stock'),
  977: e('notify', '数据量过大，不支持实时下载，请使用邮件导出', '資料量過大，不支援即時下載，請使用郵件匯出', 'Too many rows for a real-time download; export by e-mail instead'),
  982: e('notify', '已超过退款期限', '已超過退款期限', 'The refund period has passed'),
  1201: e('notify', '设备不存在', '設備不存在', 'Device not found'),
  1401: e('notify', '租户不存在', '租戶不存在', 'Tenant not found'),
  1402: e('notify', '请先选择租户', '請先選擇租戶', 'Choose a tenant first'),
  1410: e('notify', '点位不存在', '點位不存在', 'Point not found'),
  1411: e('notify', '点位下有设备，不能删除', '點位下有設備，不能刪除', 'Cannot delete a point that has devices'),
  1412: e('notify', '设备已绑定到其他点位', '設備已綁定到其他點位', 'The device is bound to another point'),
  1413: e('notify', '设备与点位不属于同一租户', '設備與點位不屬於同一租戶', 'The device and the point belong to different tenants'),
  1414: e('notify', '设备未绑定到该点位', '設備未綁定到該點位', 'The device is not bound to this point'),
  1501: e('relogin', '缺少令牌，请重新登录', '缺少權杖，請重新登入', 'Token missing; please log in again'),
  1502: e('relogin', '令牌已过期，请重新登录', '權杖已過期，請重新登入', 'Token expired; please log in again'),
  1503: e('relogin', '令牌无效，请重新登录', '權杖無效，請重新登入', 'Token invalid; please log in again'),
  1504: e('notify', '账号已停用', '帳號已停用', 'The account is disabled'),
  1505: e('notify', '登录尝试过多，请稍后再试', '登入嘗試過多，請稍後再試', 'Too many sign-in attempts; try again later'),
  1506: e('notify', '客户端认证失败', '用戶端認證失敗', 'Client authentication failed'),
  1514: e('notify', '原密码错误', '原密碼錯誤', 'The old password is wrong'),
  3436: e('notify', '分组已绑定优惠活动，不能删除', '分組已綁定優惠活動，不能刪除', 'A group bound to a discount cannot be deleted'),
  3437: e('notify', '结束时间不能早于当前时间', '結束時間不能早於目前時間', 'The end time cannot be before now'),
};

/** Code families of spec §8; a code without its own text shows its family's. */
export const FAMILIES: readonly { from: number; to: number; entry: ErrorEntry }[] = [
  { from: 701, to: 708, entry: e('notify', '微信用户或登录错误', '微信用戶或登入錯誤', 'WeChat user or sign-in error') },
  { from: 801, to: 820, entry: e('notify', '企业客户操作错误', '企業客戶操作錯誤', 'Enterprise customer error') },
  { from: 901, to: 989, entry: e('notify', '订单、支付或退款错误', '訂單、支付或退款錯誤', 'Order, payment or refund error') },
  { from: 1101, to: 1111, entry: e('notify', '分类或商品错误', '分類或商品錯誤', 'Category or product error') },
  { from: 1201, to: 1210, entry: e('notify', '设备错误', '設備錯誤', 'Device error') },
  { from: 1401, to: 1459, entry: e('notify', '设备、租户、点位或补货错误', '設備、租戶、點位或補貨錯誤', 'Device, tenant, point or replenishment error') },
  { from: 1501, to: 1537, entry: e('notify', '认证或权限错误', '認證或權限錯誤', 'Authentication or permission error') },
  { from: 1701, to: 1714, entry: e('notify', '固件错误（最多 100 个升级包）', '韌體錯誤（最多 100 個升級包）', 'Firmware error (at most 100 packages)') },
  { from: 1801, to: 1829, entry: e('notify', '设备型号或模块错误', '設備型號或模組錯誤', 'Device model or module error') },
  { from: 1900, to: 1920, entry: e('notify', '联动分组或固件推送错误', '聯動分組或韌體推送錯誤', 'Linkage group or firmware push error') },
  { from: 2201, to: 2207, entry: e('notify', '文件错误', '檔案錯誤', 'File error') },
  { from: 2301, to: 2305, entry: e('notify', '令牌错误', '權杖錯誤', 'Token error') },
  { from: 2401, to: 2405, entry: e('notify', '消息错误', '訊息錯誤', 'Message error') },
  { from: 2701, to: 2711, entry: e('notify', '小程序应用错误', '小程式應用錯誤', 'Mini-program application error') },
  { from: 2800, to: 2837, entry: e('notify', '商品分类、属性、配方或定制错误', '商品分類、屬性、配方或客製錯誤', 'Product category, attribute, recipe or customisation error') },
  { from: 3001, to: 3006, entry: e('notify', '存储错误', '儲存錯誤', 'Storage error') },
  { from: 3402, to: 3437, entry: e('notify', '优惠或分组错误', '優惠或分組錯誤', 'Discount or group error') },
  { from: 3501, to: 3525, entry: e('notify', '场景错误', '場景錯誤', 'Scene error') },
  { from: 3701, to: 3705, entry: e('notify', '短视频小程序错误', '短影音小程式錯誤', 'Short-video mini-program error') },
  { from: 4501, to: 4508, entry: e('notify', '设备型号或商品错误', '設備型號或商品錯誤', 'Device model or product error') },
];

/** Spec §8 "unknown: try again later". */
export const UNKNOWN: ErrorEntry = e('notify', '请稍后再试', '請稍後再試', 'Please try again later');

/** The entry of a code with a text of its own or of its family. */
export function knownEntry(code: number): ErrorEntry | undefined {
  return ERRORS[code] ?? FAMILIES.find((f) => code >= f.from && code <= f.to)?.entry;
}

/** The entry for a body code: its own, else its family's, else unknown. */
export const errorEntry = (code: number): ErrorEntry => knownEntry(code) ?? UNKNOWN;

/** Codes the server answers with; named so handlers never write bare numbers. */
export const CODE = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  serverError: 502,
  unavailable: 503,
  operationFailed: 1301,
  deviceNotFound: 1201,
  tenantNotFound: 1401,
  tenantRequired: 1402,
  pointNotFound: 1410,
  pointHasDevices: 1411,
  deviceBoundElsewhere: 1412,
  deviceOtherTenant: 1413,
  deviceNotOnPoint: 1414,
  tokenMissing: 1501,
  tokenExpired: 1502,
  tokenInvalid: 1503,
  accountDisabled: 1504,
  tooManyAttempts: 1505,
  badClient: 1506,
  wrongOldPassword: 1514,
} as const;

/** The shape every failed call takes on its way to the renderer. */
export interface CallError {
  /**
   * Where the refusal came from: the upstream's answer (apply the §8 policy),
   * the console itself (its own input check or session rule; never resets the
   * session by code), or the network (unreachable, time-out: "try again later").
   */
  source: 'upstream' | 'local' | 'network';
  code: number;
  message?: string;
  /** HTTP status of the upstream answer; 0 when none came. */
  status: number;
  /** Field issues of a refused input: path → i18n key. */
  fields?: Record<string, string>;
  /**
   * An upstream answer without a body code: `code` repeats the HTTP status,
   * and the HTTP-status rules of §8 apply instead of the body-code rules.
   */
  httpOnly?: true;
}

/**
 * Messages of the console's own refusals (`source: 'local'`). The renderer
 * localises by code and rule, never by these texts; the session rules of the
 * policy below recognise sign-in refusals by them.
 */
export const LOCAL = {
  unknownOp: 'unknown operation',
  invalidInput: 'invalid input',
  notCallable: 'operation not callable',
  noSession: 'not signed in',
  loginFailed: 'login failed',
  noPermission: 'insufficient permission',
  invalidOutput: 'invalid output',
  internal: 'internal error',
} as const;

/** Local code for "no session": the token-missing code of spec §8. */
export const NO_SESSION = CODE.tokenMissing;

// ---------------------------------------------------------------------------
// Response handling (spec §8, §4 login, §9 durations): ONE table, ONE pure
// decision function. The renderer only executes the decision
// (renderer/app/report.tsx).
// ---------------------------------------------------------------------------

/** Where a failure happened: any call, or the sign-in (spec §8 "Sign-in client"). */
export type FailureContext = 'call' | 'signIn';

/**
 * Where a notification's text comes from, tried in order until one applies:
 * - `code`: the catalogue text of the body code (its own or its family's);
 * - `relogin`: the re-login text (the code's own when it is a token code, else 401's);
 * - `server`: the upstream's own non-blank message;
 * - `fallback`: the screen's own failure text ('binding failed'), when it gave one;
 * - `error`: the UI text 'Error' (errorsUi.error);
 * - `tryLater`: the UI text 'try again later' (common.tryLater);
 * - a UI catalogue key (always applies).
 */
export type TextSource = 'code' | 'relogin' | 'server' | 'fallback' | 'error' | 'tryLater' | UiMessageKey;
export type UiMessageKey = 'errorsUi.noPermission' | 'errorsUi.profileFailed' | 'login.badCredentials' | 'login.failed';

export interface NoticeRule {
  text: readonly TextSource[];
  timeout: number;
}

export interface Rule {
  /** The row of spec §8 / §4 it implements (for the reader and the tests). */
  spec: string;
  /** Notifications, in order (error intent); none for silent rows. */
  notices: readonly NoticeRule[];
  /** After RESET_DELAY_MS the session ends and the user is at the root (= sign-in). */
  reset: boolean;
  /**
   * With `reset`: the console asks main to sign out (revoke and clear the
   * token). False where main has already dropped the session (a failed
   * sign-in, no session at all), so a newer sign-in is never ended by it.
   */
  revoke: boolean;
  /** Go back one page. */
  back: boolean;
}

const row = (spec: string, notices: readonly NoticeRule[], flags: Partial<Pick<Rule, 'reset' | 'revoke' | 'back'>> = {}): Rule => ({
  spec,
  notices,
  reset: flags.reset ?? false,
  revoke: flags.revoke ?? flags.reset ?? false,
  back: flags.back ?? false,
});
const notice = (text: readonly TextSource[], timeout: number = NOTIFY_MS): NoticeRule => ({ text, timeout });

/**
 * The policy table. Precedence (see `decide`): network, then local refusals,
 * then the sign-in rows (sign-in only), then HTTP-status rows (answers with
 * no body code, and HTTP 403 whose body says 403 too), then body-code rows.
 */
export const RULES = {
  // --- no answer ---
  network: row('network failure or time-out: "try again later"', [notice(['tryLater'], NOTIFY_LONG_MS)]),

  // --- body code (checked even on HTTP 200/202) ---
  bodyReset: row('body 400/403/404/502/503: localised, else server message, else "Error"; after 1 s clear the token and go to the root',
    [notice(['code', 'server', 'error'])], { reset: true }),
  bodyForbidden: row('body 403 (same as bodyReset, shown 5 s: a permission error)', [notice(['code', 'server', 'error'], NOTIFY_LONG_MS)], { reset: true }),
  bodyRelogin: row('body 401 (and token codes 1501-1503): re-login message, same reset', [notice(['relogin'])], { reset: true }),
  bodyNotify: row('body 1301 and every other code with a text: notification only', [notice(['code'])]),
  bodyUnknown: row('a code without a text: the screen\'s text, else server message, else "try again later" (5 s: unknown)',
    [notice(['fallback', 'server', 'tryLater'], NOTIFY_LONG_MS)]),
  bodySilent: row('body 1102: silent', []),

  // --- HTTP status without a body code ---
  httpForbidden: row('HTTP 403: insufficient permission for 5 s, back one page', [notice(['errorsUi.noPermission'], NOTIFY_LONG_MS)], { back: true }),
  httpUnauthorized: row('HTTP 401: re-login message and reset', [notice(['relogin'])], { reset: true }),
  httpOther: row('other HTTP errors: "try again later"', [notice(['tryLater'], NOTIFY_LONG_MS)]),

  // --- sign-in client (main has already cleared the token) ---
  signInBadCredentials: row('sign-in, body 400: check password or account; reset', [notice(['login.badCredentials'])], { reset: true, revoke: false }),
  signInServer: row('sign-in, body 403/404/502/503/1301: server message; reset', [notice(['server', 'code', 'error'])], { reset: true, revoke: false }),
  signInUnavailable: row('sign-in, HTTP 503: server message, profile retrieval failed, stored login cleared',
    [notice(['server', 'code', 'tryLater']), notice(['errorsUi.profileFailed'])], { reset: true, revoke: false }),
  signInNoPermission: row('sign-in, no roles and no powers: insufficient permission (error, 5 s); token reset after 1 s',
    [notice(['errorsUi.noPermission'], NOTIFY_LONG_MS)], { reset: true, revoke: false }),
  signInFailed: row('sign-in refused by the console (platformType not 0): login failed; token cleared', [notice(['login.failed'])], { reset: true, revoke: false }),

  // --- the console's own refusals: never a reset by code ---
  localFields: row('local input refusal: field issues on the form, no notification', []),
  localNoSession: row('no session in main (ended elsewhere): re-login message, back to sign-in', [notice(['relogin'])], { reset: true, revoke: false }),
  localOther: row('other local refusal: its code text, else the screen\'s, else "try again later"', [notice(['code', 'fallback', 'tryLater'], NOTIFY_LONG_MS)]),
} as const satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;

/** A resolved text: a catalogue code, the server's words, the screen's fallback, or a UI key. */
export type Message =
  | { kind: 'code'; code: number }
  | { kind: 'server'; text: string }
  | { kind: 'fallback' }
  | { kind: 'key'; key: UiMessageKey | 'errorsUi.error' | 'common.tryLater' };

export interface Notice { message: Message; timeout: number }

/** What the console does about one failure. */
export interface Decision {
  rule: RuleName;
  notices: Notice[];
  reset: boolean;
  revoke: boolean;
  back: boolean;
  /** Field issues for the form (path → i18n key): a local input refusal. */
  fields?: Record<string, string>;
}

/** Body codes the sign-in client answers with the server's message (spec §8). */
const SIGN_IN_SERVER_CODES: ReadonlySet<number> = new Set([CODE.forbidden, CODE.notFound, CODE.serverError, CODE.unavailable, CODE.operationFailed]);
const TOKEN_CODES: ReadonlySet<number> = new Set([CODE.unauthorized, CODE.tokenMissing, CODE.tokenExpired, CODE.tokenInvalid]);

/** Which row of the table applies. */
export function ruleOf(error: CallError, context: FailureContext = 'call'): RuleName {
  if (error.source === 'network') return 'network';

  if (error.source === 'local') {
    if (error.fields && Object.keys(error.fields).length > 0) return 'localFields';
    if (context === 'signIn' && error.message === LOCAL.noPermission) return 'signInNoPermission';
    if (context === 'signIn' && error.message === LOCAL.loginFailed) return 'signInFailed';
    if (error.code === NO_SESSION && error.message === LOCAL.noSession) return 'localNoSession';
    return 'localOther';
  }

  const body = !error.httpOnly;
  if (context === 'signIn') {
    if (error.status === CODE.unavailable && (!body || error.code === CODE.unavailable)) return 'signInUnavailable';
    if (body && error.code === CODE.badRequest) return 'signInBadCredentials';
    if (body && SIGN_IN_SERVER_CODES.has(error.code)) return 'signInServer';
  }

  // An HTTP 403 whose body says 403 as well is an HTTP-level refusal: the
  // user lacks a right, which §6 answers with the insufficient-permission
  // message, not with the end of the session.
  if (!body || (error.status === CODE.forbidden && error.code === CODE.forbidden)) {
    if (error.status === CODE.forbidden) return 'httpForbidden';
    if (error.status === CODE.unauthorized) return 'httpUnauthorized';
    return 'httpOther';
  }

  const entry = knownEntry(error.code);
  switch (entry?.policy) {
    case 'reset':
      return error.code === CODE.forbidden ? 'bodyForbidden' : 'bodyReset';
    case 'relogin':
      return 'bodyRelogin';
    case 'silent':
      return 'bodySilent';
    case 'notify':
      return 'bodyNotify';
    default:
      return 'bodyUnknown';
  }
}

const blank = (s: string | undefined): s is undefined => s === undefined || s.trim() === '';

/** The first source of a notice that applies to this failure. */
function resolveText(sources: readonly TextSource[], error: CallError, hasFallback: boolean): Message {
  for (const source of sources) {
    switch (source) {
      case 'code':
        if (knownEntry(error.code)) return { kind: 'code', code: error.code };
        break;
      case 'relogin':
        return { kind: 'code', code: TOKEN_CODES.has(error.code) && error.source === 'upstream' ? error.code : CODE.unauthorized };
      case 'server':
        if (error.source === 'upstream' && !blank(error.message)) return { kind: 'server', text: error.message };
        break;
      case 'fallback':
        if (hasFallback) return { kind: 'fallback' };
        break;
      case 'error':
        return { kind: 'key', key: 'errorsUi.error' };
      case 'tryLater':
        return { kind: 'key', key: 'common.tryLater' };
      default:
        return { kind: 'key', key: source };
    }
  }
  return { kind: 'key', key: 'common.tryLater' };
}

export interface DecideOptions {
  context?: FailureContext;
  /** The screen has its own failure text for codes without one. */
  hasFallback?: boolean;
}

/** Spec §8: what to show, for how long, and whether to reset or go back. Pure. */
export function decide(error: CallError, { context = 'call', hasFallback = false }: DecideOptions = {}): Decision {
  const name = ruleOf(error, context);
  const rule: Rule = RULES[name];
  const decision: Decision = {
    rule: name,
    notices: rule.notices.map((n) => ({ message: resolveText(n.text, error, hasFallback), timeout: n.timeout })),
    reset: rule.reset,
    revoke: rule.revoke,
    back: rule.back,
  };
  if (name === 'localFields' && error.fields) decision.fields = error.fields;
  return decision;
}
