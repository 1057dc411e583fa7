/**
 * /login (spec §2, §4 login, §5 login texts). The username has the focus on
 * arrival. A refusal shows once, in a message bar inside the form, where the
 * eyes are (not as a notification at the window's edge); refused
 * credentials clear the password and put the focus back on it. Too many
 * failed attempts (1505) also say how long to wait.
 */
import { Button, Card, makeStyles, MessageBar, MessageBarBody, Subtitle2, Title3, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { signInForm, type SignInForm } from '../../shared/account/index.js';
import { useOpMutation } from '../bridge.js';
import { SUBMIT_THEN_LIVE, zodI18nResolver, type IssueLike } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useRelocalise } from '../app/useRelocalise.js';
import { LanguageSwitcher } from '../app/LanguageSwitcher.js';
import { useReport } from '../app/report.js';
import { useNotify } from '../app/notify.js';
import { asCallError } from '../app/errors.js';
import { signInSubmitted, startSession } from '../app/session.js';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground3, position: 'relative',
  },
  lang: { position: 'absolute', top: tokens.spacingVerticalL, right: tokens.spacingHorizontalL },
  card: { width: '380px', maxWidth: 'calc(100vw - 32px)', padding: tokens.spacingHorizontalXXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, textAlign: 'center' },
  refusal: { display: 'flex', flexDirection: 'column' },
});

/** Spec §5 "enter a valid password": a password of spaces only is no password, yet not an empty one. */
const loginForm = signInForm.extend({
  password: signInForm.shape.password.refine((p) => p === '' || p.trim() !== '', { message: 'validation.password' }),
});

/** Spec §5 texts: a bad username is "enter a valid username", a bad (non-empty) password "enter a valid password". */
const loginKey = (issue: IssueLike) => {
  if (issue.path[0] === 'username') return 'validation.username';
  if (issue.path[0] === 'password' && issue.message !== 'validation.passwordRequired') return 'validation.password';
  return undefined;
};

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const report = useReport();
  const notify = useNotify();
  const client = useQueryClient();
  const signIn = useOpMutation('session.signIn');
  /** The sign-in limits' wait (1505), in seconds under two minutes, else in whole minutes rounded up. */
  const waitText = (seconds: number) => seconds < 120
    ? t('account.login.retryInSeconds', { n: seconds })
    : t('account.login.retryInMinutes', { n: Math.ceil(seconds / 60) });
  const form = useForm<SignInForm, unknown, SignInForm>({
    resolver: zodI18nResolver(loginForm, t, loginKey),
    defaultValues: { username: '', password: '' },
    ...SUBMIT_THEN_LIVE,
  });

  useRelocalise(form);
  /** The last refusal's texts, shown in the form until the next attempt. */
  const [refusal, setRefusal] = useState<string[] | null>(null);

  const { setFocus } = form;
  useEffect(() => setFocus('username'), [setFocus]);
  // Its texts are in the language it came in: another language drops it.
  useEffect(() => setRefusal(null), [i18n.language]);

  /** The core's own refusal of the input, re-keyed like the form's own issues. */
  const showFieldIssues = (fields: Record<string, string>) => {
    for (const [path, message] of Object.entries(fields)) {
      const key = loginKey({ code: 'server', message, path: [path] }) ?? message;
      form.setError(path as keyof SignInForm, { type: 'server', message: t(key as 'validation.invalid') });
    }
  };

  // Success: the session query changes and the guard goes on to the wanted path or /.
  // Failure: the sign-in rows of the policy table (spec §8 "Sign-in client",
  // §4: no roles → insufficient permission; platformType ≠ 0 → login failed).
  // The form has validated first, so an upstream 400 is the credentials.
  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    signInSubmitted();
    try {
      const user = await signIn.mutateAsync(values);
      startSession(client, user);
      // The owner hears of the wrong passwords given for the account since its last sign-in (issue 36); the time in
      // the browser's own words, as the shared formats would bring their rules into the sign-in page's script.
      if (user.failedSignIns) {
        notify(t('account.login.failedAttempts', { count: user.failedSignIns.count, time: user.failedSignIns.lastAt ? new Date(user.failedSignIns.lastAt).toLocaleString(i18n.language) : '' }), { intent: 'warning', timeout: 15_000 });
      }
    } catch (error) {
      report(error, {
        context: 'signIn',
        onFields: showFieldIssues,
        inline: ({ texts, rule }) => {
          const wait = asCallError(error).retryAfter;
          setRefusal(wait === undefined ? texts : [...texts, waitText(wait)]);
          if (rule !== 'signInBadCredentials') return;
          // A wrong password is not typed again on top of itself.
          form.resetField('password');
          form.setFocus('password');
        },
      });
    }
  });

  const busy = form.formState.isSubmitting;
  return (
    <div className={styles.page}>
      <div className={styles.lang}><LanguageSwitcher /></div>
      <Card className={styles.card}>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <div className={styles.head}>
            <Title3 as="h1">{t('app.title')}</Title3>
            <Subtitle2 as="h2">{t('account.login.title')}</Subtitle2>
          </div>
          {refusal && refusal.length > 0 && (
            <MessageBar intent="error" politeness="assertive" data-testid="login-error">
              <MessageBarBody className={styles.refusal}>
                {refusal.map((text) => <span key={text}>{text}</span>)}
              </MessageBarBody>
            </MessageBar>
          )}
          <FormInput control={form.control} name="username" label={t('account.login.username')}
            input={{ autoComplete: 'username', placeholder: t('account.login.usernamePlaceholder'), 'data-testid': 'login-username' }} />
          <FormInput control={form.control} name="password" label={t('account.login.password')}
            input={{ type: 'password', autoComplete: 'current-password', placeholder: t('account.login.passwordPlaceholder'), 'data-testid': 'login-password' }} />
          <Button appearance="primary" type="submit" disabled={busy} data-testid="login-submit">{t('account.login.submit')}</Button>
        </form>
      </Card>
    </div>
  );
}
