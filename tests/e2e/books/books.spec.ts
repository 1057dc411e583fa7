/**
 * The books end to end: tenant1 checks its books now — a job of the
 * upstream — and the screen follows the run until every check of every
 * domain stands balanced on the demo and what the sales of this run did;
 * the admin reads the same checks over every tenant, in Chinese.
 */
import { expect, type Page } from '@playwright/test';
import { BOOK_CHECKS } from '../../../shared/books/index.js';
import { catalogues } from '../../../shared/domains.js';
import { notification, openAs, PASSWORD, signIn, test, useLanguage } from '../support.js';

async function checkNow(page: Page, texts: typeof catalogues.en.books) {
  await page.getByTestId('books-run').click();
  await expect(notification(page)).toHaveText(texts.queued);
  // The run ends and the page reads its findings without a reload.
  await expect(page.getByTestId('books-last-run')).toContainText(texts.kinds.asked, { timeout: 30_000 });
  await expect(page.getByTestId('books-run')).toHaveText(texts.run);
  const results = page.getByTestId('books-check-result');
  await expect(results).toHaveCount(BOOK_CHECKS.length);
  for (const result of await results.all()) await expect(result).toHaveText(texts.balanced);
  await expect(page.getByTestId('books-difference')).toHaveCount(0);
}

test('tenant1 checks its books now and reads every check balanced', async ({ page, baseURL }) => {
  const en = catalogues.en.books;
  await openAs(page, baseURL, 'tenant1', '/books');
  await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
  await checkNow(page, en);
  await expect(page.getByTestId('books-check-name').first()).toHaveText(en.checks.member.points.name);
  // A first-level tenant may narrow its books to one of its tenants.
  await expect(page.getByTestId('books-filter-tenant')).toBeVisible();
});

test('the admin checks every tenant’s books, in Chinese', async ({ page, baseURL }) => {
  const zh = catalogues['zh-CN'].books;
  await useLanguage(page, baseURL, 'zh-CN');
  await signIn(page, 'admin', PASSWORD, { at: '/books' });
  await expect(page.getByRole('heading', { level: 1, name: zh.title })).toBeVisible();
  await expect(page.getByTestId('books-filter-tenant')).toBeVisible();
  await checkNow(page, zh);
});
