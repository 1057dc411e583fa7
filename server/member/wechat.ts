/**
 * WeChat sign-in through a sandbox provider. In production the upstream
 * would send the mini-program's code to WeChat's `jscode2session` with the
 * tenant's app secret and get the person's openid back. The demo holds no
 * tenant's WeChat credentials, so the sandbox stands in for it with WeChat's rules —
 * a code names one person, lives five minutes and works once — and mints
 * codes the way `wx.login()` would, for the simulator, the demo and the
 * tests (docs/domains/member.md; docs/departures.md says so).
 *
 * A sandbox code is `wxsandbox.<payload>.<signature>`: the payload the
 * openid, an optional nickname and the minute it was issued, signed with the
 * sandbox key so a code cannot be forged by editing it, with a nonce. The
 * phone-number grant (`getPhoneNumber`, exchanged in production through
 * `phonenumber.getPhoneNumber`) is `wxphone.<payload>.<signature>` naming the
 * number, with the same rules.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CODE } from '../../shared/domains.js';
import { WECHAT_CODE_MINUTES } from '../../shared/member/index.js';
import { BizError } from '../http/errors.js';
import { sandboxesOn } from '../manifest.js';

const SANDBOX_KEY = 'vend-wechat-sandbox';
const PREFIX = 'wxsandbox';
/** What `getPhoneNumber` gives the mini-program: a code the upstream exchanges for the person's number. */
const PHONE_PREFIX = 'wxphone';

const sign = (payload: string) => createHmac('sha256', SANDBOX_KEY).update(payload).digest('base64url');

function mint(prefix: string, fields: object, issuedAt = new Date()): string {
  const payload = Buffer.from(
    JSON.stringify({
      ...fields,
      t: issuedAt.getTime(),
      // Every code is another, as WeChat's are, even two for one person in one millisecond.
      r: randomBytes(6).toString('base64url'),
    }),
  ).toString('base64url');
  return `${prefix}.${payload}.${sign(payload)}`;
}

/** What `wx.login()` would give the mini-program of a person: a code for one sign-in. */
export function sandboxCode(openid: string, options: { nickname?: string; issuedAt?: Date } = {}): string {
  return mint(PREFIX, { o: openid, n: options.nickname }, options.issuedAt);
}

/** What WeChat's phone-number grant (`getPhoneNumber`) would give the mini-program of a person holding `phone`. */
export function sandboxPhoneGrant(phone: string, issuedAt?: Date): string {
  return mint(PHONE_PREFIX, { p: phone }, issuedAt);
}

export interface WeChatIdentity {
  openid: string;
  /** The nickname the person shared, if any. */
  nickname?: string;
}

/** A sandbox code's fields: 701 for one that is not one (every code, with the sandboxes off), 702 for one older than five minutes. */
function read(prefix: string, code: string, now: Date): Record<string, unknown> {
  // A production upstream takes no sandbox code: the key that signs them is in this file for anyone to read.
  if (!sandboxesOn()) throw new BizError(CODE.wechatCodeInvalid);
  const [given, payload, signature, ...rest] = code.split('.');
  if (given !== prefix || !payload || !signature || rest.length) throw new BizError(CODE.wechatCodeInvalid);
  const expected = Buffer.from(sign(payload));
  const signed = Buffer.from(signature);
  if (expected.length !== signed.length || !timingSafeEqual(expected, signed))
    throw new BizError(CODE.wechatCodeInvalid);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new BizError(CODE.wechatCodeInvalid);
  }
  const fields = (parsed ?? {}) as Record<string, unknown>;
  const t = fields.t;
  if (typeof t !== 'number') throw new BizError(CODE.wechatCodeInvalid);
  // A code from the future is a forged clock, not a fresh code.
  if (t > now.getTime() + 60_000) throw new BizError(CODE.wechatCodeInvalid);
  if (now.getTime() - t > WECHAT_CODE_MINUTES * 60_000) throw new BizError(CODE.wechatCodeExpired);
  return fields;
}

/** The person a sign-in code names (701, 702 as `read`). */
export function exchangeCode(code: string, now: Date): WeChatIdentity {
  const { o, n } = read(PREFIX, code, now);
  if (typeof o !== 'string' || !/^[\w-]{1,64}$/.test(o)) throw new BizError(CODE.wechatCodeInvalid);
  return { openid: o, ...(typeof n === 'string' && n.trim() ? { nickname: n.trim().slice(0, 32) } : {}) };
}

/** The phone number a phone-number grant names (701, 702 as `read`): WeChat has proven it. */
export function exchangePhoneGrant(grant: string, now: Date): string {
  const { p } = read(PHONE_PREFIX, grant, now);
  if (typeof p !== 'string' || !/^1[3-9]\d{9}$/.test(p)) throw new BizError(CODE.wechatCodeInvalid);
  return p;
}
