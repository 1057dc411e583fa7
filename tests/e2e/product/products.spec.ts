/** The old product library end to end (spec §2 productList, §5): create with an uploaded image, pinyin search, sale and enable, bulk changes. */
import { expect, type Page } from '@playwright/test';
import { catalogues, CODE, ERRORS } from '../../../shared/domains.js';
import { IMAGES } from '../../server/file/support.js';
import { notification, test, openAs } from '../support.js';

const en = catalogues.en.product.product;
const rows = (page: Page) => page.getByTestId('product-row');
const rowOf = (page: Page, number: string) =>
  rows(page).filter({ has: page.getByTestId('product-number').getByText(number, { exact: true }) });

async function openProducts(page: Page) {
  await page.goto('/productManagement/productList');
  await expect(rows(page).first()).toBeVisible();
}

async function search(page: Page, keyword: string) {
  await page.getByTestId('product-filter-keyword').fill(keyword);
  await page.getByTestId('product-search').click();
}

const chooseImage = (page: Page, name: string, buffer: Buffer) =>
  page.getByTestId('product-form-images-input').setInputFiles({ name, mimeType: 'image/png', buffer });

test('tenant2 creates a product with an image, finds it by pinyin initials, and puts it on and off sale', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2');
  await openProducts(page);
  await page.getByTestId('product-create').click();

  // Nothing chosen yet: the form says what is missing before anything is sent.
  await page.getByTestId('product-form-submit').click();
  await expect(page.getByText(catalogues.en.product.validation.imageRequired)).toBeVisible();

  // A script named .png is refused by its content, with the spec's "format content error".
  await chooseImage(page, 'cat.png', Buffer.from('#!/bin/sh\necho not a picture\n'));
  await expect(notification(page)).toHaveText(ERRORS[CODE.fileTypeRefused]!.texts.en);
  await expect(page.getByTestId('product-form-images-tile')).toHaveCount(0);

  await chooseImage(page, 'bingfeng.png', IMAGES['image/png']);
  await expect(page.getByTestId('product-form-images-tile')).toHaveCount(1);
  await chooseImage(page, 'bingfeng-2.gif', IMAGES['image/gif']);
  await expect(page.getByTestId('product-form-images-tile')).toHaveCount(2);
  // The second becomes the main image.
  const second = await page.getByTestId('product-form-images-tile').nth(1).getAttribute('data-file-id');
  await page.getByTestId('product-form-images-left').nth(1).click();
  await expect(page.getByTestId('product-form-images-tile').first()).toHaveAttribute('data-file-id', second!);

  await page.getByTestId('product-form-number').fill('BINGFENG-01');
  await page.getByTestId('product-form-name').fill('冰峰橙味汽水 330ml');
  await page.getByTestId('product-form-category').click();
  await page.getByRole('option', { name: '碳酸饮料' }).click();
  await page.getByTestId('product-form-model').fill('VM-S600 饮料机');
  await page.getByTestId('product-form-price').fill('3.5');
  await page.getByTestId('product-form-tags-input').fill('西安');
  await page.getByTestId('product-form-tags-input').press('Enter');
  await page.getByTestId('product-form-tags-input').fill('西安');
  await page.getByTestId('product-form-tags-input').press('Enter');
  await expect(page.getByTestId('product-form-tags-list').getByText('西安')).toHaveCount(1);
  await page.getByTestId('product-form-brief').fill('西安老字号橙味汽水');
  // Perishable asks for its shelf life; a soda is not, once unticked. A cost is money, or nothing.
  await page.getByTestId('product-form-cost').fill('1.9.0');
  await page.getByTestId('product-form-perishable').click();
  await page.getByTestId('product-form-submit').click();
  await expect(page.getByText(catalogues.en.product.validation.shelfLifeRequired)).toBeVisible();
  await expect(page.getByText(catalogues.en.product.validation.cost)).toBeVisible();
  await page.getByTestId('product-form-cost').fill('1.9');
  await page.getByTestId('product-form-perishable').click();
  await page.getByTestId('product-form-shelf-life').fill('365');
  await page.getByTestId('product-form-submit').dblclick();
  await expect(notification(page)).toHaveText(en.created);

  await search(page, 'bfcw');
  await expect(rows(page)).toHaveCount(1);
  const row = rowOf(page, 'BINGFENG-01');
  await expect(row.getByTestId('product-price')).toHaveText('¥3.50');
  await row.getByTestId('product-edit').click();
  await expect(page.getByTestId('product-form-cost')).toHaveValue('1.90');
  await page.getByTestId('product-form-cancel').click();
  await expect(row.getByTestId('product-sale')).toHaveText(en.statusOffSale);
  await expect(row.locator('img')).toHaveAttribute('src', `/files/${second}`);
  // The picture loads through the console's own route.
  await expect
    .poll(() => row.locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);

  await row.getByTestId('product-toggle-sale').click();
  await expect(row.getByTestId('product-sale')).toHaveText(en.statusOnSale);
  await row.getByTestId('product-toggle-enabled').click();
  await expect(row.getByTestId('product-enabled')).toHaveText(en.statusDisabled);
  // Disabled: off sale, and not offered to go on sale again.
  await expect(row.getByTestId('product-sale')).toHaveText(en.statusOffSale);
  await expect(row.getByTestId('product-toggle-sale')).toBeDisabled();
});

test('bulk changes apply to the selection, all or nothing', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant2');
  await openProducts(page);
  await search(page, 'kkkl');
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole('checkbox', { name: en.selectAll }).check();
  await expect(page.getByTestId('product-selected')).toHaveText(en.selected.replace('{{count}}', '3'));
  await page.getByTestId('product-bulk-off').click();
  await expect(notification(page)).toHaveText(en.stateChanged.replace('{{count}}', '3'));
  for (const sale of await page.getByTestId('product-sale').all()) await expect(sale).toHaveText(en.statusOffSale);
  await page.getByRole('checkbox', { name: en.selectAll }).check();
  await page.getByTestId('product-bulk-on').click();
  for (const sale of await page.getByTestId('product-sale').all()) await expect(sale).toHaveText(en.statusOnSale);
});

test('member1, without 5-1, is not offered the product library', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'member1', '/productManagement/productList');
  await expect(page.getByTestId('product-table')).toHaveCount(0);
});

test('a bulk price change is previewed, then applied to the whole selection', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant2');
  await openProducts(page);
  await search(page, 'bskl');
  await expect(rows(page)).toHaveCount(3);
  // The model filter narrows by the machine the product is made for.
  await page.getByTestId('product-filter-model').fill('cm-200');
  await page.getByTestId('product-search').click();
  await expect(rows(page)).toHaveCount(0);
  await page.getByTestId('product-filter-model').fill('vm-s600');
  await page.getByTestId('product-search').click();
  await expect(rows(page)).toHaveCount(3);
  const before = await page.getByTestId('product-price').allTextContents();
  await page.getByRole('checkbox', { name: en.selectAll }).check();
  await page.getByTestId('product-bulk-price').click();
  const price = catalogues.en.product.price;
  await expect(page.getByTestId('price-apply')).toBeDisabled();
  await page.getByTestId('price-mode-add').click();
  await page.getByTestId('price-value').fill('-0.50');
  await page.getByTestId('price-preview').click();
  await expect(page.getByTestId('price-row')).toHaveCount(3);
  // Nothing written yet: the list behind still shows the old prices.
  await expect(page.getByTestId('product-price')).toHaveText(before);
  await page.getByTestId('price-apply').click();
  await expect(notification(page)).toHaveText(price.changed.replace('{{count}}', '3'));
  const yuan = (text: string) => Math.round(Number(text.replace(/[¥,]/g, '')) * 100);
  await expect
    .poll(async () => (await page.getByTestId('product-price').allTextContents()).map(yuan))
    .toEqual(before.map((p) => yuan(p) - 50));
});

for (const width of [400, 560]) {
  test(`at ${width} px every control of a form grid stays inside its column (the kit's grid, not Fluent's 250 px minimum)`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await openAs(page, baseURL, 'tenant2');
    await openProducts(page);
    await page.getByTestId('product-create').click();
    await expect(page.getByTestId('product-form-submit')).toBeVisible();
    const spills = await page.getByRole('dialog').evaluate((root) => {
      const out: string[] = [];
      for (const control of root.querySelectorAll('.fui-Dropdown, .fui-Combobox, .fui-Input, .fui-Select')) {
        const field = control.closest('.fui-Field') ?? control.parentElement!;
        const [c, f] = [control.getBoundingClientRect(), field.getBoundingClientRect()];
        if (c.width > 0 && (c.right > f.right + 1 || c.left < f.left - 1))
          out.push(
            `${control.className.split(' ')[0]} ${Math.round(c.left)}–${Math.round(c.right)} in ${Math.round(f.left)}–${Math.round(f.right)}`,
          );
      }
      return out;
    });
    expect(spills).toEqual([]);
  });
}

test('a price header sorts the whole library at the upstream, from its first page', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant2');
  await openProducts(page);
  await page.getByTestId('product-pager-next').click();
  await expect(page.getByTestId('product-pager-page-2')).toHaveAttribute('aria-current', 'page');
  const price = page.getByTestId('product-table').locator('th[data-column="price"]');
  const asked = page.waitForResponse(
    (r) =>
      r.url().endsWith('/bridge/product.page') &&
      (r.request().postDataJSON() as { body?: { sort?: string } }).body?.sort === 'price',
  );
  await price.click();
  const sent = (await asked).request().postDataJSON() as { query: { pageNum: number }; body: { desc: boolean } };
  expect(sent.query.pageNum).toBe(1);
  await expect(price).toHaveAttribute('aria-sort', /ascending|descending/);
  const yuan = async () =>
    (await page.getByTestId('product-price').allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, '')));
  await expect
    .poll(async () => {
      const shown = await yuan();
      const sorted = [...shown].sort((a, b) => (sent.body.desc ? b - a : a - b));
      return shown.length > 1 && shown.join() === sorted.join();
    })
    .toBe(true);
});
