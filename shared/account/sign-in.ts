/**
 * The sign-in form's rules without zod (spec §5 login texts): the sign-in
 * page loads before anything else, and zod would be a fifth of its script.
 * The username follows the one account-name rule (name.ts). `signInForm` (api.ts) is built on the same limits, and
 * tests/shared/account/sign-in.test.ts checks that both agree on any input.
 */

import { isAccountName } from './name.js';

/** No length or strength rule is shown by the spec; 64 bounds the hash input. */
export const PASSWORD_MAX = 64;

export interface SignInValues {
  username: string;
  password: string;
}

/** The texts the sign-in page shows for its fields: any bad username is "enter a valid username", a bad non-empty password "enter a valid password". */
export type SignInIssue = 'validation.username' | 'validation.password' | 'validation.passwordRequired';

/** The first issue of each field, or none; the username is taken trimmed, as it is sent. */
export function signInIssues({ username, password }: SignInValues): { username?: SignInIssue; password?: SignInIssue } {
  const name = username.trim();
  const issues: { username?: SignInIssue; password?: SignInIssue } = {};
  if (!isAccountName(name)) issues.username = 'validation.username';
  if (password === '') issues.password = 'validation.passwordRequired';
  // A password of spaces only is no password, yet not an empty one.
  else if (password.length > PASSWORD_MAX || password.trim() === '') issues.password = 'validation.password';
  return issues;
}
