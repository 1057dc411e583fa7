/**
 * What a screen or dialog takes from the app at its top — texts, the toast,
 * the error report, the signed-in user, navigation and the query cache — in
 * one call instead of a preamble of six hooks each copy of which drifts.
 * Each is a context read (the router's navigate is the data
 * router's stable one), so taking one a component does not use costs nothing.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SessionUser } from '../../shared/ipc.js';
import { useNotify } from '../app/notify.js';
import { useReport } from '../app/report.js';
import { UserContext } from '../app/session.js';

export function useScreen() {
  const { t } = useTranslation();
  const signedIn = useContext(UserContext);
  // Called in this order on every render, as hooks must be: each a context read.
  return {
    t,
    notify: useNotify(),
    report: useReport(),
    navigate: useNavigate(),
    client: useQueryClient(),
    /** The signed-in user; read outside the session guard, it throws as useUser does. */
    get user(): SessionUser {
      if (!signedIn) throw new Error('useScreen().user outside the session guard');
      return signedIn;
    },
  };
}
