/**
 * The account-name rule, one for every account kind and for sign-in (issue
 * 48: the member form saved `xunjian_01`, which sign-in then refused). Kept
 * without zod, as sign-in.ts is: the sign-in page checks it before anything
 * else loads. `accountName` (api.ts) builds the schema every create form uses
 * on it; tests/server/account/account-names.test.ts creates an account of
 * every kind with the widest name the rule allows and signs in with it.
 */

/** 4–32 letters, digits or underscores. */
export const ACCOUNT_NAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const ACCOUNT_NAME_MIN = 4;
export const ACCOUNT_NAME_MAX = 32;

/**
 * Spec §5 "Tenant username digits and letters only": a distributor's account
 * narrows the rule (no underscore), so it is always a name sign-in accepts.
 */
export const TENANT_ACCOUNT_NAME_PATTERN = /^[A-Za-z0-9]+$/;

/** Whether a name (taken trimmed, as every form sends it) follows the rule. */
export function isAccountName(name: string): boolean {
  const n = name.trim();
  return n.length >= ACCOUNT_NAME_MIN && n.length <= ACCOUNT_NAME_MAX && ACCOUNT_NAME_PATTERN.test(n);
}
