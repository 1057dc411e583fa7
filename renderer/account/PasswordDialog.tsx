/**
 * The password dialog (spec §4, §5, §6): old password (not asked of system
 * admin and members), new password and its confirmation, checked on blur.
 * The call depends on the role (shared/password.ts). Success: a 2 s
 * notification ("log in again"), then the session ends and the user is at /.
 * A refusal (1514 wrong old password, …) goes through the common error path;
 * the dialog stays open with what was typed.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/errors.js';
import { asksOldPassword, passwordForm, passwordRequest, type PasswordFormValues } from '../../shared/password.js';
import { callOp } from '../bridge.js';
import { zodI18nResolver, type IssueLike } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useNotify } from '../app/notify.js';
import { useReport, useScheduleEnd } from '../app/report.js';
import { useUser } from '../app/session.js';
import { useRelocalise } from '../app/useRelocalise.js';
import { errorEntry, NOTIFY_MS } from '../../shared/errors.js';
import { currentLang } from '../i18n/index.js';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The form's own messages are keys of the `password` group. */
const passwordKey = (issue: IssueLike) => (issue.message.startsWith('password.') ? issue.message : undefined);

const EMPTY: PasswordFormValues = { oldPassword: '', password: '', confirm: '' };

export interface PasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

export function PasswordDialog({ open, onClose }: PasswordDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const user = useUser();
  const notify = useNotify();
  const report = useReport();
  const scheduleEnd = useScheduleEnd();
  const askOld = asksOldPassword(user.roleKind);
  const [schema] = useState(() => passwordForm(askOld));
  const form = useForm<PasswordFormValues, unknown, PasswordFormValues>({
    resolver: zodI18nResolver(schema, t, passwordKey),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  useRelocalise(form);

  const close = () => {
    form.reset(EMPTY);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const request = passwordRequest(user, values);
    if (!request) return;
    try {
      await callOp(request.op, request.input as never);
    } catch (error) {
      // Spec §8: the common path shows the code's text (1514: wrong old password).
      report(error);
      const e = error as { source?: string; code?: number };
      if (e.source === 'upstream' && e.code === CODE.wrongOldPassword) {
        form.setError('oldPassword', { type: 'server', message: errorEntry(CODE.wrongOldPassword).texts[currentLang()] });
      }
      return;
    }
    notify(t('password.success'), { intent: 'success', timeout: NOTIFY_MS });
    form.reset(EMPTY);
    onClose();
    // Spec §4/§5: signed out after success; the notification shows its 2 s first.
    scheduleEnd(NOTIFY_MS);
  });

  const busy = form.formState.isSubmitting;
  return (
    <Dialog open={open} onOpenChange={(_e, data) => !data.open && !busy && close()} modalType="modal">
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={onSubmit} noValidate data-testid="password-dialog">
          <DialogBody>
            <DialogTitle>{t('password.title')}</DialogTitle>
            <DialogContent className={styles.form}>
              {askOld && (
                <FormInput control={form.control} name="oldPassword" label={t('password.old')}
                  input={{ type: 'password', autoComplete: 'current-password', placeholder: t('password.oldPlaceholder'), 'data-testid': 'password-old' }} />
              )}
              <FormInput
                control={form.control}
                name="password"
                label={t('password.new')}
                // A confirmation already given is checked again against the new value.
                onBlur={() => {
                  if (form.getFieldState('confirm').isTouched) void form.trigger('confirm');
                }}
                input={{ type: 'password', autoComplete: 'new-password', placeholder: t('password.newPlaceholder'), 'data-testid': 'password-new' }}
              />
              <FormInput control={form.control} name="confirm" label={t('password.confirm')}
                input={{ type: 'password', autoComplete: 'new-password', placeholder: t('password.confirmPlaceholder'), 'data-testid': 'password-confirm' }} />
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={close} disabled={busy} data-testid="password-cancel">{t('common.cancel')}</Button>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="password-submit">{t('password.submit')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
