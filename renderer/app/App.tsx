/** Providers: stored preferences, Fluent theme, TanStack Query, i18n, router. */
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
// The DOM flavour: it gives navigations their `flushSync` option (sessionWatch.ts needs it).
import { RouterProvider } from 'react-router/dom';
import { i18n } from '../i18n/index.js';
import { PrefsProvider } from '../shell/prefs.js';
import { ThemedProvider } from '../shell/theme.js';
import { COMMON_CODE } from '../../shared/common/errors.js';
import { reportsQueryFailure } from './errors.js';
import { reportQueryError } from './report.js';
import { createRouter } from './router.js';
import { MOVE_STARTS, SESSION_STARTS } from '../domains.js';
import { preloadLanding, preloadScreens } from './preload.js';
import { adoptSession, SESSION_KEY, setSessionStarts } from './session.js';
import type { SessionUser } from '../../shared/ipc.js';
import { refetchOnMount } from '../bridge.js';

setSessionStarts([...SESSION_STARTS, preloadLanding, preloadScreens]);

function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (reportsQueryFailure(error, query)) reportQueryError(error);
      },
    }),
    defaultOptions: {
      queries: {
        // A read the upstream was too busy to take (1303: a row held, every connection at work) is asked once
        // more after the wait it names; a real outage (503) and every refusal are not.
        retry: (failures, error) => failures < 1 && error.code === COMMON_CODE.databaseBusy,
        retryDelay: (_failures, error) => (error.retryAfter ?? 1) * 1_000,
        refetchOnWindowFocus: false,
        refetchOnMount,
      },
      mutations: { retry: false },
    },
  });
}

/** The session the entry found or signed in (renderer/main.tsx), and where its user goes. */
export interface ConsoleStart {
  user: SessionUser;
  to: string;
}

export function App({ start }: { start?: ConsoleStart }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (start) adoptSession(client, start.user, start.to);
    return client;
  });
  const [router] = useState(() => {
    const made = createRouter();
    // A move inside the console: the domains start the reads of where it goes before the shell renders it
    // (RendererManifest.moveStart). Subscribed before RouterProvider, so told first.
    let last = `${made.state.location.pathname}${made.state.location.search}`;
    made.subscribe((state) => {
      const to = `${state.location.pathname}${state.location.search}`;
      if (to === last) return;
      last = to;
      const user = queryClient.getQueryData<SessionUser>(SESSION_KEY);
      if (user) for (const start of MOVE_STARTS) start(queryClient, user, to);
    });
    return made;
  });
  return (
    <I18nextProvider i18n={i18n}>
      <PrefsProvider>
        <ThemedProvider>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ThemedProvider>
      </PrefsProvider>
    </I18nextProvider>
  );
}
