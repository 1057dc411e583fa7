/**
 * The console, loaded by the entry (renderer/main.tsx) behind a lazy boundary:
 * the providers, router, shell and screens, none of which the sign-in page
 * carries.
 */
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App, type ConsoleStart } from './App.js';
import { SIGN_IN_WARMS } from '../domains.js';
import { preloadShell } from './session.js';

/** While the sign-in is typed: the shell's chunks and the code of the screen the user will likely land on (`to`). */
export function warmConsole(to: string): void {
  preloadShell();
  for (const warm of SIGN_IN_WARMS) warm(to);
}

/** The console in `root`, on the session `start` (the address becomes where its user goes). */
export function mountConsole(root: Root, start: ConsoleStart): void {
  if (window.location.pathname + window.location.search !== start.to) window.history.replaceState(null, '', start.to);
  root.render(
    <StrictMode>
      <App start={start} />
    </StrictMode>,
  );
}
