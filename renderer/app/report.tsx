/**
 * The one place a failed call becomes what the user sees (spec §8). The
 * decision is the policy table's (shared/errors.ts `decide`, via
 * errors.ts `present`); this component only executes it: notifications,
 * field errors on a form, going back one page, and ending the session after
 * RESET_DELAY_MS.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { RESET_DELAY_MS, type FailureContext, type RuleName } from '../../shared/errors/policy.js';
import type { SessionUser } from '../../shared/ipc.js';
import { currentLang } from '../i18n/index.js';
import { setErrorPathListens } from '../bridge.js';
import { asCallError, present } from './errors.js';
import { useNotify } from './notify.js';
import { LOGIN } from './paths.js';
import { SESSION_KEY, useEndSession, useSessionLanding } from './session.js';
import { useSessionWatch } from './sessionWatch.js';

export interface ReportOptions {
  /** The screen's own failure text, used when the code has none. */
  fallback?: string;
  /** Shows a local refusal's field issues (path → i18n key) on the form. */
  onFields?: (fields: Record<string, string>) => void;
  /** 'signIn' for the sign-in form (spec §8 "Sign-in client"); 'call' otherwise. */
  context?: FailureContext;
  /**
   * Shows the decision's notices in place (the sign-in form's message bar)
   * instead of as notifications; the rest of the decision (reset, back) is
   * carried out as usual.
   */
  inline?: (shown: { texts: string[]; rule: RuleName }) => void;
}
export type Report = (error: unknown, options?: ReportOptions) => void;

/** Ends the session after `delayMs` (the password change: 2 s of success first). */
export type ScheduleEnd = (delayMs: number) => void;

interface Reporting {
  report: Report;
  scheduleEnd: ScheduleEnd;
}

const ReportContext = createContext<Reporting>({ report: () => {}, scheduleEnd: () => {} });

/** Queries fail outside any component's reach: the query cache forwards them here. */
let sink: Report | undefined;
export const reportQueryError: Report = (error, options) => sink?.(error, options);

/** Pages where a user without a session already is: "the root" needs no navigation there. */
const atSignIn = (pathname: string) => pathname === LOGIN || pathname.startsWith(`${LOGIN}/`);

export function ErrorReporter({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const endSession = useEndSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const location = useLocation();
  useSessionLanding();
  const here = useRef(location);
  here.current = location;
  /** A reset under way: later failures of the same ending session add nothing. */
  const resetting = useRef(false);
  useSessionWatch(useCallback(() => resetting.current, []));
  /** The page a back-navigation already left (several refused queries, one back). */
  const leftKey = useRef<string | null>(null);

  const sessionUser = useCallback(() => client.getQueryData<SessionUser | null>(SESSION_KEY) ?? null, [client]);

  /**
   * After `delayMs`: ends the session that was current when asked — never a
   * newer one signed in meanwhile — and goes to the root, unless already at
   * sign-in (where the root would lead anyway, and what was typed stays).
   */
  const endLater = useCallback(
    (delayMs: number, revoke: boolean) => {
      if (resetting.current) return;
      resetting.current = true;
      const failed = sessionUser();
      setTimeout(() => {
        const now = sessionUser();
        const newer = now !== null && now !== failed;
        const done = newer
          ? Promise.resolve()
          : endSession({ revoke, to: atSignIn(here.current.pathname) ? null : '/' });
        void done.finally(() => {
          resetting.current = false;
        });
      }, delayMs);
    },
    [endSession, sessionUser],
  );

  const goBack = useCallback(() => {
    const { key, pathname } = here.current;
    if (leftKey.current === key) return;
    leftKey.current = key;
    // react-router numbers its history entries: only go back within the app.
    const idx = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) void navigate(-1);
    else if (pathname !== '/') void navigate('/', { replace: true });
  }, [navigate]);

  const report = useCallback<Report>(
    (error, options = {}) => {
      // A changed session (the `localSessionChanged` row) shows nothing: the session watcher reloads the page.
      const shown = present(asCallError(error), {
        lang: currentLang(),
        uiText: (key) => t(key),
        ...(options.fallback === undefined ? {} : { fallback: options.fallback }),
        ...(options.context === undefined ? {} : { context: options.context }),
      });
      if (shown.fields) {
        if (options.onFields) return options.onFields(shown.fields);
        const first = Object.values(shown.fields)[0] ?? 'validation.invalid';
        notify(t(first as 'validation.invalid', { defaultValue: t('validation.invalid') }), { intent: 'error' });
        return;
      }
      if (shown.reset) {
        const user = sessionUser();
        // A session already ending: its other failing calls add nothing.
        if (resetting.current && user !== null) return;
        // No session here either: the guard already shows sign-in.
        if (shown.rule === 'localNoSession' && user === null) return;
      }
      if (shown.back && leftKey.current === here.current.key) return;
      if (options.inline) options.inline({ texts: shown.notices.map((n) => n.text), rule: shown.rule });
      else for (const n of shown.notices) notify(n.text, { intent: 'error', timeout: n.timeout });
      if (shown.back) goBack();
      if (shown.reset) endLater(RESET_DELAY_MS, shown.revoke);
    },
    [t, notify, goBack, endLater, sessionUser],
  );

  const scheduleEnd = useCallback<ScheduleEnd>((delayMs) => endLater(delayMs, true), [endLater]);

  useEffect(() => {
    sink = report;
    setErrorPathListens(true);
    return () => {
      if (sink !== report) return;
      sink = undefined;
      setErrorPathListens(false);
    };
  }, [report]);

  const value = useMemo(() => ({ report, scheduleEnd }), [report, scheduleEnd]);
  return <ReportContext.Provider value={value}>{children}</ReportContext.Provider>;
}

export const useReport = () => useContext(ReportContext).report;

/** Ends the session after a delay, from a component that may be gone by then (a closed dialog). */
export const useScheduleEnd = () => useContext(ReportContext).scheduleEnd;
