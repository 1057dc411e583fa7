/**
 * Live events in an open console (ARCHITECTURE §10): each domain says what
 * an event refreshes and what it tells the user (renderer/<domain> `live`).
 * Refreshes are gathered and run at most once a second, so a busy fleet's
 * sales do not refetch a list per sale; after the stream reconnects every
 * open query is read again (events may have been missed meanwhile).
 * Notifications show in the page in browser mode (5 s, like the spec's long
 * notices: they come unasked); the desktop shell raises
 * OS notifications from main instead.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callOp, sessionEpoch, subscribeLive } from '../bridge.js';
import { LIVE } from '../domains.js';
import { currentLang } from '../i18n/index.js';
import { useNotify } from '../app/notify.js';
import { NOTIFY_LONG_MS } from '../../shared/errors/policy.js';
import type { SessionUser } from '../../shared/ipc.js';
import { SESSION_KEY } from '../app/session.js';

const REFRESH_MS = 1000;

export function LiveEvents() {
  const client = useQueryClient();
  const notify = useNotify();
  const notifyRef = useRef(notify);
  notifyRef.current = notify;

  useEffect(() => {
    let desktop = false;
    let connections = 0;
    let pending = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    callOp('app.info', undefined).then(
      (info) => {
        desktop = info.mode === 'desktop';
      },
      () => {},
    );
    const flush = () => {
      timer = undefined;
      const ops = pending;
      pending = new Set();
      for (const op of ops) void client.invalidateQueries({ queryKey: [op] });
    };
    const stop = subscribeLive((event) => {
      if (event.epoch !== sessionEpoch()) return;
      if (event.topic === 'feed') {
        const state = (event.data as { state?: string }).state;
        // Whether the console is live, for whoever needs to know (the end-to-end tests wait for it).
        document.documentElement.dataset.live = state;
        if (state === 'connected' && connections++ > 0) void client.invalidateQueries();
        return;
      }
      const handler = LIVE[event.topic];
      if (!handler) return;
      const { refresh, notice } = handler(event.data, currentLang());
      for (const op of refresh) pending.add(op);
      timer ??= setTimeout(flush, REFRESH_MS);
      // What the user just did is no news to them.
      const own =
        event.actor !== undefined && event.actor === client.getQueryData<SessionUser | null>(SESSION_KEY)?.userId;
      if (notice && !desktop && !own) notifyRef.current(notice, { intent: 'info', timeout: NOTIFY_LONG_MS });
    });
    return () => {
      stop();
      clearTimeout(timer);
      delete document.documentElement.dataset.live;
    };
  }, [client]);

  return null;
}
