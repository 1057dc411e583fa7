/**
 * Starts what `npm start` and `npm run web` need: the reference upstream on
 * its database (unless VEND_UPSTREAM points at one) and, for browser mode,
 * the console host over the same core the desktop shell uses.
 */
import { fileURLToPath } from 'node:url';
import { startServer } from '../server/start.js';
import { simulateFromEnv } from '../server/simulator.js';
import { createCore } from '../electron/core/core.js';
import { memoryVault } from '../electron/core/vault.js';
import { memoryPrefs } from '../electron/core/prefs.js';
import { startHost } from '../electron/host/index.js';
import { upstreamFromEnv } from '../electron/core/upstream.js';

/** The built renderer; VEND_RENDERER_DIR serves another build (parallel test runs). */
export const rendererDir = process.env.VEND_RENDERER_DIR || fileURLToPath(new URL('../dist/renderer', import.meta.url));

const num = (v: string | undefined, fallback: number) => (v === undefined || v === '' ? fallback : Number(v));

export interface Upstream {
  url: string;
  close(): Promise<void>;
}

export async function startUpstream(): Promise<Upstream> {
  if (process.env.VEND_UPSTREAM) {
    // A given upstream must be https unless it is on this machine (electron/core/upstream.ts).
    const choice = upstreamFromEnv(process.env);
    if (!choice.ok) {
      console.error(choice.refusal);
      process.exit(1);
    }
    return { url: choice.url, close: async () => {} };
  }
  return startServer({
    port: num(process.env.UPSTREAM_PORT, 8090),
    databaseUrl: process.env.DATABASE_URL || './.data/upstream',
    demoData: process.env.DEMO_DATA !== '0',
    simulate: simulateFromEnv(process.env),
  });
}

/**
 * The console host over a browser-mode core. Whenever a browser without a
 * session knocks, a fresh launch URL is printed here: the terminal is the one
 * place the host trusts. VEND_TEST_LAUNCH_KEY (set by playwright.config.ts
 * only) lets the test runner mint launch URLs itself.
 */
export async function startBrowserMode(upstream: Upstream, version: string) {
  const core = createCore({
    upstreamUrl: upstream.url,
    vault: memoryVault(),
    prefs: memoryPrefs(),
    mode: 'browser',
    version,
  });
  const mintKey = process.env.VEND_TEST_LAUNCH_KEY || undefined;
  return startHost({
    port: num(process.env.CONSOLE_PORT, 5180),
    core,
    rendererDir,
    onLaunchWanted: (url) => console.log(`Open the console (the address works once): ${url}`),
    ...(mintKey ? { mintKey } : {}),
  });
}

/** Closes everything on Ctrl+C or a termination signal. */
export function closeOnSignal(...closers: (() => Promise<void>)[]): void {
  const stop = async () => {
    for (const close of closers) await close().catch(() => {});
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
