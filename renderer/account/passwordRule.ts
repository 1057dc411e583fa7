/**
 * The console's half of the password rule (shared/account/password-rule.ts):
 * the schema checks its length; this checks, beside the schema, that a new
 * password is not the account's name nor a common one. The common list is
 * loaded the first time a password is checked — its own chunk, never in the
 * sign-in page's script or a list's.
 */
import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { commonLookup, passwordProblem, type PasswordProblem } from '../../shared/account/index.js';

let lookup: Promise<(lowercased: string) => boolean> | undefined;
const commonPasswords = () =>
  (lookup ??= import('@zxcvbn-ts/language-common/dist/passwords.json.mjs').then((m) => commonLookup(m.default)));

/** What the rule says of a password for `accountName`, or null. */
async function passwordRuleProblem(password: string, accountName: string | undefined): Promise<PasswordProblem | null> {
  return passwordProblem(password, accountName, await commonPasswords());
}

/**
 * A form's resolver with the rule on its `field`: where the schema found
 * nothing wrong with the password, the rule is asked too, whatever else the
 * form still lacks, so every problem shows at once.
 */
export function withPasswordRule<V extends FieldValues, C, O>(
  resolver: Resolver<V, C, O>,
  t: TFunction,
  accountName: (values: V) => string | undefined,
  field = 'password',
): Resolver<V, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const password = (values as Record<string, unknown>)[field];
    if (typeof password !== 'string' || password === '' || (result.errors as Record<string, unknown>)[field])
      return result;
    const problem = await passwordRuleProblem(password, accountName(values));
    if (!problem) return result;
    const errors = { ...result.errors, [field]: { type: 'passwordRule', message: t(problem) } } as FieldErrors<V>;
    return { values: {}, errors };
  };
}
