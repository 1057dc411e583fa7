/** A category's attributes end to end (spec §2 setProperty, §5: rule required and parsed, at most 10 options). */
import { expect, type Page } from '@playwright/test';
import { catalogues, CODE, ERRORS } from '../../../shared/domains.js';
import { notification, test, openAs } from '../support.js';

const en = catalogues.en;
const rows = (page: Page) => page.getByTestId('attribute-row');
const rowOf = (page: Page, name: string) =>
  rows(page).filter({ has: page.getByTestId('attribute-name').getByText(name, { exact: true }) });
const categoryRow = (page: Page, number: string) =>
  page
    .getByTestId('category-row')
    .filter({ has: page.getByTestId('category-number').getByText(number, { exact: true }) });

test("tenant2 opens a subcategory's attributes from the categories, adds one with a checked rule, edits and deletes it", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2', '/productManagement/classification');
  await categoryRow(page, 'COFFEE-FRESH').getByTestId('category-attributes').click();
  await expect(page).toHaveURL(/setProperty\?categoryId=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Attributes of “现磨咖啡”');
  // The upper category (咖啡) has none; the category's own three, grouped.
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByTestId('attribute-name')).toHaveText(['杯型', '甜度', '加料']);

  await page.getByTestId('attribute-create').click();
  await page.getByTestId('attribute-form-group').fill('温度');
  await page.getByTestId('attribute-form-name').fill('出杯温度');
  await page.getByTestId('attribute-form-number').fill('HEAT');
  await page.getByTestId('attribute-form-kind').click();
  await page.getByRole('option', { name: en.product.attribute.kinds.single }).click();
  // Eleven options: the same reading as the server's refuses it on Save, before any call; leaving the box says nothing yet.
  await page.getByTestId('attribute-form-rule').fill('a,b,c,d,e,f,g,h,i,j,k');
  await page.getByTestId('attribute-form-rule').blur();
  await expect(page.getByText(en.product.validation.tooManyOptions, { exact: true })).toHaveCount(0);
  await page.getByTestId('attribute-form-submit').click();
  await expect(page.getByText(en.product.validation.tooManyOptions, { exact: true })).toBeVisible();
  // Fixed, the error goes as it is typed, and the very next click on Save saves (a double click saves once).
  await page.getByTestId('attribute-form-rule').fill('冰,常温,热');
  await expect(page.getByText(en.product.validation.tooManyOptions, { exact: true })).toHaveCount(0);
  await page.getByTestId('attribute-form-submit').dblclick();
  await expect(notification(page)).toHaveText(en.product.attribute.created);
  await expect(rows(page)).toHaveCount(4);
  await expect(rowOf(page, '出杯温度').getByTestId('attribute-rule')).toHaveText('冰,常温,热');

  // The number is unique in the category: refused by the server, what was typed kept.
  await rowOf(page, '出杯温度').getByTestId('attribute-edit').click();
  await page.getByTestId('attribute-form-number').fill('CUP');
  await page.getByTestId('attribute-form-submit').click();
  await expect(notification(page)).toHaveText(ERRORS[CODE.attributeNumberTaken]!.texts.en);
  await expect(page.getByTestId('attribute-form-number')).toHaveValue('CUP');
  await page.getByTestId('attribute-form-number').fill('HEAT');
  await page.getByTestId('attribute-form-kind').click();
  await page.getByRole('option', { name: en.product.attribute.kinds.range }).click();
  await expect(page.getByText(en.product.validation.ruleFormat, { exact: true })).toBeVisible();
  await page.getByTestId('attribute-form-rule').fill('60~95');
  await page.getByTestId('attribute-form-unit').fill('℃');
  await page.getByTestId('attribute-form-submit').click();
  await expect(notification(page)).toHaveText(en.product.attribute.updated);
  await expect(rowOf(page, '出杯温度').getByTestId('attribute-kind')).toHaveText(en.product.attribute.kinds.range);

  await rowOf(page, '出杯温度').getByTestId('attribute-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notification(page)).toHaveText(en.product.attribute.deleted);
  await expect(rows(page)).toHaveCount(3);
});

test("a subcategory shows its parent's attributes, edited only there; a wrong address says so", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2', '/productManagement/classification');
  await categoryRow(page, 'DRINK-SODA').getByTestId('category-attributes').click();
  await expect(page.getByTestId('attribute-name')).toHaveText(['容量', '包装', '饮用温度']);
  await expect(rowOf(page, '容量').getByTestId('attribute-edit')).toBeDisabled();

  await page.goto('/productManagement/setProperty');
  await expect(page.getByTestId('attributes-problem')).toHaveText(en.product.category.chooseFirst);
  await page.goto('/productManagement/setProperty?categoryId=999999');
  await expect(page.getByTestId('attributes-problem')).toHaveText(ERRORS[CODE.categoryNotFound]!.texts.en);
  await page.getByTestId('attributes-back').click();
  await expect(page).toHaveURL(/classification/);
});
