/**
 * Enterprise customers end to end: tenant1 creates a customer with its
 * account, binds a point to it and gives a product an employee price (a bad
 * price refused at its field); the new enterprise signs in to exactly its
 * staff page and adds a staff member (a held card refused with its code).
 */
import { expect } from '@playwright/test';
import { catalogues, CODE, errorEntry } from '../../../shared/domains.js';
import { notification, signIn, signOut, test, openAs, PASSWORD } from '../support.js';

const en = catalogues.en;

test('tenant1 creates an enterprise customer, binds a point and sets a staff price; the enterprise adds its staff', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/costumeMent/costume');
  await page.getByTestId('customer-create').click();
  await page.getByTestId('customer-form-submit').click();
  // The account's rule shows as its hint, and now as its error in the hint's place: once, not twice.
  await expect(page.getByText(en.account.validation.accountName)).toHaveCount(1);
  await expect(page.getByTestId('customer-username')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('customer-name').fill('苏州工业园区员工餐厅');
  await page.getByTestId('customer-username').fill('sipcanteen');
  // The account's own name is no password, whatever its case.
  await page.getByTestId('customer-password').fill('SIPCANTEEN');
  await page.getByTestId('customer-form-submit').click();
  await expect(page.getByText(en.account.validation.passwordIsName)).toBeVisible();
  await page.getByTestId('customer-password').fill('Sip@2026canteen');
  await page.getByTestId('customer-buy-now').click();
  await page.getByTestId('customer-form-submit').click();
  await expect(notification(page)).toHaveText(en.customer.account.created);
  const row = page.getByTestId('customer-row').filter({ hasText: 'sipcanteen' });
  await expect(row.getByTestId('customer-row-points')).toHaveText('0');

  // Its points: bind 上海虹桥站 A 区 from the choices.
  await row.getByTestId('customer-open').click();
  await expect(page.getByTestId('customer-page-title')).toHaveText('苏州工业园区员工餐厅');
  await page.getByTestId('point-choices-keyword').fill('虹桥');
  await page.getByTestId('point-choices-search').click();
  const choice = page.getByTestId('point-choice').filter({ hasText: '上海虹桥站 A 区' });
  await choice.getByRole('checkbox').check();
  await page.getByTestId('point-choices-bind').click();
  await expect(notification(page)).toHaveText(en.customer.points.bindDone.replace('{{count}}', '1'));
  await expect(page.getByTestId('bound-point').getByTestId('point-name')).toHaveText(['上海虹桥站 A 区']);

  // A staff price: a bad amount is refused at its field, a good one saved and kept after a reload.
  await page.getByTestId('customer-page-tab-prices').click();
  const price = page.getByTestId('price-row').first();
  const product = (await price.getByTestId('price-product').textContent())!;
  // Named with its number, so two products of one name are told apart.
  expect(product).toMatch(/\(.+\)$/);
  // Above the retail price: said as a warning, still allowed.
  await price.getByTestId('price-input').fill('99999');
  await expect(price.getByText(en.customer.prices.aboveRetail.split(' {{')[0]!)).toBeVisible();
  await price.getByTestId('price-input').fill('1.234');
  await price.getByTestId('price-save').click();
  await expect(price.getByText(en.customer.validation.price)).toBeVisible();
  await price.getByTestId('price-input').fill('2.5');
  await price.getByTestId('price-input').press('Enter');
  await expect(notification(page)).toHaveText(en.customer.prices.saved);
  await page.reload();
  await expect(
    page.getByTestId('price-row').filter({ hasText: product }).first().getByTestId('price-input'),
  ).toHaveValue('2.50');
  await signOut(page);

  // The enterprise signs in to its staff page alone.
  await signIn(page, 'sipcanteen', 'Sip@2026canteen');
  await expect(page).toHaveURL(/\/costumeMent\/staffPage$/);
  await expect(page.getByTestId('customer-staff-table-empty')).toBeVisible();
  await page.getByTestId('customer-staff-create').click();
  await page.getByTestId('customer-staff-name').fill('顾晓峰');
  await page.getByTestId('customer-staff-position').fill('行政主管');
  await page.getByTestId('customer-staff-card').fill('31000103');
  await page.getByTestId('customer-staff-phone').fill('13962100001');
  await page.getByTestId('customer-staff-form-submit').click();
  // The card is held by the Hongqiao caterer's staff, another customer of the same tenant.
  await expect(notification(page)).toContainText(errorEntry(CODE.cardIdTaken).texts.en);
  await page.getByTestId('customer-staff-card').fill('32500001');
  await page.getByTestId('customer-staff-form-submit').click();
  await expect(notification(page)).toHaveText(en.customer.staff.created);
  await expect(page.getByTestId('customer-staff-cardId')).toHaveText(['32500001']);
  await signOut(page);

  // Disabling asks first, naming the customer; enabling does not.
  await signIn(page, 'tenant1', PASSWORD, { at: '/costumeMent/costume' });
  const customer = page.getByTestId('customer-row').filter({ hasText: 'sipcanteen' });
  await customer.getByTestId('customer-toggle').click();
  await expect(page.getByRole('dialog')).toContainText('苏州工业园区员工餐厅');
  await page.getByRole('button', { name: en.customer.account.disable }).last().click();
  await expect(notification(page)).toHaveText(en.customer.account.changed);
  await expect(customer.getByTestId('customer-row-state')).toHaveText(en.customer.account.states.disabled);
  await customer.getByTestId('customer-toggle').click();
  await expect(customer.getByTestId('customer-row-state')).toHaveText(en.customer.account.states.normal);
});
