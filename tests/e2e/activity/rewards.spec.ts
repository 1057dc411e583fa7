/**
 * Sign-up and birthday rewards, set on the marketing list: tenant1 opens them, a count that is no whole
 * number is refused at its field, a birthday's points are saved and read back, then set back to none. (No
 * sign-up reward is set: the upstream's job would give it to the members other tests sign up.)
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { openAs, test } from '../support.js';

const en = catalogues.en.activity;

test('tenant1 sets a birthday reward on the marketing list, its points checked at the field, and reads it back', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/marketing/scene');
  await page.getByTestId('activity-rewards-open').click();
  const birthday = page.getByTestId('activity-rewards-birthday-points');
  await expect(birthday).toHaveValue(/^\d+$/);
  await birthday.fill('12.5');
  await page.getByTestId('activity-rewards-submit').click();
  await expect(page.getByText(en.validation.rewardPoints)).toBeVisible();
  await birthday.fill('66');
  await page.getByTestId('activity-rewards-submit').click();
  await expect(page.getByTestId('activity-rewards-submit')).toBeHidden();

  await page.getByTestId('activity-rewards-open').click();
  await expect(page.getByTestId('activity-rewards-birthday-points')).toHaveValue('66');
  await expect(page.getByTestId('activity-rewards-signUp-points')).toHaveValue('0');
  await page.getByTestId('activity-rewards-birthday-points').fill('0');
  await page.getByTestId('activity-rewards-submit').click();
  await expect(page.getByTestId('activity-rewards-submit')).toBeHidden();
});
