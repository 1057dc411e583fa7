/**
 * What the browser benches share: the demo's upstream on in-memory PGlite
 * (no simulator: only what is measured runs) and the console host in browser
 * mode, started in this process, and Debian's Chromium, launched afresh for
 * each cold sample. Needs the built renderer (`npm run bench:browser` builds it).
 */
import { chromium } from '@playwright/test';

process.env.DATABASE_URL = 'memory://';
process.env.DEMO_DATA = '1';
process.env.SIMULATE = '0';
process.env.UPSTREAM_PORT ??= '8097';
process.env.CONSOLE_PORT ??= '5187';
const { startBrowserMode, startUpstream } = await import('../scripts/launch.js');

/** The upstream and the console's host; `close` stops both. */
export async function startBrowserBench() {
  const upstream = await startUpstream();
  const host = await startBrowserMode(upstream, 'bench');
  return {
    upstream,
    host,
    close: async () => {
      await host.close();
      await upstream.close();
    },
  };
}

/** A fresh Chromium: nothing cached, no background traffic of its own beside the page's. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
