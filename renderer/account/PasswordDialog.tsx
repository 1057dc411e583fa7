/**
 * The password dialog (spec §4, §5, §6): old password (not asked of system
 * admin and members), new password and its confirmation, checked on blur.
 * A new password equal to the old one is refused by the form (§5). The call
 * depends on the role (shared/account/password.ts). Success: a 2 s
 * notification ("log in again"), then the session ends and the user is at /.
 * A refusal shows once: 1514 (wrong old password) on its field, anything
 * else through the common error path; the dialog stays open with what was
 * typed.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CODE } from '../../shared/domains.js';
import { asksOldPassword, passwordForm, type PasswordFormValues } from '../../shared/account/index.js';
import { passwordRequest } from '../../shared/passwordRequest.js';
import { callOp } from '../bridge.js';
import { codeMessage } from '../app/errors.js';
import { applyFieldErrors, zodI18nResolver, type IssueLike } from '../app/form.js';
import { withPasswordRule } from './passwordRule.js';
import { FormInput } from '../app/FormInput.js';
import { useScheduleEnd } from '../app/report.js';
import { useRelocalise } from '../app/useRelocalise.js';
import { NOTIFY_MS } from '../../shared/errors/policy.js';
import { FormDialog, useScreen } from '../kit/index.js';

/** The form's own messages are keys of the `password` group. */
const passwordKey = (issue: IssueLike) => (issue.message.startsWith('account.password.') ? issue.message : undefined);

const EMPTY: PasswordFormValues = { oldPassword: '', password: '', confirm: '' };

export interface PasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Mounted while open: a dialog opened again starts empty. */
export function PasswordDialog({ open, onClose }: PasswordDialogProps) {
  return open ? <PasswordFormDialog onClose={onClose} /> : null;
}

function PasswordFormDialog({ onClose }: { onClose: () => void }) {
  const { t, notify, report, user } = useScreen();
  const scheduleEnd = useScheduleEnd();
  const askOld = asksOldPassword(user.roleKind);
  const [schema] = useState(() => passwordForm(askOld));
  const form = useForm<PasswordFormValues, unknown, PasswordFormValues>({
    resolver: withPasswordRule(zodI18nResolver(schema, t, passwordKey), t, () => user.username),
    defaultValues: EMPTY,
    // Spec §5: the password fields are checked on blur; their error lines keep their room (`reserveMessage`).
    mode: 'onTouched',
  });
  useRelocalise(form);

  const onSubmit = form.handleSubmit(async (values) => {
    const request = passwordRequest(user, values);
    if (!request) return;
    try {
      await callOp(request.op, request.input as never);
    } catch (error) {
      // A refusal shows once: 1514 (wrong old password) on the field it is
      // about, with what was typed kept; anything else by the common path
      // (spec §8: the code's text as a notification).
      const e = error as { source?: string; code?: number };
      if (askOld && e.source === 'upstream' && e.code === CODE.wrongOldPassword) {
        form.setError(
          'oldPassword',
          { type: 'server', message: codeMessage(CODE.wrongOldPassword) },
          { shouldFocus: true },
        );
      } else {
        // The upstream's password rule (a field error) lands at its field.
        report(error, { onFields: (fields) => applyFieldErrors(fields, form.setError, t) });
      }
      return;
    }
    notify(t('account.password.success'), { intent: 'success', timeout: NOTIFY_MS });
    onClose();
    // Spec §4/§5: signed out after success; the notification shows its 2 s first.
    scheduleEnd(NOTIFY_MS);
  });

  // Read while rendering: react-hook-form only keeps up the parts of formState that the render reads.
  const busy = form.formState.isSubmitting;
  const dirty = form.formState.isDirty;
  return (
    <FormDialog
      title={t('account.password.title')}
      busy={busy}
      dirty={dirty}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      testId="password"
      formTestId="password-dialog"
      submitLabel={t('account.password.submit')}
    >
      {askOld && (
        <FormInput
          control={form.control}
          name="oldPassword"
          reserveMessage
          label={t('account.password.old')}
          // A new password already given is checked again: it must differ from the old one.
          onBlur={() => {
            if (form.getFieldState('password').isTouched) void form.trigger('password');
          }}
          input={{
            type: 'password',
            autoComplete: 'current-password',
            placeholder: t('account.password.oldPlaceholder'),
            'data-testid': 'password-old',
          }}
        />
      )}
      <FormInput
        control={form.control}
        name="password"
        reserveMessage
        label={t('account.password.new')}
        hint={t('account.validation.passwordRule')}
        // A confirmation already given is checked again against the new value.
        onBlur={() => {
          if (form.getFieldState('confirm').isTouched) void form.trigger('confirm');
        }}
        input={{
          type: 'password',
          autoComplete: 'new-password',
          placeholder: t('account.password.newPlaceholder'),
          'data-testid': 'password-new',
        }}
      />
      <FormInput
        control={form.control}
        name="confirm"
        label={t('account.password.confirm')}
        reserveMessage
        input={{
          type: 'password',
          autoComplete: 'new-password',
          placeholder: t('account.password.confirmPlaceholder'),
          'data-testid': 'password-confirm',
        }}
      />
    </FormDialog>
  );
}
