/**
 * A page notices that the session changed elsewhere (another tab in browser
 * mode, another window on the desktop: one session serves them all). Every
 * call carries the page's session epoch; the core refuses a stale one
 * (shared/ipc.ts SESSION_CHANGED) and the bridge says so here. The page also
 * looks when it comes back into view, so a tab left on a previous user does
 * not even show that user's name once looked at.
 *
 * What it does then: a new user → the page becomes that user's (every cached
 * answer dropped, the shell mounted afresh at /, a notice naming the user);
 * no session → sign-in, with a notice. A page at sign-in adopts nothing: a
 * user who just signed out there stays there.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SessionUser } from '../../shared/ipc.js';
import { callOp, onSessionChanged } from '../bridge.js';
import { useNotify } from './notify.js';
import { isEnding, SESSION_KEY, startSession, useEndSession } from './session.js';

const SIGN_IN_KEY = ['session.signIn'];

/**
 * Mounted once, inside the router (report.tsx). `settling`: the error path
 * is ending the session already (a refused token), which says so itself.
 */
export function useSessionWatch(settling: () => boolean) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const endSession = useEndSession();
  const busy = useRef(false);

  const resync = useCallback(async () => {
    // The page's own sign-in or sign-out is under way: it settles the session itself.
    if (busy.current || settling() || isEnding() || client.isMutating({ mutationKey: SIGN_IN_KEY }) > 0) return;
    const known = client.getQueryData<SessionUser | null>(SESSION_KEY);
    if (!known) return;
    busy.current = true;
    try {
      let now: SessionUser | null;
      try {
        now = await callOp('session.current', undefined);
      } catch {
        return; // unreachable main: the next call tries again
      }
      // Still the page's session (or it changed again and is being settled).
      if (now?.epoch === known.epoch || client.getQueryData(SESSION_KEY) !== known) return;
      if (now) {
        await client.cancelQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
        // Home first, then the new user: the old address may name the previous
        // user's data, and the new shell (mounted afresh, keyed by the
        // session) must open no tab for it. Flushed: a navigation is a
        // transition, which the session's update would otherwise overtake.
        await navigate('/', { replace: true, flushSync: true });
        startSession(client, now);
        notify(t('session.switched', { name: now.name }), { intent: 'warning' });
      } else {
        notify(t('session.ended'), { intent: 'warning' });
        await endSession({ revoke: false, to: '/' });
      }
    } finally {
      busy.current = false;
    }
  }, [client, navigate, notify, t, endSession, settling]);

  useEffect(() => {
    const stop = onSessionChanged((op) => {
      // A refused sign-out is the page's own ending, which goes to sign-in anyway.
      if (op !== 'session.signOut') void resync();
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void resync();
    };
    const onFocus = () => void resync();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onFocus);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onFocus);
    };
  }, [resync]);
}
