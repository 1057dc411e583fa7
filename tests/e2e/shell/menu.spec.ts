/**
 * The desktop's application menu (electron/app-menu.ts) sends its console
 * commands to the focused window as topic `menu`; the window does each as
 * its own button does. Browser mode has no application menu: the host's
 * test-only menu route (MENU_PATH, the run's launch key) sends the same
 * event, so what a window does with each command is seen here, end to end.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { MENU_COMMANDS } from '../../../electron/app-menu.js';
import { MENU_PATH, MINT_KEY_HEADER } from '../../../electron/host/index.js';
import { catalogues } from '../../../shared/domains.js';
import { notification, openAs, test } from '../support.js';

const en = catalogues.en;
const zh = catalogues['zh-CN'];

/** Chooses a command of the menu, as a click on its item does; resolves once the host sent it to the open pages. */
async function menu(request: APIRequestContext, command: string): Promise<void> {
  const res = await request.post(MENU_PATH, {
    headers: { [MINT_KEY_HEADER]: process.env.VEND_TEST_LAUNCH_KEY ?? '' },
    data: { command },
  });
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { pages: number }).pages).toBeGreaterThan(0);
}

/** The point list, its rows drawn, as the commands find it. */
async function pointList(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: en.point.route.pointList })).toBeVisible();
  await expect(page.getByTestId('point-row').first()).toBeVisible();
}

test('the menu commands: language, font size, refresh, new window and sign-out, each as its button does', async ({
  page,
  context,
  baseURL,
}) => {
  expect(MENU_COMMANDS).toEqual(expect.arrayContaining(['newWindow', 'refresh', 'signOut']));
  await openAs(page, baseURL, 'tenant1', '/pointMent/pointList');
  await pointList(page);

  // Refresh: the tab's view is built again (what was typed in its filter goes) and reads its rows afresh.
  await page.getByTestId('point-filter-name').fill('kept until refreshed');
  const reread = page.waitForRequest((r) => r.url().endsWith('/bridge/point.page'));
  await menu(page.request, 'refresh');
  await reread;
  await expect(page.getByTestId('point-filter-name')).toHaveValue('');
  await expect(page).toHaveURL(/\/pointMent\/pointList$/);

  // Font size: applied, said, and kept over a reload.
  await expect(page.locator('html')).toHaveAttribute('data-size', 'medium');
  await menu(page.request, 'fontSize:small');
  await expect(page.locator('html')).toHaveAttribute('data-size', 'small');
  await expect(notification(page)).toHaveText(en.settings.sizeChanged);
  // A size the console has not is ignored.
  await menu(page.request, 'fontSize:huge');
  await menu(page.request, 'fontSize:medium');
  await expect(page.locator('html')).toHaveAttribute('data-size', 'medium');

  // Language over unsaved input asks first, as the switcher does; told no, the input stays.
  await page.getByTestId('point-create').click();
  await page.getByTestId('point-form-name').fill('Typed point');
  await menu(page.request, 'language:zh-CN');
  await expect(page.getByTestId('confirm-dialog')).toContainText(en.language.unsaved);
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('point-form-name')).toHaveValue('Typed point');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('point-form-cancel').click();
  await menu(page.request, 'language:zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(notification(page)).toHaveText(zh.language.switched);
  await menu(page.request, 'language:xx');
  await menu(page.request, 'language:en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // New window: this screen in a window of its own, signed in as the same user.
  const opened = context.waitForEvent('page');
  await menu(page.request, 'newWindow');
  const window = await opened;
  await expect(window).toHaveURL(/\/pointMent\/pointList$/);
  await pointList(window);
  await window.close();

  // Sign out: back to the sign-in page.
  await menu(page.request, 'signOut');
  await expect(page).toHaveURL(/\/login/);
});
