/**
 * Browser mode's launch (electron/host/launch.ts), end to end: a browser
 * that did not come in through a launch URL gets a refusal, the launch URL
 * lets it in once and leaves an HttpOnly, SameSite=Strict cookie, and the
 * same URL does not let a second browser in.
 */
import { expect, type Browser } from '@playwright/test';
import { CODE, errorEntry } from '../../../shared/domains.js';
import { mintLaunchUrl, notification, test, openAs } from '../support.js';

/** A browser context without any session cookie (the suite's contexts all have one). */
const stranger = (browser: Browser, baseURL: string | undefined) =>
  browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });

test('a browser without the launch cookie gets the refusal, not the console, and cannot call the bridge', async ({
  browser,
  baseURL,
}) => {
  const context = await stranger(browser, baseURL);
  try {
    const page = await context.newPage();
    const res = await page.goto('/login');
    expect(res?.status()).toBe(403);
    await expect(page.locator('p[lang="zh-CN"]')).toContainText('启动地址');
    await expect(page.locator('p[lang="en"]')).toContainText('launch address');
    await expect(page.getByTestId('login-username')).toHaveCount(0);
    const bridge = await context.request.post('/bridge/session.current', { data: {} });
    expect(bridge.status()).toBe(403);
    expect(await bridge.json()).toMatchObject({ ok: false, error: { source: 'local', code: CODE.consoleNotLaunched } });
  } finally {
    await context.close();
  }
});

test('a launch URL lets one browser in, once, with an HttpOnly SameSite=Strict cookie', async ({
  browser,
  baseURL,
  request,
}) => {
  const url = await mintLaunchUrl(request);
  const first = await stranger(browser, baseURL);
  const second = await stranger(browser, baseURL);
  try {
    const page = await first.newPage();
    await page.goto(url);
    // Redirected to the console, which (signed out) shows the sign-in.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-username')).toBeVisible();
    const port = new URL(baseURL ?? '').port;
    const cookie = (await first.cookies()).find((c) => c.name === `vend-console-${port}`);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', expires: -1 });
    // Not readable by the page's scripts.
    expect(await page.evaluate('document.cookie')).not.toContain('vend-console-');

    const late = await second.newPage();
    const res = await late.goto(url);
    expect(res?.status()).toBe(403);
    await expect(late.locator('p[lang="en"]')).toContainText('launch address');
    expect(await second.cookies()).toEqual([]);
  } finally {
    await first.close();
    await second.close();
  }
});

test("a page whose session cookie is gone (the host restarted) shows the refusal's text when it calls", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/pointMent/pointList');
  await expect(page.getByTestId('point-row').first()).toBeVisible();
  // What a restarted host looks like to an open page: it no longer knows the cookie.
  await page.context().clearCookies();
  await page.getByTestId('refresh').click();
  await expect(notification(page)).toContainText(errorEntry(CODE.consoleNotLaunched).texts.en);
});

test.describe('before its script has run', () => {
  test.use({ javaScriptEnabled: false });

  // A window opened for an order used to stay blank until the whole console had loaded: the page itself draws a placeholder.
  test("a window draws the console's background and a spinner at once", async ({ page }) => {
    await page.goto('/orderManagement/orderDetail?id=1');
    await expect(page.locator('#root .boot')).toBeVisible();
    await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(250, 250, 250)');
  });
});
