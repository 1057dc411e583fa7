import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { sep } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End to end in browser mode: the reference upstream on in-memory PGlite and
 * the console host, driven in Debian's Chromium. A host holds one session (as
 * the desktop app does), so each worker has a host and an upstream of its
 * own — its own demo database — and runs its files one test at a time.
 * Two workers: a test spends a third of its time waiting (a refresh, a
 * toast, the host), which the other fills; two took 42 % less time than one
 * on this two-core machine. (With the trace's screencast on, Chromium drew
 * frames all the time and two workers were slower than one: see `trace`.)
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const firstConsolePort = Number(process.env.E2E_CONSOLE_PORT ?? 5181);
const firstUpstreamPort = Number(process.env.E2E_UPSTREAM_PORT ?? 8091);
/** This worker's slot (Playwright sets it in each worker before the worker reads this file; the runner has none). */
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** The upstream the worker's host talks to, for tests that drive the device-facing API or the upstream itself. */
export const upstreamUrl = (): string => `http://127.0.0.1:${firstUpstreamPort + slot}`;
/**
 * The key that lets the tests mint launch URLs (tests/e2e/support.ts): drawn
 * once per run, given only to the web server started below and to the
 * workers (which inherit the runner's environment; re-reading this file keeps
 * the value). A console started any other way has no minting route at all.
 */
const launchKey = (process.env.VEND_TEST_LAUNCH_KEY ??= randomBytes(32).toString('hex'));
/**
 * This run, as every worker knows it (drawn in the runner, inherited as the
 * key is, never set from outside): what the workers share about the run is
 * kept under it (tests/e2e/support.ts, the paths already checked with axe).
 */
export const E2E_RUN = (process.env.VEND_E2E_RUN ??= randomBytes(8).toString('hex'));

/**
 * Debian's headless shell (the package chromium-headless-shell, which
 * .ci/run installs) when there: the same engine without the browser's own
 * window and UI, a sixth less CPU per test. Else Debian's Chromium.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/** How the tests start Chromium (a test that needs another flag spreads these). */
export const LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Every end-to-end file, as Playwright orders them (by path). */
export const e2eFiles = (): string[] =>
  (readdirSync('tests/e2e', { recursive: true }) as string[])
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => f.split(sep).join('/'))
    .sort();

/**
 * E2E_ORDER=reverse (scripts/e2e-order.ts): the files last first, one after
 * another, each a project that depends on the one before — Playwright always
 * runs the files of a project in path order, and has no other way to change it.
 * E2E_ORDER_FROM=<file>: the reversed run starts at that file (to go on after a failure was mended).
 */
const reverseFrom = (files: string[]) => files.slice(Math.max(0, files.indexOf(process.env.E2E_ORDER_FROM ?? '')));
const reversed =
  process.env.E2E_ORDER === 'reverse'
    ? reverseFrom(e2eFiles().reverse()).map((file, i, all) => ({
        name: file,
        testMatch: file,
        dependencies: i ? [all[i - 1]!] : [],
      }))
    : undefined;

/** Where CI's JSON report goes, for scripts/test.ts to name the tests that passed only on their retry. */
export const E2E_REPORT = 'playwright-report/e2e.json';

export default defineConfig({
  testDir: 'tests/e2e',
  ...(reversed ? { projects: reversed } : {}),
  workers: E2E_WORKERS,
  fullyParallel: false,
  // One stated retry on CI, reported by name at the end of `npm test` (scripts/test.ts); none locally, so a flaky
  // test fails where it can be fixed.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: E2E_REPORT }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${firstConsolePort + slot}`,
    locale: 'zh-CN',
    // As a clerk who asked the OS for less motion: Fluent skips its transitions, so no test waits out an animation
    // and Chromium draws a tenth fewer frames (5:38 → 5:13 on the order, point, product and billing files).
    reducedMotion: 'reduce',
    // A trace is every action with the page's DOM before and after, which Playwright copies out of the page at each
    // action and each check: 14 % of the suite's CPU (order and point files: 322 → 278 CPU-seconds, 192 → 170 s).
    // So CI, which retries a failed test once, traces the retry only: a test that fails twice leaves the trace of its
    // second try, and every failure its error and the page's accessibility tree (error-context.md). Locally, with
    // no retry, a failed test keeps the trace of its one try. Never the screencast, which had Chromium draw and
    // encode frames all through every test: a third of the suite's time.
    trace: { mode: process.env.CI ? 'on-all-retries' : 'retain-on-failure', screenshots: false },
    launchOptions: LAUNCH_OPTIONS,
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => ({
    command: 'tsx tests/e2e/web.ts',
    // Without the launch cookie this answers the host's 403 refusal page, which Playwright counts as up.
    url: `http://127.0.0.1:${firstConsolePort + i}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      CONSOLE_PORT: String(firstConsolePort + i),
      UPSTREAM_PORT: String(firstUpstreamPort + i),
      DATABASE_URL: 'memory://',
      DEMO_DATA: '1',
      // Tests drive machines themselves (tests/e2e/device); a simulator would move stock and presence under them.
      SIMULATE: '0',
      // A machine falls offline after 4 s of silence instead of 90: tests/e2e/device watches it happen.
      DEVICE_OFFLINE_AFTER_MS: '4000',
      // The sandbox payment provider answers a refund in 3 s instead of a minute (server/refund/settle.ts).
      REFUND_SETTLE_MS: '3000',
      BILLING_SETTLE_MS: '2000',
      WALLET_SETTLE_MS: '2000',
      // Sales the tests make and leave undelivered are not timed out and refunded under a later test's figures (tests/server/delivery times them out).
      DELIVERY_TIMEOUT_MS: '3600000',
      // The tests' callback receiver listens on 127.0.0.1 (server/callback/guard.ts).
      CALLBACK_ALLOW_PRIVATE: '1',
      VEND_RENDERER_DIR: process.env.VEND_RENDERER_DIR ?? '',
      VEND_TEST_LAUNCH_KEY: launchKey,
    },
  })),
});
