/**
 * The two fields every form that makes an account asks (a distributor, a
 * member, an enterprise account): its name, and its first or reset password —
 * with the rules as their hints (withPasswordRule checks the password against
 * the name), and the browser told not to fill in the signed-in user's own.
 */
import type { FieldPath, FieldValues, Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NAME_MAX } from '../../shared/account/index.js';
import { FormInput } from '../app/FormInput.js';

interface AccountInputProps<T extends FieldValues> {
  control: Control<T>;
  label: string;
  testId: string;
}

/** The form's `username`: the account name rule as its hint unless the form states its own. */
export function AccountNameInput<T extends FieldValues>({
  control,
  label,
  hint,
  testId,
}: AccountInputProps<T> & { hint?: string }) {
  const { t } = useTranslation();
  return (
    <FormInput
      control={control}
      name={'username' as FieldPath<T>}
      label={label}
      hint={hint ?? t('account.validation.accountName')}
      input={{ maxLength: ACCOUNT_NAME_MAX, autoComplete: 'off', 'data-testid': testId }}
    />
  );
}

/** The form's `password`, a new one. */
export function NewPasswordInput<T extends FieldValues>({ control, label, testId }: AccountInputProps<T>) {
  const { t } = useTranslation();
  return (
    <FormInput
      control={control}
      name={'password' as FieldPath<T>}
      label={label}
      hint={t('account.validation.passwordRule')}
      input={{ type: 'password', autoComplete: 'new-password', 'data-testid': testId }}
    />
  );
}

/**
 * A new account's name and first password, side by side as every form that
 * makes one asks them (a distributor, a member, an enterprise account): test
 * ids `<testId>-username` and `<testId>-password`, labels the form's own.
 */
export function NewAccountInputs<T extends FieldValues>({
  control,
  labels,
  usernameHint,
  testId,
}: {
  control: Control<T>;
  labels: { username: string; password: string };
  usernameHint?: string;
  testId: string;
}) {
  return (
    <>
      <AccountNameInput
        control={control}
        label={labels.username}
        {...(usernameHint === undefined ? {} : { hint: usernameHint })}
        testId={`${testId}-username`}
      />
      <NewPasswordInput control={control} label={labels.password} testId={`${testId}-password`} />
    </>
  );
}
