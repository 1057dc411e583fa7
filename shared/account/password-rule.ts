/**
 * The password rule for every password set (a distributor was
 * created with "abc"): at least PASSWORD_MIN characters, not the account's
 * own name, not among the commonest passwords. The spec shows no rule (§5 "No
 * length or strength rule shown"); a back office holding payment keys needs
 * one, and the docs list it among the deliberate departures. Passwords set
 * before the rule keep signing in: sign-in checks only the hash.
 *
 * The common list is zxcvbn-ts's (`@zxcvbn-ts/language-common`, ~49 000
 * passwords from leaked sets): the upstream reads it once at its first use
 * (server/account/common-passwords.ts), the console loads it lazily in the
 * chunk of the forms that set a password (renderer/account/passwordRule.ts),
 * so neither the sign-in page nor any list carries it.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_RULE_MAX = 64;

export type PasswordProblem =
  'account.validation.passwordShort' | 'account.validation.passwordIsName' | 'account.validation.passwordCommon';

/** A password compared as people type it: case and surrounding spaces do not make it another. */
const plain = (s: string) => s.trim().toLowerCase();

/**
 * What is wrong with a new password, or null. `accountName`: the account it
 * is for (none: the name is not known yet); `isCommon`: the lookup in the
 * common list, given by each runtime.
 */
export function passwordProblem(
  password: string,
  accountName: string | undefined,
  isCommon: (lowercased: string) => boolean,
): PasswordProblem | null {
  if (password.length < PASSWORD_MIN) return 'account.validation.passwordShort';
  const p = plain(password);
  if (accountName && p === plain(accountName)) return 'account.validation.passwordIsName';
  if (isCommon(p)) return 'account.validation.passwordCommon';
  return null;
}

/** The common list as a lookup: lowercased, only what PASSWORD_MIN lets through (shorter ones are refused anyway). */
export function commonLookup(list: readonly string[]): (lowercased: string) => boolean {
  const set = new Set<string>();
  for (const entry of list) if (entry.length >= PASSWORD_MIN) set.add(entry.toLowerCase());
  return (p) => set.has(p);
}
