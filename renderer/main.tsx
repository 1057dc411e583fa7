/**
 * Renderer entry: the session and the language first, then either
 * the console or, signed out, the sign-in page — a small script of its own
 * (React, i18next, the sign-in's texts; `npm run bench:bundle` holds it under
 * 150 KB gzip). The console (renderer/app/mount.tsx: router, Fluent, the query
 * cache, the shell) is fetched in the background once the sign-in page has
 * painted, so signing in does not wait for it; where a session is likely (any
 * address but /login) it is fetched at once, beside the session's question.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignInPage } from './account/SignInPage.js';
import { LOGIN, loginPathFor, wantedPath } from './app/paths.js';
import { initI18n } from './i18n/index.js';
import { rawCall } from './transport.js';
import './styles.css';

const loadConsole = () => import('./app/mount.js');
const root = createRoot(document.getElementById('root')!);
const address = () => window.location.pathname + window.location.search;
const wanted = () => wantedPath(window.location.search);

/** The console's chunks once the page is idle (a browser without requestIdleCallback: after a moment). */
function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 200);
}

async function start() {
  const atSignIn = window.location.pathname === LOGIN;
  if (!atSignIn) void loadConsole().catch(() => {});
  const [session] = await Promise.all([rawCall('session.current', undefined), initI18n()]);
  // A bridge that does not answer (the browser-mode host gone): the sign-in page, whose sign-in then says so.
  const user = session.ok ? session.content : null;
  if (user) {
    const { mountConsole } = await loadConsole();
    mountConsole(root, { user, to: atSignIn ? wanted() : address() });
    return;
  }
  // Signed out anywhere: sign-in, keeping the wanted page (/auth-redirect hands one over in its query).
  if (!atSignIn)
    window.history.replaceState(
      null,
      '',
      loginPathFor(window.location.pathname === '/auth-redirect' ? wanted() : address()),
    );
  root.render(
    <StrictMode>
      <SignInPage
        onSubmitted={() => void loadConsole().catch(() => {})}
        // Signed in but the console's chunks would not load (a build replaced meanwhile): the page loads afresh, on the session.
        onSignedIn={(signedIn) =>
          void loadConsole().then(
            ({ mountConsole }) => mountConsole(root, { user: signedIn, to: wanted() }),
            () => window.location.assign(wanted()),
          )
        }
      />
    </StrictMode>,
  );
  whenIdle(
    () =>
      void loadConsole().then(
        ({ warmConsole }) => warmConsole(wanted()),
        () => {},
      ),
  );
}

void start();
