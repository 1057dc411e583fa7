/** The device pool end to end (spec §2 /devicePool, system admin): register devices, allocate one to tenant2 who then sees it, recycle it, read its history. */
import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { notification, signIn, signOut, test, openAs, PASSWORD } from '../support.js';

const en = catalogues.en.device;
const rowOf = (page: Page, serial: string) =>
  page.getByTestId('pool-row').filter({ has: page.getByTestId('pool-serial').getByText(serial, { exact: true }) });
const count = (text: string, n: number) => text.replace('{{count}}', String(n));

async function filterPool(page: Page, keyword: string) {
  await page.getByTestId('device-filter-keyword').fill(keyword);
  await page.getByTestId('device-search').click();
}

test('the system admin registers two devices, allocates one to tenant2, who sees it, then recycles it', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'admin', '/devicePool/index');

  // Only what is in the pool.
  await page.getByTestId('device-filter-inPool').click();
  await page.getByRole('option', { name: en.pool.inPool, exact: true }).click();
  await page.getByTestId('device-search').click();
  await expect(rowOf(page, 'VM2026000903').getByTestId('pool-allocation')).toHaveText(en.list.allocations.recycled);
  await expect(page.getByTestId('pool-holder').filter({ hasText: en.pool.inPool }).first()).toBeVisible();
  // Nothing selected: Recycle is not offered, and does not look red as if it were.
  const recycle = page.getByTestId('pool-bulk-recycle');
  await expect(recycle).toBeDisabled();
  const looks = await recycle.evaluate((el) => {
    const view = el.ownerDocument.defaultView!;
    const probe = el.ownerDocument.createElement('span');
    probe.style.color = 'var(--colorNeutralForegroundDisabled)';
    el.parentElement!.append(probe);
    const disabled = view.getComputedStyle(probe).color;
    probe.remove();
    return { color: view.getComputedStyle(el).color, disabled };
  });
  expect(looks.color).toBe(looks.disabled);

  // Register: a bad serial is said at the field, nothing is lost; then two devices of VM-S600.
  await page.getByTestId('pool-register-open').click();
  await page.getByTestId('pool-register-model').click();
  await page.getByRole('option', { name: /^VM-S600/ }).click();
  await page.getByTestId('pool-register-serials').fill('VM2026000931\nVM 932');
  await page.getByTestId('pool-register-submit').click();
  await expect(page.getByText(en.validation.serial)).toBeVisible();
  await page.getByTestId('pool-register-serials').fill('VM2026000931\nVM2026000932\n');
  await page.getByTestId('pool-register-submit').click();
  await expect(notification(page)).toHaveText(count(en.pool.registered, 2));

  // Allocate one to tenant2's company.
  await filterPool(page, 'VM2026000931');
  await expect(page.getByTestId('pool-row')).toHaveCount(1);
  await page.getByRole('checkbox', { name: en.list.selectRow.replace('{{name}}', 'VM-S600 VM2026000931') }).check();
  await page.getByTestId('pool-bulk-allocate').click();
  await page.getByTestId('pool-allocate-submit').click();
  await expect(page.getByText(catalogues.en.validation.required)).toBeVisible();
  await page.getByTestId('pool-allocate-tenant').click();
  // The tenants read as their tree: the second-level one under its parent, its level said.
  await expect(page.getByRole('option')).toHaveText([
    '华东智售科技有限公司',
    `苏州地铁零售有限公司${catalogues.en.common.secondLevel}`,
    '华南智慧零售有限公司',
  ]);
  await page.getByRole('option', { name: '华南智慧零售有限公司' }).click();
  await page.getByTestId('pool-allocate-submit').click();
  await expect(notification(page)).toHaveText('1 device allocated');
  // Out of the "in the pool" list it goes; with every holder it shows its tenant.
  await expect(page.getByTestId('pool-row')).toHaveCount(0);
  await page.getByTestId('device-reset').click();
  await filterPool(page, 'VM2026000931');
  await expect(rowOf(page, 'VM2026000931').getByTestId('pool-holder')).toHaveText('华南智慧零售有限公司');
  await signOut(page);

  await signIn(page, 'tenant2', PASSWORD, { at: '/deviceList/index' });
  await page.getByTestId('device-filter-keyword').fill('VM2026000931');
  await page.getByTestId('device-search').click();
  await expect(page.getByTestId('device-row')).toHaveCount(1);
  await signOut(page);

  // Recycled (after confirming), it leaves tenant2 again; its history tells all three steps.
  await signIn(page, 'admin', PASSWORD, { at: '/devicePool/index' });
  await filterPool(page, 'VM2026000931');
  await page.getByRole('checkbox', { name: en.list.selectRow.replace('{{name}}', 'VM-S600 VM2026000931') }).check();
  await page.getByTestId('pool-bulk-recycle').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notification(page)).toHaveText('1 device recycled');
  await expect(rowOf(page, 'VM2026000931').getByTestId('pool-holder')).toHaveText(en.pool.inPool);
  await rowOf(page, 'VM2026000931').getByTestId('pool-history-open').click();
  await expect(page.getByTestId('pool-history-entry')).toHaveCount(3);
  await expect(page.getByTestId('pool-history-entry').nth(1)).toContainText(
    en.pool.actions.allocate.replace('{{tenant}}', '华南智慧零售有限公司'),
  );
  await page.getByTestId('pool-history-close').click();
});
