/**
 * What every end-to-end test shares: the `test` fixture (each test starts
 * signed out), language choice, sign-in, sign-out.
 */
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Calls an operation through the host's bridge as a page of this host would
 * (another window of the same session): the bridge secret comes from the
 * served page. Answers the raw CallResult.
 */
export async function bridgeCall(request: APIRequestContext, op: string, input: unknown): Promise<{ ok: boolean; content?: unknown; error?: unknown }> {
  const html = await (await request.get('/login')).text();
  const secret = /<meta name="vend-bridge" content="([^"]*)"/.exec(html)?.[1];
  if (!secret) throw new Error('the host served no bridge secret');
  // `data: ''` would be sent JSON-encoded (`""`), which the core refuses as input: send "no input" as {}.
  const res = await request.post(`/bridge/${op}`, { headers: { 'x-vend-secret': secret, 'content-type': 'application/json' }, data: input ?? {} });
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

/** Playwright's `test`, starting every test signed out. */
export const test = base.extend<{ signedOut: void }>({
  signedOut: [async ({ request }, use) => {
    await resetHostSession(request);
    await use();
  }, { auto: true }],
});

export const PASSWORD = 'Demo@2026';

/** Chooses the console language the way a returning user has it: the `language` cookie. */
export async function useLanguage(page: Page, baseURL: string | undefined, language: 'en' | 'zh-CN' | 'zh-TW'): Promise<void> {
  const { hostname } = new URL(baseURL ?? 'http://127.0.0.1');
  await page.context().addCookies([{ name: 'language', value: language, domain: hostname, path: '/' }]);
}

export async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs out through the profile menu of the top bar (opened first when its items are hidden). */
export async function signOut(page: Page): Promise<void> {
  const item = page.getByTestId('sign-out');
  if (!(await item.isVisible())) await page.getByTestId('profile-menu').click();
  await item.click();
  await expect(page).toHaveURL(/\/login/);
}

/** The newest notification's text. */
export const notification = (page: Page) => page.getByTestId('notify').last();

/** A choice in a region picker (renderer/kit/RegionPicker.tsx), by name; a municipality has no city. */
export interface RegionChoice { province: string; city?: string; district?: string }

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
