/**
 * Distributors end to end: the admin creates one (refused once for a taken
 * username), edits its phone, disables it (asked first) and enables it;
 * tenant1 reads its second-level distributor's products, hands it two
 * devices and takes them back.
 */
import { expect, type Page } from '@playwright/test';
import { catalogues, CODE, errorEntry } from '../../../shared/domains.js';
import { notification, test, openAs } from '../support.js';

const en = catalogues.en.tenant;
const rowOf = (page: Page, name: string) =>
  page
    .getByTestId('distributor-row')
    .filter({ has: page.getByTestId('distributor-row-name').getByText(name, { exact: true }) });

test('the admin creates, edits, disables and enables a distributor', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'admin', '/tenant/people');
  await expect(rowOf(page, '华东智售科技有限公司')).toBeVisible();

  const name = `无锡城铁零售 ${Date.now() % 100000}`;
  await page.getByTestId('distributor-create').click();
  await page.getByTestId('distributor-name').fill(name);
  await page.getByTestId('distributor-username').fill('tenant1');
  await page.getByTestId('distributor-password').fill('Wx@2026retail');
  await page.getByTestId('distributor-contact').fill('13912345678');
  await page.getByTestId('distributor-form-submit').click();
  // Taken: said at the username, not as a notification.
  const usernameField = page.locator('.fui-Field').filter({ has: page.getByTestId('distributor-username') });
  await expect(usernameField).toContainText(errorEntry(CODE.usernameTaken).texts.en);
  await expect(page.getByTestId('distributor-username')).toBeFocused();
  const username = `wx${Date.now().toString(36)}`;
  await page.getByTestId('distributor-username').fill(username);
  await page.getByTestId('distributor-form-submit').click();
  await expect(notification(page).getByText(en.people.created)).toBeVisible();
  const row = rowOf(page, name);
  await expect(row.getByTestId('distributor-row-username')).toHaveText(username);

  await row.getByTestId('distributor-edit-open').click();
  await page.getByTestId('distributor-edit-contact').fill('13912345679');
  await page.getByTestId('distributor-edit-submit').click();
  await expect(notification(page).getByText(en.people.saved)).toBeVisible();
  await expect(row).toContainText('13912345679');

  await row.getByTestId('distributor-toggle').click();
  await page.getByRole('dialog').getByRole('button', { name: en.people.disable }).click();
  await expect(row.getByTestId('distributor-row-state')).toHaveText(en.people.states.disabled);
  await row.getByTestId('distributor-toggle').click();
  await expect(row.getByTestId('distributor-row-state')).toHaveText(en.people.states.enabled);
});

test("tenant1 reads its second-level distributor's products, hands it two devices and takes them back", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/tenant/people');
  const row = rowOf(page, '苏州地铁零售有限公司');
  // Its products, read only.
  await row.getByTestId('distributor-more').click();
  await page.getByTestId('distributor-products-open').click();
  await expect(page.getByTestId('product-information-title')).toHaveText(
    catalogues.en.product.information.title.replace('{{name}}', '苏州地铁零售有限公司'),
  );
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await expect(page.getByTestId('product-edit')).toHaveCount(0);
  await page.getByTestId('product-information-back').click();

  await row.getByTestId('distributor-more').click();
  await page.getByTestId('distributor-devices-open').click();
  await expect(page.getByTestId('devbind-title')).toHaveText(
    en.devices.title.replace('{{name}}', '苏州地铁零售有限公司'),
  );

  const parent = page.getByTestId('devbind-parent');
  const child = page.getByTestId('devbind-child');
  await parent.getByTestId('devbind-parent-keyword').fill('备用');
  await parent.getByTestId('devbind-parent-search').click();
  const spares = parent.getByTestId('devbind-parent-row').filter({ hasText: /VM202600010[78]/ });
  await expect(spares).toHaveCount(2);
  for (const r of await spares.all()) await r.getByRole('checkbox').check();
  await parent.getByTestId('devbind-parent-move').click();
  await expect(notification(page).getByText('2 devices handed over')).toBeVisible();
  await expect(child.getByTestId('devbind-child-row').filter({ hasText: /VM202600010[78]/ })).toHaveCount(2);
  await expect(parent.getByTestId('devbind-parent-row').filter({ hasText: /VM202600010[78]/ })).toHaveCount(0);

  const moved = child.getByTestId('devbind-child-row').filter({ hasText: /VM202600010[78]/ });
  for (const r of await moved.all()) await r.getByRole('checkbox').check();
  await child.getByTestId('devbind-child-move').click();
  await expect(notification(page).getByText('2 devices taken back')).toBeVisible();
  await expect(child.getByTestId('devbind-child-row').filter({ hasText: /VM202600010[78]/ })).toHaveCount(0);
});

test("tenant1 opens its second-level distributor's member programme with points that live a year", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/tenant/people');
  const row = rowOf(page, '苏州地铁零售有限公司');
  await row.getByTestId('distributor-more').click();
  await page.getByTestId('distributor-member-open').click();
  await page.getByTestId('distributor-card-name').fill('苏铁会员卡');
  await page.getByTestId('distributor-members').check();
  await page.getByTestId('distributor-points').check();
  await page.getByTestId('distributor-points-expiry').click();
  await page.getByRole('option', { name: en.people.expiryMonths.replace('{{count}}', '12') }).click();
  await page.getByTestId('distributor-member-submit').click();
  await expect(notification(page)).toContainText(en.people.memberSaved);
  // Opened again, it shows what was kept.
  await row.getByTestId('distributor-more').click();
  await page.getByTestId('distributor-member-open').click();
  await expect(page.getByTestId('distributor-points-expiry')).toHaveText(
    en.people.expiryMonths.replace('{{count}}', '12'),
  );
  await page.getByTestId('distributor-member-cancel').click();
});
