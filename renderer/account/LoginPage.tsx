/** /login (spec §2, §4 login, §5 login texts). */
import { Button, Card, makeStyles, Subtitle2, Title3, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { signInForm, type SignInForm } from '../../shared/api/account.js';
import { useOpMutation } from '../bridge.js';
import { zodI18nResolver, type IssueLike } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useRelocalise } from '../app/useRelocalise.js';
import { LanguageSwitcher } from '../app/LanguageSwitcher.js';
import { useReport } from '../app/report.js';
import { startSession } from '../app/session.js';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground3, position: 'relative',
  },
  lang: { position: 'absolute', top: tokens.spacingVerticalL, right: tokens.spacingHorizontalL },
  card: { width: '380px', maxWidth: 'calc(100vw - 32px)', padding: tokens.spacingHorizontalXXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, textAlign: 'center' },
});

/** Spec §5 texts: a bad username is "enter a valid username", a bad (non-empty) password "enter a valid password". */
const loginKey = (issue: IssueLike) => {
  if (issue.path[0] === 'username') return 'validation.username';
  if (issue.path[0] === 'password' && issue.message !== 'validation.passwordRequired') return 'validation.password';
  return undefined;
};

export default function LoginPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const report = useReport();
  const client = useQueryClient();
  const signIn = useOpMutation('session.signIn');
  const form = useForm<SignInForm, unknown, SignInForm>({
    resolver: zodI18nResolver(signInForm, t, loginKey),
    defaultValues: { username: '', password: '' },
    mode: 'onTouched',
  });

  useRelocalise(form);

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
    try {
      startSession(client, await signIn.mutateAsync(values));
    } catch (error) {
      report(error, { context: 'signIn', onFields: showFieldIssues });
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
            <Subtitle2 as="h2">{t('login.title')}</Subtitle2>
          </div>
          <FormInput control={form.control} name="username" label={t('login.username')}
            input={{ autoComplete: 'username', placeholder: t('login.usernamePlaceholder'), 'data-testid': 'login-username' }} />
          <FormInput control={form.control} name="password" label={t('login.password')}
            input={{ type: 'password', autoComplete: 'current-password', placeholder: t('login.passwordPlaceholder'), 'data-testid': 'login-password' }} />
          <Button appearance="primary" type="submit" disabled={busy} data-testid="login-submit">{t('login.submit')}</Button>
        </form>
      </Card>
    </div>
  );
}
