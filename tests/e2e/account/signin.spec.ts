/** Sign-in refusals are localised and lose nothing typed. */
import { expect } from '@playwright/test';
import { test, openAs } from '../support.js';
import { catalogues, CODE, ERRORS } from '../../../shared/domains.js';
import { signIn, useLanguage } from '../support.js';

for (const lang of ['en', 'zh-CN'] as const) {
  test(`a wrong password shows the ${lang} refusal and keeps the username`, async ({ page, baseURL }) => {
    await useLanguage(page, baseURL, lang);
    await signIn(page, 'tenant1', 'not-the-password');
    await expect(page.getByTestId('login-error')).toHaveText(catalogues[lang].errorsUi.badCredentials);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('login-username')).toHaveValue('tenant1');
  });
}

test('empty fields are refused on the client with the spec texts', async ({ page, baseURL }) => {
  await useLanguage(page, baseURL, 'en');
  await page.goto('/login');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText(catalogues.en.validation.username)).toBeVisible();
  await expect(page.getByText(catalogues.en.validation.passwordRequired)).toBeVisible();
});

test('a signed-out deep link goes to sign-in and returns there after it', async ({ page, baseURL }) => {
  await useLanguage(page, baseURL, 'en');
  await page.goto('/pointMent/pointList');
  await expect(page).toHaveURL(/\/login/);
  await page.getByTestId('login-username').fill('tenant1');
  await page.getByTestId('login-password').fill('Demo@2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/pointMent\/pointList$/);
  await expect(page.getByTestId('point-row').first()).toBeVisible();
});

test('member1 lists points but is not offered binding', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'member1', '/pointMent/pointList');
  await expect(page.getByTestId('point-row').first()).toBeVisible();
  await expect(page.getByTestId('point-bind')).toHaveCount(0);
});

test('too many failed sign-ins to one account are refused with the localised 1505 and the wait', async ({
  page,
  baseURL,
}) => {
  await useLanguage(page, baseURL, 'en');
  // An account of its own (one that does not exist counts too), so no other test meets the lock.
  await page.goto('/login');
  const refusal = page.getByTestId('login-error');
  for (let i = 0; i < 10; i++) {
    await page.getByTestId('login-username').fill('intruder9');
    await page.getByTestId('login-password').fill(`Guess@${i}`);
    await page.getByTestId('login-submit').click();
    await expect(refusal).toHaveText(catalogues.en.errorsUi.badCredentials);
  }
  await page.getByTestId('login-password').fill('Guess@10');
  await page.getByTestId('login-submit').click();
  // The server's one-minute lock, counted down in whole seconds.
  const lines = refusal.locator('span');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toHaveText(ERRORS[CODE.tooManyAttempts]!.texts.en);
  await expect(lines.last()).toHaveText(
    new RegExp(`^${catalogues.en.account.login.retryInSeconds.replace('{{n}}', '(5\\d|60)')}$`),
  );
  await expect(page.getByTestId('login-username')).toHaveValue('intruder9');
});

test('the owner is told of the unsuccessful sign-ins to its account since its last', async ({ page, baseURL }) => {
  await useLanguage(page, baseURL, 'en');
  await signIn(page, 'tenant11', 'not-the-password', { form: true });
  await expect(page.getByTestId('login-error')).toHaveText(catalogues.en.errorsUi.badCredentials);
  await signIn(page, 'tenant11', undefined, { form: true });
  const told = page
    .getByTestId('notify')
    .filter({ hasText: catalogues.en.account.login.failedAttempts.split('{{count}}')[0]! });
  await expect(told).toContainText(' 1 unsuccessful sign-in');
  await expect(told).toHaveAttribute('data-intent', 'warning');
});

test('the console loads while the user types: its shell is fetched before the sign-in is submitted, nothing of it after', async ({
  page,
  baseURL,
}) => {
  await useLanguage(page, baseURL, 'en');
  const scripts: { at: number; body: Promise<string> }[] = [];
  let submitted = Infinity;
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push({ at: Date.now(), body: r.text().catch(() => '') });
  });
  await page.goto('/login');
  await page.getByTestId('login-username').fill('tenant1');
  await page.getByTestId('login-password').fill('Demo@2026');
  // The shell's module draws the side menu: it is in one of the scripts already fetched.
  const shellFetched = async () =>
    (await Promise.all(scripts.map((s) => s.body))).some((body) => body.includes('side-menu'));
  await expect.poll(shellFetched).toBe(true);
  submitted = Date.now();
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  const after = await Promise.all(scripts.filter((s) => s.at >= submitted).map((s) => s.body));
  expect(after.filter((body) => body.includes('side-menu'))).toEqual([]);
});
