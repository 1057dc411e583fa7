/** Steps every end-to-end test shares: language choice, sign-in, sign-out. */
import { expect, type Page } from '@playwright/test';

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
