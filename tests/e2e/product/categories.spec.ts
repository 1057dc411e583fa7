/** Categories end to end (spec §2 classification, §5): the tree, pinyin search, create under a parent, edit, delete, refusals. */
import { expect, type Page } from '@playwright/test';
import { catalogues, CODE, ERRORS } from '../../../shared/domains.js';
import { notification, signIn, test, useLanguage, openAs } from '../support.js';

const en = catalogues.en;
const rows = (page: Page) => page.getByTestId('category-row');
const rowOf = (page: Page, number: string) =>
  rows(page).filter({ has: page.getByTestId('category-number').getByText(number, { exact: true }) });

async function openCategories(page: Page) {
  await page.goto('/productManagement/classification');
  await expect(rows(page).first()).toBeVisible();
}

async function search(page: Page, keyword: string) {
  await page.getByTestId('category-filter-keyword').fill(keyword);
  await page.getByTestId('category-search').click();
}

test('tenant2 sees its tree in order, finds a category by pinyin initials, and creates, edits and deletes a subcategory', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2');
  await openCategories(page);
  // Tree order: each category right after its parent, one level of indent each.
  await expect(rows(page).nth(0)).toHaveAttribute('data-depth', '0');
  await expect(page.getByTestId('category-number').nth(0)).toHaveText('COFFEE');
  await expect(page.getByTestId('category-number').nth(1)).toHaveText('COFFEE-FRESH');
  await expect(rows(page).nth(1)).toHaveAttribute('data-depth', '1');
  // Paged by whole trees: the pager counts the three top-level categories, their 13 rows on one page.
  await expect(page.getByTestId('category-pager-total')).toHaveText('3 top-level categories');
  await expect(rows(page)).toHaveCount(13);

  await search(page, 'tsyl');
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByTestId('category-name')).toHaveText(/碳酸饮料/);
  await page.getByTestId('category-reset').click();
  await expect(rows(page)).toHaveCount(13);

  // A parent with subcategories offers no delete, and says why.
  await expect(rowOf(page, 'DRINK').getByTestId('category-delete')).toBeDisabled();

  await rowOf(page, 'DRINK').getByTestId('category-create-child').click();
  await expect(page.getByTestId('category-form-parent')).toHaveText(/饮料 \(DRINK\)/);
  await page.getByTestId('category-form-name').fill('功能饮料');
  await page.getByTestId('category-form-number').fill('DRINK-ENERGY');
  await page.getByTestId('category-form-description').fill('运动、能量饮料');
  await page.getByTestId('category-form-remark').fill('二级分类');
  await page.getByTestId('category-form-submit').dblclick();
  await expect(notification(page)).toHaveText(en.product.category.created);
  await expect(rowOf(page, 'DRINK-ENERGY')).toHaveCount(1);
  await expect(rowOf(page, 'DRINK-ENERGY')).toHaveAttribute('data-depth', '1');

  // The number is unique per tenant: the refusal keeps the dialog and what was typed.
  await rowOf(page, 'DRINK-ENERGY').getByTestId('category-edit').click();
  await page.getByTestId('category-form-number').fill('DRINK-SODA');
  await page.getByTestId('category-form-submit').click();
  await expect(notification(page)).toHaveText(ERRORS[CODE.categoryNumberTaken]!.texts.en);
  await expect(page.getByTestId('category-form-number')).toHaveValue('DRINK-SODA');
  await page.getByTestId('category-form-number').fill('DRINK-SPORT');
  await page.getByTestId('category-form-submit').click();
  await expect(notification(page)).toHaveText(en.product.category.updated);
  await expect(rowOf(page, 'DRINK-SPORT')).toHaveCount(1);

  await rowOf(page, 'DRINK-SPORT').getByTestId('category-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notification(page)).toHaveText(en.product.category.deleted);
  await expect(rowOf(page, 'DRINK-SPORT')).toHaveCount(0);
});

test('the form says what is wrong before sending: required fields, an 11-character name, a number with spaces', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2');
  await openCategories(page);
  await page.getByTestId('category-create').click();
  await page.getByTestId('category-form-submit').click();
  await expect(page.getByText(en.validation.required).first()).toBeVisible();
  await page.getByTestId('category-form-name').fill('一二三四五六七八九十一');
  await page.getByTestId('category-form-number').fill('A B');
  await page.getByTestId('category-form-submit').click();
  await expect(page.getByText(en.validation.maxLength.replace('{{max}}', '10'))).toBeVisible();
  await expect(page.getByText(en.validation.code)).toBeVisible();
  await page.getByTestId('category-form-cancel').click();
});

test("the system admin chooses the tenant before creating, and sees every tenant's categories", async ({
  page,
  baseURL,
}) => {
  await useLanguage(page, baseURL, 'zh-CN');
  await signIn(page, 'admin');
  await openCategories(page);
  await page.getByTestId('category-create').click();
  await page.getByTestId('category-form-name').fill('日用品');
  await page.getByTestId('category-form-number').fill('DAILY');
  await page.getByTestId('category-form-description').fill('纸巾、雨伞');
  await page.getByTestId('category-form-remark').fill('一级分类');
  await page.getByTestId('category-form-submit').click();
  await expect(page.getByText(catalogues['zh-CN'].validation.required)).toBeVisible();
  await page.getByTestId('category-form-tenant').click();
  await page.getByRole('option', { name: '华南智慧零售有限公司' }).click();
  await page.getByTestId('category-form-submit').click();
  await expect(notification(page)).toHaveText(catalogues['zh-CN'].product.category.created);
  await search(page, 'ryp');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('华南智慧零售有限公司');
});

test('member1, without 5-1, is not offered the categories', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'member1', '/productManagement/classification');
  await expect(page.getByTestId('category-table')).toHaveCount(0);
});
