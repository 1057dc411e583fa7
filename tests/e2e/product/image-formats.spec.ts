/** A category's image formats end to end (spec §2 imgFormat, §5: name, number, description, format name required). */
import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { notification, test, openAs } from '../support.js';

const en = catalogues.en.product.imageFormat;
const rows = (page: Page) => page.getByTestId('image-format-row');
const categoryRow = (page: Page, number: string) =>
  page
    .getByTestId('category-row')
    .filter({ has: page.getByTestId('category-number').getByText(number, { exact: true }) });

test('tenant2 adds an image format to a category, edits and deletes it', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant2', '/productManagement/classification');
  await categoryRow(page, 'SNACK').getByTestId('category-image-formats').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image formats of “零食”');
  await expect(page.getByTestId('image-format-name')).toHaveText(['详情图', '屏幕广告图']);

  await page.getByTestId('image-format-create').click();
  await page.getByTestId('image-format-form-name').fill('包装背面');
  await page.getByTestId('image-format-form-number').fill('BACK');
  await page.getByTestId('image-format-form-description').fill('配料表与营养成分');
  await page.getByTestId('image-format-form-submit').click();
  // The format name is required: said at the field, nothing sent.
  await expect(page.getByText(catalogues.en.validation.required, { exact: true })).toBeVisible();
  await page.getByTestId('image-format-form-format').fill('800×800 JPG');
  await page.getByTestId('image-format-form-submit').dblclick();
  await expect(notification(page)).toHaveText(en.created);
  await expect(rows(page)).toHaveCount(3);

  const back = rows(page).filter({ hasText: '包装背面' });
  await back.getByTestId('image-format-edit').click();
  await page.getByTestId('image-format-form-format').fill('1000×1000 PNG');
  await page.getByTestId('image-format-form-submit').click();
  await expect(notification(page)).toHaveText(en.updated);
  await expect(back.getByTestId('image-format-format')).toHaveText('1000×1000 PNG');
  await back.getByTestId('image-format-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notification(page)).toHaveText(en.deleted);
  await expect(rows(page)).toHaveCount(2);
});
