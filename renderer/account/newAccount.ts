/**
 * The form of a dialog that makes an account (a distributor, a member, an
 * enterprise account; the server's side is server/account/accounts.ts): the
 * upstream's own schema checked on submit then as typed, the password rule
 * beside it against the account name typed, and a name already taken shown
 * at the account name's field, not as a toast.
 */
import type { DefaultValues, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { CODE } from '../../shared/domains.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useScreen } from '../kit/index.js';
import { withPasswordRule } from './passwordRule.js';

/** What useDialogSave shows at a field for a refusal: the account name taken. */
export const NEW_ACCOUNT_FIELD_CODES: Readonly<Record<number, string>> = { [CODE.usernameTaken]: 'username' };

/** `V`: the form's values, the schema's input (the callers' schemas are concrete; the generic one is not, hence the cast). */
export function useNewAccountForm<V extends FieldValues & { username: string }>(
  schema: z.ZodType<FieldValues, FieldValues>,
  defaultValues: DefaultValues<V>,
) {
  const { t } = useScreen();
  const resolver = zodI18nResolver(schema, t) as unknown as Resolver<V, unknown, V>;
  return useConsoleForm<V>({ resolver: withPasswordRule(resolver, t, (v) => v.username), defaultValues });
}
