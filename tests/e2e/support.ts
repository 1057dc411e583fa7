/**
 * What every end-to-end test shares: the `test` fixture (each test starts
 * signed out, in a browser that came in through a launch URL), language
 * choice, sign-in, sign-out.
 */
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectAccessible } from './axe.js';
import { E2E_RUN } from '../../playwright.config.js';

export { listsAnswered } from './axe.js';
/** This worker's upstream (each worker has its own: playwright.config.ts). */
export { LAUNCH_OPTIONS, upstreamUrl } from '../../playwright.config.js';

/** The header and route of the host's test-only launch minting (electron/host/index.ts MINT_PATH). */
const MINT_KEY_HEADER = 'x-vend-launch-key';
const MINT_PATH = '/launch/mint';

/** A browser's saved cookies, as Playwright's storageState holds them. */
type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/**
 * A new single-use launch URL, minted by the host for this test run: the
 * runner and the web server it started share VEND_TEST_LAUNCH_KEY
 * (playwright.config.ts); nothing else knows it. Interactive runs print the
 * launch URL in the terminal instead.
 */
export async function mintLaunchUrl(request: APIRequestContext): Promise<string> {
  const key = process.env.VEND_TEST_LAUNCH_KEY;
  if (!key) throw new Error('VEND_TEST_LAUNCH_KEY is not set (playwright.config.ts sets it)');
  const res = await request.post(MINT_PATH, { headers: { [MINT_KEY_HEADER]: key } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

/**
 * Calls an operation through the host's bridge as a page of this host would
 * (another window of the same session): `request` must carry the session
 * cookie, as the test's `request` and `page.request` do. Answers the raw CallResult.
 */
export async function bridgeCall(
  request: APIRequestContext,
  op: string,
  input: unknown,
): Promise<{ ok: boolean; content?: unknown; error?: unknown }> {
  // `data: ''` would be sent JSON-encoded (`""`), which the core refuses as input: send "no input" as {}.
  const res = await request.post(`/bridge/${op}`, {
    headers: { 'content-type': 'application/json' },
    data: input ?? {},
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { ok: boolean; content?: unknown; error?: unknown };
}

/**
 * Browser mode holds one session per host (as the desktop app does): ends it
 * through the bridge, as the page itself would, so that a test that failed
 * signed in cannot leave the next one signed in.
 */
export async function resetHostSession(request: APIRequestContext): Promise<void> {
  expect(await bridgeCall(request, 'session.signOut', undefined)).toEqual({ ok: true, content: null });
}

/**
 * Playwright's `test`: each worker opens one launch URL, as a user opens the
 * one the terminal prints, and every browser context and API request of its
 * tests carries the session cookie that gave (through the `storageState`
 * option). Every test starts signed out.
 */
export const test = base.extend<{ signedOut: void; accessible: void }, { launchState: StorageState }>({
  launchState: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
        storageState: { cookies: [], origins: [] },
      });
      const res = await api.get(await mintLaunchUrl(api), { maxRedirects: 0 });
      expect(res.status()).toBe(303);
      const state = await api.storageState();
      await api.dispose();
      await use(state);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ launchState }, use) => use(launchState),
  signedOut: [
    async ({ request }, use) => {
      await resetHostSession(request);
      await use();
    },
    { auto: true },
  ],
  // Every screen a test leaves its page on is checked with axe-core, once per
  // path and run (tests/e2e/axe.ts); tests/e2e/shell/accessibility.spec.ts
  // visits the rest, and dialogs, narrow windows and the dark theme.
  accessible: [
    async ({ page, javaScriptEnabled }, use, testInfo) => {
      await use();
      // axe runs as a script in the page: not in one that has them disabled.
      if (
        testInfo.status !== 'passed' ||
        testInfo.expectedStatus !== 'passed' ||
        page.isClosed() ||
        javaScriptEnabled === false
      )
        return;
      const url = new URL(page.url());
      if (!url.protocol.startsWith('http') || !firstCheckOf(testInfo.project.outputDir, url.pathname)) return;
      await expectAccessible(page, `the page "${testInfo.title}" ends on`, true);
    },
    { auto: true },
  ],
});

/**
 * Whether `pathname` is checked first here, in this run: each worker asks,
 * and one marker file per path made with `wx` (created once, or refused)
 * answers yes to one of them only. Kept in the output folder (which
 * Playwright empties at a run's start) under this run's id, which no other
 * run shares.
 */
function firstCheckOf(outputDir: string, pathname: string): boolean {
  const dir = join(outputDir, `axe-checked-${E2E_RUN}`);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(join(dir, createHash('sha256').update(pathname).digest('hex')), pathname, { flag: 'wx' });
    return true;
  } catch (err) {
    // Only "it exists" means another test checked it; any other failure is the run's to see, not a check skipped.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

export const PASSWORD = 'Demo@2026';

/** Chooses the console language the way a returning user has it: the `language` cookie. */
export async function useLanguage(
  page: Page,
  baseURL: string | undefined,
  language: 'en' | 'zh-CN' | 'zh-TW',
): Promise<void> {
  const { hostname } = new URL(baseURL ?? 'http://127.0.0.1');
  await page.context().addCookies([{ name: 'language', value: language, domain: hostname, path: '/' }]);
}

/**
 * Signs in and waits for the outcome. With the demo password the account is
 * signed in through the bridge, as the sign-in page itself does, and the page
 * opens the console's landing screen (or `at`): half the time of typing into the form,
 * which tests/e2e/account covers on its own. With another password, or
 * `form` (a refusal expected), it goes through the form, and waits until the
 * console left the sign-in page or the form shows the refusal. (Password hashing takes
 * a third of a second: a test that navigated at once would race the sign-in.)
 */
export async function signIn(
  page: Page,
  username: string,
  password = PASSWORD,
  { form = false, at = '/' as string | null } = {},
): Promise<void> {
  if (password === PASSWORD && !form) {
    const res = await page.request.post('/bridge/session.signIn', { data: { username, password } });
    const answer = (await res.json()) as { ok: boolean; error?: unknown };
    expect(answer.ok, `sign-in of ${username}: ${JSON.stringify(answer.error)}`).toBe(true);
    // `at: null`: signed in, no page loaded yet (the test sets data up through the bridge, then opens its screen).
    if (at === null) return;
    await page.goto(at);
    await expect(page).not.toHaveURL(/\/login/);
    return;
  }
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  // Polled from here: the console's CSP refuses the string a waitForFunction would evaluate.
  await expect(async () => {
    const left = !new URL(page.url()).pathname.startsWith('/login');
    expect(left || (await page.getByTestId('login-error').isVisible())).toBe(true);
  }).toPass();
}

/**
 * Signs in as `username` with the console in English, the way most tests
 * start, and opens `path` (else the landing screen) as the first page: a
 * clerk's bookmark, one page load rather than the dashboard's and then the
 * screen's. `null` opens no page: a test that sets its data up through the
 * bridge first then opens its screen, and no dashboard is drawn for nothing
 * (a landing and its charts are some two seconds of a test's CPU).
 */
export async function openAs(
  page: Page,
  baseURL: string | undefined,
  username: string,
  path?: string | null,
): Promise<void> {
  await useLanguage(page, baseURL, 'en');
  await signIn(page, username, PASSWORD, { at: path === undefined ? '/' : path });
}

/**
 * Holds every request to `url` until the answer's `release` is called, then lets it through to the real upstream
 * (`continue`) or fails it as a dropped connection (`abort`): what a screen shows while an answer is slow, or late.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  then: 'continue' | 'abort' = 'continue',
): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await (then === 'continue' ? route.continue() : route.abort());
  });
  return release;
}

/** A move inside the app to `path`, as the side menu makes one: the router told of a new address, no page load. */
export async function moveInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const w = globalThis as unknown as {
      history: { pushState(a: null, b: string, c: string): void };
      dispatchEvent(e: unknown): void;
      PopStateEvent: new (type: string) => unknown;
    };
    w.history.pushState(null, '', to);
    w.dispatchEvent(new w.PopStateEvent('popstate'));
  }, path);
}

/** The shell's active tab. */
export const activeTab = (page: Page) => page.locator('[data-testid="tab"][data-active="true"]');

/** The paths of the shell's tab strip, in order. */
export const tabPaths = (page: Page): Promise<string[]> =>
  page.getByTestId('tab').evaluateAll((els) => els.map((e) => e.getAttribute('data-path') ?? ''));

/** Signs out through the profile menu of the top bar (opened first when its items are hidden). */
export async function signOut(page: Page): Promise<void> {
  const item = page.getByTestId('sign-out');
  if (!(await item.isVisible())) await page.getByTestId('profile-menu').click();
  await item.click();
  await expect(page).toHaveURL(/\/login/);
}

/** The newest notification: at the top of the screen Fluent puts the newest toast first (its useToaster unshifts them). */
export const notification = (page: Page) => page.getByTestId('notify').first();
/** The notification saying `text`, among others that events of other tests' machines may raise meanwhile. */
export const notificationSaying = (page: Page, text: string) =>
  page.getByTestId('notify').filter({ hasText: text }).first();

/** A choice in a region picker (renderer/kit/RegionPicker.tsx), by name; a municipality has no city. */
export interface RegionChoice {
  province: string;
  city?: string;
  district?: string;
}

/** Chooses in a region picker level by level, as a user does with the mouse: open each list, click the name. */
export async function pickRegion(page: Page, testId: string, choice: RegionChoice): Promise<void> {
  for (const level of ['province', 'city', 'district'] as const) {
    const name = choice[level];
    if (!name) continue;
    const box = page.getByTestId(`${testId}-${level}`);
    await box.click();
    await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
    await expect(box).toHaveValue(name);
  }
}
