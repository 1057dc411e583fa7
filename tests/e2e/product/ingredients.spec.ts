/** Ingredients end to end (spec §2 ingredient, §3): reached from the categories, create with a unit of its type, edit, delete. */
import { expect, type Page } from '@playwright/test';
import { catalogues, CODE, ERRORS } from '../../../shared/domains.js';
import { notification, test, openAs } from '../support.js';

const en = catalogues.en.product.ingredient;
const rowOf = (page: Page, number: string) =>
  page
    .getByTestId('ingredient-row')
    .filter({ has: page.getByTestId('ingredient-number').getByText(number, { exact: true }) });

async function choose(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name, exact: true }).click();
}

test('tenant2 reaches the ingredients from the categories, adds one with a unit of its type, edits and deletes it', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2', '/productManagement/classification');
  await page.getByTestId('category-ingredients').click();
  await expect(page).toHaveURL(/\/productManagement\/ingredient$/);
  await expect(page.getByTestId('ingredient-row')).toHaveCount(8);

  await page.getByTestId('ingredient-create').click();
  await page.getByTestId('ingredient-form-number').fill('OAT-MILK');
  await page.getByTestId('ingredient-form-name').fill('燕麦奶');
  // No unit before a type: the units are the type's.
  await expect(page.getByTestId('ingredient-form-unit')).toBeDisabled();
  await choose(page, 'ingredient-form-type', en.types.liquid);
  await page.getByTestId('ingredient-form-unit').click();
  await expect(page.getByRole('option')).toHaveText([en.units.ml, en.units.l]);
  await page.getByRole('option', { name: en.units.ml, exact: true }).click();
  await page.getByTestId('ingredient-form-submit').click();
  await expect(notification(page)).toHaveText(en.created);
  await expect(rowOf(page, 'OAT-MILK').getByTestId('ingredient-unit')).toHaveText(en.units.ml);

  await rowOf(page, 'OAT-MILK').getByTestId('ingredient-edit').click();
  await page.getByTestId('ingredient-form-number').fill('SUGAR');
  await page.getByTestId('ingredient-form-submit').click();
  await expect(notification(page)).toHaveText(ERRORS[CODE.ingredientNumberTaken]!.texts.en);
  await page.getByTestId('ingredient-form-number').fill('OAT-MILK-1L');
  await choose(page, 'ingredient-form-type', en.types.liquid);
  await choose(page, 'ingredient-form-unit', en.units.l);
  await page.getByTestId('ingredient-form-submit').click();
  await expect(notification(page)).toHaveText(en.updated);
  await expect(rowOf(page, 'OAT-MILK-1L').getByTestId('ingredient-unit')).toHaveText(en.units.l);

  await rowOf(page, 'OAT-MILK-1L').getByTestId('ingredient-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notification(page)).toHaveText(en.deleted);
  await expect(rowOf(page, 'OAT-MILK-1L')).toHaveCount(0);
});
