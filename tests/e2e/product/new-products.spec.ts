/**
 * The new product library end to end (spec §2 merchandise, nweGoods, setProperty; §5): a category with
 * attributes, a product filled in by them, found by pinyin initials, put on and off sale, its category
 * changed only after its image is removed.
 */
import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { IMAGES } from '../../server/file/support.js';
import { notification, test, openAs } from '../support.js';

const en = catalogues.en.product;
const rows = (page: Page) => page.getByTestId('product-row');
const rowOf = (page: Page, number: string) =>
  rows(page).filter({ has: page.getByTestId('product-number').getByText(number, { exact: true }) });
const categoryRow = (page: Page, number: string) =>
  page
    .getByTestId('category-row')
    .filter({ has: page.getByTestId('category-number').getByText(number, { exact: true }) });

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('tenant1 sets up a category with attributes and creates a new-library product filled in by them', async ({
  page,
  baseURL,
}) => {
  // A category with two attributes.
  await openAs(page, baseURL, 'tenant1', '/productManagement/classification');
  await page.getByTestId('category-create').click();
  await page.getByTestId('category-form-name').fill('功能饮料');
  await page.getByTestId('category-form-number').fill('ENERGY');
  await page.getByTestId('category-form-description').fill('运动、能量饮料');
  await page.getByTestId('category-form-remark').fill('一级分类');
  await page.getByTestId('category-form-submit').click();
  await expect(notification(page)).toHaveText(en.category.created);
  await categoryRow(page, 'ENERGY').getByTestId('category-attributes').click();
  for (const [name, number, kind, rule] of [
    ['容量', 'VOL', en.attribute.kinds.range, '100~1000'],
    ['口味', 'TASTE', en.attribute.kinds.single, '原味,无糖'],
  ] as const) {
    await page.getByTestId('attribute-create').click();
    await page.getByTestId('attribute-form-group').fill('规格');
    await page.getByTestId('attribute-form-name').fill(name);
    await page.getByTestId('attribute-form-number').fill(number);
    await choose(page, 'attribute-form-kind', kind);
    await page.getByTestId('attribute-form-rule').fill(rule);
    await page.getByTestId('attribute-form-submit').click();
    await expect(notification(page)).toHaveText(en.attribute.created);
  }

  // The product: the form draws an input per attribute once the category is chosen.
  await page.goto('/productManagement/merchandise');
  await expect(rows(page).first()).toBeVisible();
  await page.getByTestId('product-create').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.newProduct.createTitle);
  await page
    .getByTestId('new-goods-image-input')
    .setInputFiles({ name: 'redbull.png', mimeType: 'image/png', buffer: IMAGES['image/png'] });
  await expect(page.getByTestId('new-goods-image').locator('img')).toHaveCount(1);
  await page.getByTestId('new-goods-number').fill('N-REDBULL');
  await page.getByTestId('new-goods-name').fill('红牛维生素功能饮料');
  await page.getByTestId('new-goods-englishName').fill('Red Bull');
  await expect(page.getByTestId('new-goods-attributes')).toContainText(en.newProduct.noCategory);
  await choose(page, 'new-goods-category', '功能饮料');
  await expect(page.getByTestId('attribute-input-VOL')).toBeVisible();
  await page.getByTestId('new-goods-model').fill('VM-S600 饮料机');
  await page.getByTestId('new-goods-price').fill('6.5');
  await page.getByTestId('new-goods-brief').fill('补充能量，提神醒脑');
  await page.getByTestId('attribute-input-VOL').fill('2000');
  await page.getByTestId('new-goods-submit').click();
  // Out of its range, and a required choice missing: said at the inputs, nothing sent.
  await expect(page.getByText(catalogues.en.product.validation.attrRange, { exact: true })).toBeVisible();
  await expect(
    page.getByTestId('new-goods-attributes').getByText(catalogues.en.validation.required, { exact: true }),
  ).toBeVisible();
  await page.getByTestId('attribute-input-VOL').fill('250');
  await choose(page, 'attribute-input-TASTE', '无糖');
  await page.getByTestId('new-goods-submit').dblclick();
  await expect(notification(page)).toHaveText(en.newProduct.created);
  await expect(page).toHaveURL(/merchandise$/);
  // Done with creating: its tab closed with it.
  await expect(page.getByTestId('tab').filter({ hasText: en.route.newGoods })).toHaveCount(0);

  // Found by the initials of its name, off sale until put on sale.
  await page.getByTestId('product-filter-keyword').fill('hnwss');
  await page.getByTestId('product-search').click();
  await expect(rows(page)).toHaveCount(1);
  const row = rowOf(page, 'N-REDBULL');
  await expect(row.getByTestId('product-sale')).toHaveText(en.product.statusOffSale);
  await row.getByTestId('product-toggle-sale').click();
  await expect(row.getByTestId('product-sale')).toHaveText(en.product.statusOnSale);
  await row.getByTestId('product-toggle-sale').click();
  await expect(row.getByTestId('product-sale')).toHaveText(en.product.statusOffSale);

  // Editing: the values come back; the category waits until the image is removed, and a new one is filled in anew.
  await row.getByTestId('product-edit').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.newProduct.editTitle);
  // The tab, the breadcrumb and the window's title say so too, not "Create product".
  await expect(page.getByTestId('tab').filter({ hasText: en.route.editGoods })).toBeVisible();
  await expect(page.getByTestId('breadcrumb-item').last()).toHaveText(en.route.editGoods);
  await expect(page).toHaveTitle(new RegExp(`^${en.route.editGoods}`));
  await expect(page.getByTestId('attribute-input-VOL')).toHaveValue('250');
  await expect(page.getByTestId('new-goods-category')).toBeDisabled();
  await page.getByTestId('new-goods-englishName').fill('');
  await page.getByTestId('new-goods-submit').click();
  await expect(page.getByText(catalogues.en.product.validation.englishCleared, { exact: true })).toBeVisible();
  await page.getByTestId('new-goods-englishName').fill('Red Bull Vitamin');
  await page.getByTestId('new-goods-image-remove').click();
  await expect(page.getByTestId('new-goods-category')).toBeEnabled();
  await choose(page, 'new-goods-category', '碳酸饮料');
  await expect(page.getByTestId('attribute-input-VOLUME')).toHaveValue('');
});

test("tenant2 changes a coffee's recipe: the quantities are checked, saved and shown again", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2', '/productManagement/merchandise');
  await page.getByTestId('product-filter-keyword').fill('N-LATTE');
  await page.getByTestId('product-search').click();
  await rowOf(page, 'N-LATTE').getByTestId('product-edit').click();
  await expect(page.getByTestId('recipe-row')).toHaveCount(4);
  await expect(page.getByTestId('recipe-ingredient').nth(1)).toHaveText('全脂牛奶');
  await page.getByTestId('recipe-quantity').nth(1).fill('-5');
  await page.getByTestId('new-goods-submit').click();
  await expect(page.getByText(catalogues.en.product.validation.quantity, { exact: true })).toBeVisible();
  await page.getByTestId('recipe-quantity').nth(1).fill('250');
  await page.getByTestId('recipe-add').click();
  await page.getByTestId('recipe-ingredient').nth(4).click();
  await page.getByRole('option', { name: '白砂糖 (SUGAR)', exact: true }).click();
  await page.getByTestId('recipe-quantity').nth(4).fill('5');
  await page.getByTestId('new-goods-submit').click();
  await expect(notification(page)).toHaveText(en.newProduct.updated);

  await rowOf(page, 'N-LATTE').getByTestId('product-edit').click();
  await expect(page.getByTestId('recipe-row')).toHaveCount(5);
  await expect(page.getByTestId('recipe-quantity').nth(1)).toHaveValue('250');
  await expect(page.getByTestId('recipe-ingredient').nth(4)).toHaveText('白砂糖');
});

test('a wrong product address says so instead of an empty form', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant2', '/productManagement/nweGoods?id=abc');
  await expect(page.getByTestId('new-goods-problem')).toHaveText(en.newProduct.invalidId);
});

test('member3, holding 5-1 only, sees the old library but not the new', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'member3', '/productManagement/productList');
  await expect(rows(page).first()).toBeVisible();
  await page.goto('/productManagement/merchandise');
  await expect(page.getByTestId('product-table')).toHaveCount(0);
  await expect(page.getByRole('link', { name: catalogues.en.product.route.merchandise })).toHaveCount(0);
  // Every button of the categories leads to a screen it opens: attributes, image formats, ingredients.
  for (const [button, heading] of [
    ['category-attributes', /^Attributes of/],
    ['category-image-formats', /^Image formats of/],
    ['category-ingredients', /^Ingredients$/],
  ] as const) {
    await page.goto('/productManagement/classification');
    await page.getByTestId(button).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
});
