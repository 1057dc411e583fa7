/**
 * The account's rough edges found by trying the console (browser mode):
 * a tab left on a previous user, the sign-in form, the password dialog, and
 * titles in one language. The host holds one session for every tab, as the
 * desktop app does for every window. Texts come from the catalogues.
 */
import { expect, type Page } from '@playwright/test';
import { test } from '../support.js';
import { catalogues } from '../../../shared/domains.js';
import { activeTab, notification, PASSWORD, signIn, signOut, useLanguage } from '../support.js';

const en = catalogues.en;
const zh = catalogues['zh-CN'];
const zhTW = catalogues['zh-TW'];

test.describe.configure({ mode: 'serial' });

async function signInToShell(page: Page, username: string) {
  await signIn(page, username);
  await expect(page.getByTestId('profile-menu')).toBeVisible();
}

const pointNames = (page: Page) =>
  page.getByTestId('point-row').evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''));

test.describe('a tab left on a previous user', () => {
  test('takes on the user signed in from another tab at its next action, and never shows the old user with the new data', async ({
    page,
    context,
    baseURL,
  }) => {
    await useLanguage(page, baseURL, 'en');
    await signInToShell(page, 'tenant1');
    const tenant1 = await page.getByTestId('user-name').textContent();
    await page.goto('/pointMent/pointList');
    await expect(page.getByTestId('point-row').first()).toBeVisible();

    // Another tab of the same browser: signed in as tenant1 too, it signs out and in as tenant2.
    const other = await context.newPage();
    await other.goto('/');
    await signOut(other);
    await signInToShell(other, 'tenant2');
    const tenant2 = await other.getByTestId('user-name').textContent();
    expect(tenant2).not.toBe(tenant1);
    await other.goto('/pointMent/pointList');
    await expect(other.getByTestId('point-row').first()).toBeVisible();
    const tenant2Points = await pointNames(other);

    // The first tab's next call carries tenant1's session: the core refuses it,
    // and the tab reloads as tenant2, at its home, and says so.
    await page.bringToFront();
    await page.getByTestId('refresh').click();
    await expect(page.getByTestId('user-name')).toHaveText(tenant2!);
    await expect(notification(page)).toHaveText(en.session.switched.replace('{{name}}', tenant2!));
    await expect(page).toHaveURL(/\/dashboard$/);
    // Its tabs are tenant2's own: none of tenant1's screens is left open.
    await expect(page.getByTestId('tab')).toHaveCount(1);
    await page.goto('/pointMent/pointList');
    await expect(page.getByTestId('point-row').first()).toBeVisible();
    expect(await pointNames(page)).toEqual(tenant2Points);

    await other.close();
  });

  test('goes to sign-in, saying why, once another tab has signed out', async ({ page, context, baseURL }) => {
    await useLanguage(page, baseURL, 'en');
    await signInToShell(page, 'tenant1');
    await page.goto('/pointMent/pointList');
    await expect(page.getByTestId('point-row').first()).toBeVisible();

    const other = await context.newPage();
    await other.goto('/');
    await signOut(other);
    await other.close();

    await page.bringToFront();
    await page.getByTestId('refresh').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(notification(page)).toHaveText(en.session.ended);
    await expect(page.getByTestId('profile-menu')).toHaveCount(0);
  });
});

test.describe('sign-in form', () => {
  test('has the username focused on arrival', async ({ page, baseURL }) => {
    await useLanguage(page, baseURL, 'en');
    await page.goto('/login');
    await expect(page.getByTestId('login-username')).toBeFocused();
  });

  test('says nothing on leaving a field; re-words the errors of a refused sign-in when the language changes', async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, baseURL, 'en');
    await page.goto('/login');
    await expect(page.getByTestId('login-username')).toBeFocused();
    const field = page.getByTestId('login-username-field');
    // Leaving the empty field says nothing (the forms check on submit, then live).
    await page.getByTestId('login-password').focus();
    await expect(field).not.toContainText(en.validation.username);
    await page.getByTestId('login-submit').click();
    await expect(field).toContainText(en.validation.username);
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-zh-CN').click();
    await expect(field).toContainText(zh.validation.username);
    await expect(field).not.toContainText(en.validation.username);
  });

  test('the language menu works from the keyboard alone: opens on the current language, arrows move, Enter switches, Escape closes', async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, baseURL, 'en');
    await page.goto('/login');
    const trigger = page.getByTestId('language-switcher');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('language-en')).toBeFocused();
    await expect(page.getByTestId('language-en')).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Home');
    await expect(page.getByTestId('language-zh-CN')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveText(zhTW.language['zh-TW']);
    await expect(page.getByTestId('login-submit')).toHaveText(zhTW.account.login.submit);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await expect(trigger).toBeFocused();
  });

  test('is drawn light or dark as the system says, followed live, unless the console was set to one', async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, baseURL, 'en');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    const signInPage = page.getByTestId('signin-page');
    await expect(signInPage).toHaveAttribute('data-appearance', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(signInPage).toHaveAttribute('data-appearance', 'dark');
    // The console's stored choice wins over the system's.
    await page.evaluate(() => localStorage.setItem('vend.shell', JSON.stringify({ appearance: 'light' })));
    await page.reload();
    await expect(signInPage).toHaveAttribute('data-appearance', 'light');
    await page.evaluate(() => localStorage.removeItem('vend.shell'));
  });

  test('refuses a password of spaces only with "enter a valid password", without asking the upstream', async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, baseURL, 'en');
    const signIns: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/bridge/session.signIn')) signIns.push(r.url());
    });
    await page.goto('/login');
    await page.getByTestId('login-username').fill('tenant1');
    await page.getByTestId('login-password').fill('   ');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText(en.validation.password)).toBeVisible();
    await expect(page.getByText(en.validation.passwordRequired)).toHaveCount(0);
    expect(signIns).toEqual([]);
  });

  test('a wrong password shows once, in the form, and is cleared with the focus back on it', async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, baseURL, 'en');
    await signIn(page, 'tenant1', 'Wrong@2026');
    const refusal = page.getByTestId('login-error');
    await expect(refusal).toHaveText(en.errorsUi.badCredentials);
    // Inside the form, not a notification at the window's edge as well.
    await expect(page.locator('form').getByTestId('login-error')).toBeVisible();
    await expect(page.getByTestId('notify')).toHaveCount(0);
    await expect(page.getByTestId('login-password')).toHaveValue('');
    await expect(page.getByTestId('login-password')).toBeFocused();
    await expect(page.getByTestId('login-username')).toHaveValue('tenant1');
    // The right password then signs in, the refusal gone.
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await signOut(page);
    await expect(page.getByTestId('login-error')).toHaveCount(0);
  });
});

test.describe('password dialog', () => {
  async function openPasswordDialog(page: Page) {
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('profile-password').click();
    await expect(page.getByTestId('password-new')).toBeVisible();
  }

  test('refuses a new password equal to the old one, once and on the field, without calling', async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, baseURL, 'en');
    await signInToShell(page, 'tenant11');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/bridge/tenant.password')) calls.push(r.url());
    });
    await openPasswordDialog(page);
    await page.getByTestId('password-old').fill(PASSWORD);
    await page.getByTestId('password-new').fill(PASSWORD);
    await page.getByTestId('password-confirm').fill(PASSWORD);
    await page.getByTestId('password-submit').click();
    await expect(page.getByText(en.account.password.sameAsOld)).toHaveCount(1);
    await expect(page.getByTestId('notify')).toHaveCount(0);
    expect(calls).toEqual([]);
    // Another old password clears it on the way (the new one is checked again on leaving the old).
    await page.getByTestId('password-old').fill('Other@2026');
    await page.getByTestId('password-old').blur();
    await expect(page.getByText(en.account.password.sameAsOld)).toHaveCount(0);
    await page.getByTestId('password-cancel').click();
  });

  test('a click beside the dialog asks before throwing what was typed away; kept, then Cancel discards it', async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, baseURL, 'en');
    await signInToShell(page, 'tenant11');
    await openPasswordDialog(page);
    await page.getByTestId('password-new').fill('Typed@2026');
    await page.mouse.click(5, 300);
    await page.getByTestId('confirm-cancel').click();
    await expect(page.getByTestId('password-new')).toHaveValue('Typed@2026');
    await page.getByTestId('password-cancel').click();
    await expect(page.getByTestId('password-new')).toBeHidden();
  });
});

test.describe('one language per screen (zh-CN)', () => {
  const latin = /[A-Za-z]/;

  test('every page title is Chinese only, sign-in included', async ({ page, baseURL }) => {
    await useLanguage(page, baseURL, 'zh-CN');
    await page.goto('/login');
    await expect(page).toHaveTitle(`${zh.route.login} - ${zh.app.shortTitle}`);
    expect(await page.title()).not.toMatch(latin);
    await signInToShell(page, 'tenant1');
    for (const path of ['/dashboard', '/pointMent/pointList', '/person', '/nowhere']) {
      await page.goto(path);
      await expect(page).toHaveTitle(new RegExp(` - ${zh.app.shortTitle}$`));
      expect(await page.title(), path).not.toMatch(latin);
    }
    await page.goto('/');
  });

  test('the profile entry and the page it opens share one name', async ({ page, baseURL }) => {
    await useLanguage(page, baseURL, 'zh-CN');
    await signInToShell(page, 'tenant1');
    await page.getByTestId('profile-menu').click();
    const entry = page.getByTestId('profile-person');
    await expect(entry).toHaveText(zh.account.profile.person);
    await entry.click();
    await expect(page).toHaveURL(/\/person$/);
    await expect(page).toHaveTitle(`${zh.account.profile.person} - ${zh.app.shortTitle}`);
    await expect(activeTab(page)).toHaveText(zh.account.profile.person);
  });
});
