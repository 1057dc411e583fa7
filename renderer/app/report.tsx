/**
 * The one place a failed call becomes what the user sees (spec §8):
 * a notification, field errors on a form, or a reset of the session.
 */
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RESET_DELAY_MS } from '../../shared/errors.js';
import { currentLang } from '../i18n/index.js';
import { asCallError, present } from './errors.js';
import { useNotify } from './notify.js';
import { useSignOut } from './session.js';

export interface ReportOptions {
  /** The screen's own failure text, used when the code has none. */
  fallback?: string;
  /** Shows a local refusal's field issues (path → i18n key) on the form. */
  onFields?: (fields: Record<string, string>) => void;
}
export type Report = (error: unknown, options?: ReportOptions) => void;

const ReportContext = createContext<Report>(() => {});

/** Queries fail outside any component's reach: the query cache forwards them here. */
let sink: Report | undefined;
export const reportQueryError: Report = (error, options) => sink?.(error, options);

export function ErrorReporter({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const signOut = useSignOut();
  const resetting = useRef(false);

  const report = useCallback<Report>(
    (error, options = {}) => {
      const shown = present(asCallError(error), {
        lang: currentLang(),
        tryLater: t('common.tryLater'),
        ...(options.fallback === undefined ? {} : { fallback: options.fallback }),
      });
      if (shown.fields) {
        if (options.onFields) return options.onFields(shown.fields);
        const first = Object.values(shown.fields)[0] ?? 'validation.invalid';
        return notify(t(first as 'validation.invalid', { defaultValue: t('validation.invalid') }), { intent: 'error', timeout: shown.timeout });
      }
      if (shown.text) notify(shown.text, { intent: 'error', timeout: shown.timeout });
      if (shown.reset && !resetting.current) {
        resetting.current = true;
        setTimeout(() => {
          void signOut().finally(() => {
            resetting.current = false;
          });
        }, RESET_DELAY_MS);
      }
    },
    [t, notify, signOut],
  );

  useEffect(() => {
    sink = report;
    return () => {
      if (sink === report) sink = undefined;
    };
  }, [report]);

  return <ReportContext.Provider value={report}>{children}</ReportContext.Provider>;
}

export const useReport = () => useContext(ReportContext);
