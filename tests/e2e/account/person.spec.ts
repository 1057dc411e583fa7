/**
 * The account page (spec §2 /person) end to end: a tenant changes its contact
 * (a new phone must differ from the old), its entity type and its avatar; the
 * admin and a member see what applies to them, no entity type.
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { IMAGES } from '../../server/file/support.js';
import { signIn, test, useLanguage, openAs, PASSWORD } from '../support.js';

const en = catalogues.en.account;

test('tenant1 changes its contact, entity type and avatar on the account page; its second-level tenant sees its own', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1');
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('profile-person').click();
  await expect(page).toHaveURL(/\/person$/);
  await expect(page.getByTestId('person-name')).toHaveText('华东智售科技有限公司');
  await expect(page.getByTestId('person-role')).toHaveText(en.role.primaryTenant);

  // The phone it has already: refused here, said why.
  await page.getByTestId('person-contact-save').click();
  await expect(page.getByText(en.validation.samePhone)).toBeVisible();
  await page.getByTestId('person-contact').fill('13916200099');
  await page.getByTestId('person-contact-save').click();
  await expect(page.getByText(en.validation.samePhone)).toHaveCount(0);

  await page.getByTestId('person-entity-government').check();
  await expect(page.getByText(en.person.saved).first()).toBeVisible();
  await expect(page.getByTestId('person-avatar-initials')).toBeVisible();
  await page
    .getByTestId('person-avatar-input')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: IMAGES['image/png'] });
  await expect(page.getByTestId('person-avatar')).toBeVisible();
  await expect(page.getByTestId('person-avatar')).toHaveAttribute('width', '80');

  await page.reload();
  await expect(page.getByTestId('person-contact')).toHaveValue('13916200099');
  await expect(page.getByTestId('person-entity-government')).toBeChecked();
  await expect(page.getByTestId('person-avatar')).toBeVisible();

  await signIn(page, 'tenant11', PASSWORD, { at: '/person' });
  await expect(page.getByTestId('person-name')).toHaveText('苏州地铁零售有限公司');
  await expect(page.getByTestId('person-role')).toHaveText(en.role.secondaryTenant);
  await expect(page.getByTestId('person-avatar-initials')).toBeVisible();
  await expect(page.getByTestId('person-entity-government')).not.toBeChecked();
});

test('the admin and a member see their info and the password, no entity type', async ({ page, baseURL }) => {
  await useLanguage(page, baseURL, 'en');
  for (const user of ['admin', 'member1']) {
    await signIn(page, user, PASSWORD, { at: '/person' });
    await expect(page.getByTestId('person-password')).toBeVisible();
    await expect(page.getByTestId('person-entity')).toHaveCount(0);
  }
  await page.getByTestId('person-password').click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
