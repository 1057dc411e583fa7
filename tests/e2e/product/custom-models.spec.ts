/** Custom models end to end (spec §2 commodityInfor, infoDetails, imgDetails: system admin only). */
import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { IMAGES } from '../../server/file/support.js';
import { notification, test, openAs } from '../support.js';

const en = catalogues.en.product;
const modelRow = (page: Page, number: string) =>
  page
    .getByTestId('custom-model-row')
    .filter({ has: page.getByTestId('custom-model-number').getByText(number, { exact: true }) });

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the system admin creates a custom model and gives it an attribute and an image', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'admin', '/productManagement/commodityInfor');
  await expect(modelRow(page, 'CM200').getByTestId('custom-model-attributes')).toHaveText('3');

  await page.getByTestId('custom-model-create').click();
  await page.getByTestId('custom-model-form-name').fill('自助果汁机');
  await page.getByTestId('custom-model-form-number').fill('JM10');
  await page.getByTestId('custom-model-form-submit').dblclick();
  await expect(notification(page)).toHaveText(en.customModel.created);
  await expect(modelRow(page, 'JM10').getByTestId('custom-model-attributes')).toHaveText('0');

  await modelRow(page, 'JM10').getByTestId('custom-model-attribute-details').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Attributes of “自助果汁机”');
  await page.getByTestId('attribute-create').click();
  await page.getByTestId('attribute-form-group').fill('出杯');
  await page.getByTestId('attribute-form-name').fill('果汁口味');
  await page.getByTestId('attribute-form-number').fill('FLAVOUR');
  await choose(page, 'attribute-form-kind', en.attribute.kinds.single);
  await page.getByTestId('attribute-form-rule').fill('橙汁,苹果汁,西瓜汁');
  await page.getByTestId('attribute-form-submit').click();
  await expect(notification(page)).toHaveText(en.attribute.created);
  await expect(page.getByTestId('attribute-row')).toHaveCount(1);

  await page.getByTestId('model-attributes-back').click();
  await modelRow(page, 'JM10').getByTestId('custom-model-image-details').click();
  await page.getByTestId('image-format-create').click();
  await page.getByTestId('image-format-form-name').fill('出杯屏图');
  await page.getByTestId('image-format-form-number').fill('CUPSCREEN');
  await page.getByTestId('image-format-form-description').fill('出杯时屏幕展示');
  await page.getByTestId('image-format-form-format').fill('480×800 PNG');
  await page.getByTestId('image-format-form-submit').click();
  await expect(notification(page)).toHaveText(en.imageFormat.created);
  await page.getByTestId('model-images-back').click();
  await expect(modelRow(page, 'JM10').getByTestId('custom-model-attributes')).toHaveText('1');
  await expect(modelRow(page, 'JM10').getByTestId('custom-model-images')).toHaveText('1');
});

test('a tenant is not offered the custom models', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', '/productManagement/commodityInfor');
  await expect(page.getByTestId('custom-model-table')).toHaveCount(0);
});

test("tenant2 fills in a coffee's information for the fridge model, its picture required", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2', '/productManagement/merchandise');
  await page.getByTestId('product-filter-keyword').fill('N-LATTE');
  await page.getByTestId('product-search').click();
  await expect(page.getByTestId('product-row')).toHaveCount(1);
  await page.getByTestId('product-custom-info').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Custom info of “拿铁 中杯”');
  const coffee = page.locator('[data-model="CM200"]');
  const fridge = page.locator('[data-model="FR80"]');
  await expect(coffee.getByText(en.customModel.filled, { exact: true })).toBeVisible();
  await expect(coffee.getByTestId('attribute-input-BUTTON')).not.toHaveValue('');
  await expect(fridge.getByText(en.customModel.notFilled, { exact: true })).toBeVisible();

  await fridge.getByTestId('attribute-input-LAYER').fill('9');
  await fridge.getByTestId('custom-info-save').click();
  await expect(fridge.getByText(catalogues.en.product.validation.attrRange, { exact: true })).toBeVisible();
  await expect(fridge.getByText(catalogues.en.product.validation.imageRequired, { exact: true })).toBeVisible();
  await fridge.getByTestId('attribute-input-LAYER').fill('3');
  await fridge
    .getByTestId('custom-info-image-DOOR-input')
    .setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: IMAGES['image/png'] });
  await expect(fridge.getByTestId('custom-info-image-DOOR').locator('img')).toHaveCount(1);
  await fridge.getByTestId('custom-info-save').click();
  await expect(notification(page)).toHaveText(en.customModel.saved);
  await expect(fridge.getByText(en.customModel.filled, { exact: true })).toBeVisible();
});
