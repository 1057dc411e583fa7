/**
 * The shell's rough edges found by trying the console (browser mode): the tab
 * strip's scrolling, a top bar that folds by its width, notifications and
 * the settings button clear of the content, the route search's keys and
 * empty result, the language switch over unsaved input, and the router's
 * fallbacks and warnings. Texts come from the catalogues.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../support.js';
import { catalogues } from '../../../shared/domains.js';
import { ROLE_VALUE } from '../../../shared/roles.js';
import { menuEntries, selectRoutes, type MenuEntry, type RouteUser } from '../../../shared/routes.js';
import { activeTab, notification, PASSWORD, signIn, signOut, useLanguage } from '../support.js';

const en = catalogues.en;
const admin: RouteUser = { roleKind: 'admin', allValue: [ROLE_VALUE.admin] };

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page, baseURL }) => {
  await useLanguage(page, baseURL, 'en');
});

/** Signed in, the shell drawn on the landing screen or on `at` (one page load either way). */
async function signInToShell(page: Page, username: string, at = '/') {
  await signIn(page, username, PASSWORD, { at });
  await expect(page.getByTestId('navbar')).toBeVisible();
}

/** Every screen of the admin's menu with the group that holds it. */
const adminScreens = (): { path: string; group?: string }[] =>
  menuEntries(selectRoutes(admin), admin).flatMap((e: MenuEntry) =>
    e.kind === 'item' ? [{ path: e.path }] : e.children.map((c) => ({ path: c.path, group: e.path })),
  );

/** Opens a screen from the side menu (as a user does: the address bar would reload the app and its tabs). */
async function openFromMenu(page: Page, path: string, group?: string) {
  const menu = page.getByTestId('side-menu');
  const item = menu.locator(`[data-testid="menu-item"][data-path="${path}"]`);
  if (group && !(await item.isVisible()))
    await menu.locator(`[data-testid="menu-group"][data-path="${group}"]`).click();
  await item.click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

const box = async (l: Locator) => (await l.boundingBox())!;

test('the tab strip brings the active tab into view and scrolls sideways with the mouse wheel', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 700 });
  await signInToShell(page, 'admin');
  const strip = page.getByTestId('tabs');
  for (const { path, group } of adminScreens().slice(1, 14)) {
    await openFromMenu(page, path, group);
    await expect(activeTab(page)).toBeInViewport({ ratio: 1 });
  }
  const scroll = () => strip.evaluate((el) => el.scrollLeft);
  await expect.poll(scroll).toBeGreaterThan(0);

  // Back to the first (pinned) tab from the menu: the strip scrolls back to show it.
  await openFromMenu(page, '/dashboard');
  await expect(activeTab(page)).toBeInViewport({ ratio: 1 });
  await expect.poll(scroll).toBe(0);

  // The wheel over the strip scrolls it, not the page.
  const { x, y, width, height } = await box(strip);
  await page.mouse.move(x + width / 2, y + height / 2);
  await page.mouse.wheel(0, 400);
  await expect.poll(scroll).toBeGreaterThan(0);
  expect(await page.evaluate('window.scrollY')).toBe(0);
});

test.describe('the top bar folds by its width, not at the mobile breakpoint', () => {
  const inline = ['route-search-toggle', 'fullscreen', 'font-size'] as const;

  test('900 px (drawer) and 1366 px: search, fullscreen and font size inline, nothing folded', async ({ page }) => {
    await signInToShell(page, 'tenant1');
    for (const width of [1366, 900]) {
      await page.setViewportSize({ width, height: 700 });
      for (const id of inline) await expect(page.getByTestId('navbar').getByTestId(id), `${width} ${id}`).toBeVisible();
      await expect(page.getByTestId('shortcut-payCenter')).toBeVisible();
      await expect(page.getByTestId('navbar-more')).toHaveCount(0);
    }
  });

  test('1024 px beside the sidebar: the shortcuts fold into "more", the rest stays', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await signInToShell(page, 'tenant1');
    for (const id of inline) await expect(page.getByTestId('navbar').getByTestId(id)).toBeVisible();
    await expect(page.getByTestId('shortcut-payCenter')).toHaveCount(0);
    await page.getByTestId('navbar-more').click();
    await page.getByTestId('more-shortcut-payCenter').click();
    await expect(page).toHaveURL(/\/payCenter$/);
  });

  test('400 px: fullscreen and font size move to "more", where they still work; nothing overflows', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 400, height: 700 });
    await signInToShell(page, 'tenant1');
    const bar = page.getByTestId('navbar');
    await expect(bar.getByTestId('route-search-toggle')).toBeVisible();
    await expect(bar.getByTestId('fullscreen')).toHaveCount(0);
    await expect(bar.getByTestId('font-size')).toHaveCount(0);
    expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.getByTestId('navbar-more').click();
    await expect(page.getByTestId('more-fullscreen')).toBeVisible();
    // The sizes are in the menu itself, checked as chosen (no submenu to reach across the page).
    await expect(page.getByTestId('more-font-size').getByTestId('font-size-medium')).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByTestId('font-size-small').click();
    await expect(notification(page)).toHaveText(en.settings.sizeChanged);
    await page.getByTestId('navbar-more').click();
    await expect(page.getByTestId('font-size-small')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('font-size-medium').click();
  });

  test("400 px: the breadcrumb keeps the page's own title, whole, and gives up the parts before it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 400, height: 700 });
    await signInToShell(page, 'tenant1', '/productManagement/productList');
    await expect(page.getByTestId('breadcrumb-item')).toHaveCount(1);
    const last = page.getByTestId('breadcrumb-item').last();
    await expect(last).toHaveText(en.product.route.productList);
    // The last part is drawn whole (nothing of it cut), inside the bar, left of the bar's buttons.
    expect(await last.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const crumbs = (await page.getByTestId('breadcrumb').boundingBox())!;
    const box = (await last.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(crumbs.x + crumbs.width + 0.5);
    // At 1024 px the trail is back, as much of it as fits whole (its group at least).
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect.poll(() => page.getByTestId('breadcrumb-item').count()).toBeGreaterThan(1);
    await expect(page.getByTestId('breadcrumb-item').nth(-2)).toHaveText(en.product.route.productManagement);
    // A detail sits under its list; short of room the first parts go whole, no part is cut to two letters.
    await page.goto('/deviceList/index');
    await page.getByTestId('device-settings').first().click();
    const items = page.getByTestId('breadcrumb-item');
    await expect(items.last()).toHaveText(en.device.route.deviceSettings);
    await expect(items.nth(-2)).toHaveText(en.device.route.deviceList);
    for (const item of await items.all())
      expect(await item.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await items.nth(-2).getByRole('link').click();
    await expect(page).toHaveURL(/\/deviceList\/index$/);
  });
});

test('notifications show near the top, below the top bar, over no button of the page; the settings button covers no content', async ({
  page,
}) => {
  await signInToShell(page, 'tenant1', '/pointMent/pointList');
  await expect(page.getByTestId('point-row').first()).toBeVisible();
  await page.getByTestId('font-size').click();
  await page.getByTestId('font-size-small').click();
  const toast = await box(notification(page));
  const header = await box(page.getByTestId('shell-header'));
  const viewport = page.viewportSize()!;
  expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(toast.y).toBeLessThan(viewport.height / 3);
  // Not over the page's main button at the right of its title row ("new distributor" hidden for seconds).
  const create = await box(page.getByTestId('point-create'));
  const apart =
    toast.x + toast.width <= create.x ||
    create.x + create.width <= toast.x ||
    toast.y + toast.height <= create.y ||
    create.y + create.height <= toast.y;
  expect(apart, "the toast lies over the page's create button").toBe(true);

  // Nothing of the page (the row actions at the right edge least of all) lies under the button.
  const button = await box(page.getByTestId('settings-button'));
  const view = await box(page.locator('[data-active="true"][data-view]'));
  expect(view.x + view.width).toBeLessThanOrEqual(button.x);
  await page.getByTestId('font-size').click();
  await page.getByTestId('font-size-medium').click();
});

test('the route search: Escape clears and closes, no result says so, the device pool is named once', async ({
  page,
}) => {
  await signInToShell(page, 'admin');
  const search = page.getByTestId('route-search');
  await page.getByTestId('route-search-toggle').click();
  await search.fill('zzzzqqq');
  await expect(page.getByTestId('route-search-empty')).toHaveText(en.shell.searchEmpty);
  await expect(page.getByTestId('route-search-result')).toHaveCount(0);
  // Enter on the "no result" row goes nowhere.
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  await search.fill(en.device.route.devicePool);
  const pool = page.locator('[data-testid="route-search-result"][data-path="/devicePool/index"]');
  await expect(pool).toHaveText(en.device.route.devicePool);

  await search.press('Escape');
  await expect(search).toHaveCount(0);
  await expect(page.getByTestId('route-search-toggle')).toBeFocused();
  // Opened again, it is empty.
  await page.getByTestId('route-search-toggle').click();
  await expect(search).toHaveValue('');
  await search.press('Escape');
});

test.describe('switching language over unsaved input', () => {
  /** The switcher sits behind the open dialog's backdrop: a click there would be the backdrop's, so it goes to the switcher itself. */
  async function chooseLanguage(page: Page, lang: 'en' | 'zh-CN' | 'zh-TW') {
    await page.getByTestId('language-switcher').dispatchEvent('click');
    await page.getByTestId(`language-${lang}`).dispatchEvent('click');
  }

  test('asks first while the point dialog holds typed text, and keeps it when told no', async ({ page }) => {
    await signInToShell(page, 'tenant1', '/pointMent/pointList');
    await page.getByTestId('point-create').click();
    await page.getByTestId('point-form-name').fill('Typed point');

    await chooseLanguage(page, 'zh-TW');
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(en.language.unsaved);
    await page.getByTestId('confirm-cancel').click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId('point-form-name')).toHaveValue('Typed point');
    await expect(page.getByTestId('language-switcher')).toHaveText(en.language.en);

    // Told yes: switched (the view re-rendered, its dialog gone) and said so.
    await chooseLanguage(page, 'zh-TW');
    await page.getByTestId('confirm-ok').click();
    await expect(notification(page)).toHaveText(catalogues['zh-TW'].language.switched);
    await expect(page.getByTestId('language-switcher')).toHaveText(catalogues['zh-TW'].language['zh-TW']);
    await expect(page.getByTestId('point-form-name')).toHaveCount(0);

    // Nothing typed: at once, with the success message.
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-en').click();
    await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
    await expect(notification(page)).toHaveText(en.language.switched);
  });
});

test.describe('the router', () => {
  test('/redirect//evil.com is our 404 page, loaded or navigated to, never a way out or raw JSON', async ({
    page,
    baseURL,
  }) => {
    await signInToShell(page, 'tenant1');
    await page.goto('/redirect//evil.com');
    await expect(page.getByTestId('not-found')).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await expect(page).toHaveURL(/\/404$/);
    await page.getByTestId('back-home').click();
    await signOut(page);
    // Signed out: sign-in first, then the same 404.
    await page.goto('/redirect//evil.com');
    await expect(page.getByTestId('login-username')).toBeVisible();
  });

  test('refresh clicked in the same moment as a tab switch reloads the tab switched to, not the one left', async ({
    page,
  }) => {
    await signInToShell(page, 'tenant1');
    await openFromMenu(page, '/pointMent/pointList', '/pointMent');
    await page.getByTestId('point-filter-name').fill('kept');
    await page.getByTestId('sidebar-logo').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Both clicks in one task: the router renders the switch as a transition, so the shell has not re-rendered
    // by the second click, the way a quick user or a slow machine meets it.
    await page.evaluate(() => {
      const doc = globalThis as unknown as {
        document: { querySelector(s: string): { click(): void } | null };
      };
      doc.document
        .querySelector('[data-testid="tab"][data-path="/pointMent/pointList"] [data-testid="tab-label"]')!
        .click();
      doc.document.querySelector('[data-testid="refresh"]')!.click();
    });
    await expect(page).toHaveURL(/\/pointMent\/pointList$/);
    // Re-mounted (the typed filter is gone) and shown.
    await expect(page.getByTestId('point-filter-name').filter({ visible: true })).toHaveValue('');
    await expect(page.getByTestId('point-row').filter({ visible: true }).first()).toBeVisible();
  });

  test('navigating logs no React Router warning (logo, menu, tabs, refresh, redirect)', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      const text = m.text();
      if (/React Router|<Routes>|No routes matched|navigate\(\)/.test(text)) warnings.push(`${m.type()}: ${text}`);
    });
    await signInToShell(page, 'tenant1');
    await openFromMenu(page, '/pointMent/pointList', '/pointMent');
    await page.getByTestId('sidebar-logo').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.locator('[data-testid="tab"][data-path="/pointMent/pointList"]').getByTestId('tab-label').click();
    await expect(page).toHaveURL(/\/pointMent\/pointList$/);
    await page.getByTestId('refresh').click();
    // The rows the user sees: while the refreshed view replaces the cached one, the cached one's rows are in the
    // page too, hidden (the keep-alive cache), and the first row of all may be one of them.
    await expect(page.getByTestId('point-row').filter({ visible: true }).first()).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByTestId('sidebar-logo').click();
    await page.goto('/nowhere');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto('/redirect/pointMent/pointList');
    await expect(page).toHaveURL(/\/pointMent\/pointList$/);
    expect(warnings).toEqual([]);
  });
});
