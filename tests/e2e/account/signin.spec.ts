/** Sign-in refusals are localised and lose nothing typed. */
import { expect } from '@playwright/test';
import { test } from '../support.js';
import { catalogues } from '../../../shared/domains.js';
import { signIn, signOut, useLanguage } from '../support.js';

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
  await signOut(page);
});

test('member1 lists points but is not offered binding', async ({ page, baseURL }) => {
  await useLanguage(page, baseURL, 'en');
  await signIn(page, 'member1');
  await page.goto('/pointMent/pointList');
  await expect(page.getByTestId('point-row').first()).toBeVisible();
  await expect(page.getByTestId('point-bind')).toHaveCount(0);
  await signOut(page);
});
