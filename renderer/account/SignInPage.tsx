/**
 * /login (spec §2, §4 login, §5 login texts), as the page a signed-out user
 * meets first: plain elements drawn with the console theme's colours
 * (signIn.css), React and i18next but no router, Fluent, zod or query cache,
 * so the page stays a small script (`npm run bench:bundle`); the
 * console's chunks load in the background meanwhile (renderer/main.tsx).
 * The username has the focus on arrival. Fields are checked on submit, then
 * as they change. A refusal shows once, in a message bar inside the form,
 * where the eyes are; refused credentials clear the password and put the
 * focus back on it. Too many failed attempts (1505) also say how long to wait.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signInIssues, type SignInIssue, type SignInValues } from '../../shared/account/sign-in.js';
import type { SessionUser } from '../../shared/ipc.js';
import { NOTIFY_MS } from '../../shared/errors/policy.js';
import { asCallError, present } from '../app/errors.js';
import { LanguageMenu } from '../app/LanguageMenu.js';
import { noticeLater } from '../app/notices.js';
import { currentLang } from '../i18n/index.js';
import { useIsDark } from '../shell/dark.js';
import { DEFAULT_THEME, PREFS_STORAGE_KEY, PRESETS_DRAWN } from '../shell/presets.js';
import type { Appearance } from '../shell/settings.js';
import { rawCall } from '../transport.js';
import './signIn.css';

export interface SignInPageProps {
  /** Signed in: the console takes over (the page's part ends here). */
  onSignedIn: (user: SessionUser) => void;
  /** The submit, before the core answers: the console's chunks may start loading. */
  onSubmitted?: () => void;
}

type Field = keyof SignInValues;
type Issues = Partial<Record<Field, SignInIssue>>;

/** The stored shell preferences' colour and appearance (renderer/shell/prefs.tsx), read leniently: the page looks like the console the user left. */
function storedLook(): { brand: string; appearance: Appearance } {
  let stored: { theme?: unknown; appearance?: unknown } = {};
  try {
    stored = JSON.parse(localStorage.getItem(PREFS_STORAGE_KEY) ?? '{}') as typeof stored;
  } catch {
    // unreadable or unavailable: the defaults
  }
  const preset = typeof stored.theme === 'string' ? PRESETS_DRAWN[stored.theme.toUpperCase()] : undefined;
  const appearance = stored.appearance === 'dark' || stored.appearance === 'light' ? stored.appearance : 'system';
  return { brand: (preset ?? PRESETS_DRAWN[DEFAULT_THEME.toUpperCase()]!)[0], appearance };
}

export function SignInPage({ onSignedIn, onSubmitted }: SignInPageProps) {
  const { t, i18n } = useTranslation();
  const [look] = useState(storedLook);
  // The OS's choice followed live, as the console does.
  const dark = useIsDark(look.appearance);
  const [values, setValues] = useState<SignInValues>({ username: '', password: '' });
  const [issues, setIssues] = useState<Issues>({});
  /** Checked on submit, then live. */
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The last refusal's texts, shown in the form until the next attempt. */
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const [switched, setSwitched] = useState<string | null>(null);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  useEffect(() => inputs.username.current?.focus(), []);
  // Spec page title: the route's title + ' - ' + the short title (renderer/app/routing.tsx `usePageTitle`).
  const title = `${t('route.login')} - ${t('app.shortTitle')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  // Its texts are in the language it came in: another language drops it (the field issues are keys, re-worded by themselves).
  useEffect(() => setRefusal(null), [i18n.language]);
  useEffect(() => {
    if (switched === null) return;
    const timer = setTimeout(() => setSwitched(null), NOTIFY_MS);
    return () => clearTimeout(timer);
  }, [switched]);

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (checked) setIssues(signInIssues(next));
  };

  /** The sign-in limits' wait (1505), in seconds under two minutes, else in whole minutes rounded up. */
  const waitText = (seconds: number) =>
    seconds < 120
      ? t('account.login.retryInSeconds', { n: seconds })
      : t('account.login.retryInMinutes', { n: Math.ceil(seconds / 60) });

  // Success: the console takes the user to the wanted path or /. Failure: the
  // sign-in rows of the policy table (spec §8 "Sign-in client", §4: no roles →
  // insufficient permission; platformType ≠ 0 → login failed). The form has
  // validated first, so an upstream 400 is the credentials.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    const found = signInIssues(values);
    setIssues(found);
    if (found.username || found.password) {
      inputs[found.username ? 'username' : 'password'].current?.focus();
      return;
    }
    setRefusal(null);
    setBusy(true);
    onSubmitted?.();
    const result = await rawCall('session.signIn', { username: values.username.trim(), password: values.password });
    setBusy(false);
    if (result.ok) {
      const user = result.content;
      // The owner hears of the wrong passwords given for the account since its last sign-in, in the
      // console's notifications; the time in the browser's own words, as the shared formats would bring their rules here.
      if (user.failedSignIns) {
        const time = user.failedSignIns.lastAt ? new Date(user.failedSignIns.lastAt).toLocaleString(i18n.language) : '';
        noticeLater({
          text: t('account.login.failedAttempts', { count: user.failedSignIns.count, time }),
          intent: 'warning',
          timeout: 15_000,
        });
      }
      onSignedIn(user);
      return;
    }
    const shown = present(asCallError(result.error), {
      lang: currentLang(),
      uiText: (key) => t(key),
      context: 'signIn',
    });
    if (shown.fields) {
      // The core's own refusal of the input, re-keyed as the form's own issues.
      setIssues({
        ...(shown.fields.username ? { username: 'validation.username' } : {}),
        ...(shown.fields.password
          ? {
              password:
                shown.fields.password === 'validation.passwordRequired'
                  ? 'validation.passwordRequired'
                  : 'validation.password',
            }
          : {}),
      });
      return;
    }
    const wait = result.error.retryAfter;
    setRefusal(
      wait === undefined ? shown.notices.map((n) => n.text) : [...shown.notices.map((n) => n.text), waitText(wait)],
    );
    if (shown.rule !== 'signInBadCredentials') return;
    // A wrong password is not typed again on top of itself.
    setValues((v) => ({ ...v, password: '' }));
    inputs.password.current?.focus();
  };

  const field = (name: Field, type: string, autoComplete: string) => {
    const issue = issues[name];
    return (
      <div className="signin-field" data-testid={`login-${name}-field`}>
        <label htmlFor={`login-${name}`}>{t(`account.login.${name}`)}</label>
        <input
          ref={inputs[name]}
          id={`login-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          placeholder={t(`account.login.${name}Placeholder`)}
          aria-invalid={issue ? true : undefined}
          aria-describedby={issue ? `login-${name}-issue` : undefined}
          data-testid={`login-${name}`}
          onChange={(event) => change(name, event.target.value)}
        />
        {issue && (
          <div id={`login-${name}-issue`} className="signin-issue" role="alert">
            {t(issue)}
          </div>
        )}
      </div>
    );
  };

  return (
    <div
      className="signin"
      data-testid="signin-page"
      data-appearance={dark ? 'dark' : 'light'}
      style={{ ['--signin-brand' as string]: look.brand }}
    >
      <div className="signin-top">
        <LanguageMenu onSwitched={(lang) => setSwitched(i18n.getFixedT(lang)('language.switched'))} />
      </div>
      <main className="signin-card">
        <form className="signin-form" onSubmit={(event) => void submit(event)} noValidate>
          <div className="signin-head">
            <h1>{t('app.title')}</h1>
            <h2>{t('account.login.title')}</h2>
          </div>
          {refusal && refusal.length > 0 && (
            <div className="signin-refusal" role="alert" data-testid="login-error">
              {refusal.map((text) => (
                <span key={text}>{text}</span>
              ))}
            </div>
          )}
          {field('username', 'text', 'username')}
          {field('password', 'password', 'current-password')}
          <button type="submit" className="signin-submit" disabled={busy} data-testid="login-submit">
            {t('account.login.submit')}
          </button>
        </form>
      </main>
      <div className="signin-status" role="status">
        {switched && (
          <span data-testid="notify" data-intent="success">
            {switched}
          </span>
        )}
      </div>
    </div>
  );
}
