/**
 * The upstream's half of the password rule (shared/account/password-rule.ts):
 * the common list read once, at the first password set, and the refusal at
 * the `password` field. Every write of a password goes through
 * `checkNewPassword` (credentials.ts), so no path sets one the rule refuses.
 */
import passwords from '@zxcvbn-ts/language-common/dist/passwords.json.mjs';
import { commonLookup, passwordProblem } from '../../shared/account/password-rule.js';
import { RequestValidationError } from '../http/errors.js';

let isCommon: ((lowercased: string) => boolean) | undefined;

/** Refuses a password the rule refuses for `accountName`, at the `password` field (400, the rule's key). */
export function checkNewPassword(password: string, accountName: string): void {
  isCommon ??= commonLookup(passwords);
  const problem = passwordProblem(password, accountName, isCommon);
  if (problem) throw new RequestValidationError({ password: problem });
}
