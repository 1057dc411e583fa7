/**
 * Payment settings end to end: the admin sets a distributor's WeChat Pay as a
 * sub-merchant with a p12 and its secrets, saves, and sees the secrets masked
 * to their last four and the certificate's subject and expiry; tenant1 finds
 * its own payment account on /person.
 */
import { expect } from '@playwright/test';
import { p12 as p12Base64 } from '../../server/support/p12.js';
import { catalogues } from '../../../shared/domains.js';
import { notification, signIn, test, useLanguage } from '../support.js';

const en = catalogues.en.payment;

/** A p12 as WeChat Pay issues one, the merchant id its password, as the file's bytes. */
const p12 = (password: string) => Buffer.from(p12Base64(password, `${password}_test`, 200), 'base64');

test('the admin sets a distributor\'s WeChat Pay as a sub-merchant with a p12, and sees the secrets masked', async ({ page, baseURL }) => {
  await useLanguage(page, baseURL, 'en');
  await signIn(page, 'admin');
  await page.goto('/tenant/people');
  const row = page.getByTestId('distributor-row').filter({ hasText: '华南智慧零售有限公司' });
  await row.getByTestId('distributor-more').click();
  await page.getByTestId('distributor-payment-open').click();
  const dialog = page.getByTestId('distributor-payment');
  await dialog.getByTestId('payment-wechat-setup').click();
  await dialog.getByRole('radio', { name: en.fields.types.subMerchant }).check();
  await dialog.getByTestId('payment-wechat-merchantId').fill('1600000009');
  // A sub-merchant without its id is refused at the field, before any call.
  await dialog.getByTestId('payment-save').click();
  await expect(dialog.getByText(catalogues.en.payment.validation.subMerchantId)).toBeVisible();
  await dialog.getByTestId('payment-wechat-subMerchantId').fill('1900000109');
  await dialog.getByTestId('payment-wechat-publicAppId').fill('wx1111111111111111');
  await dialog.getByTestId('payment-wechat-miniAppId').fill('wx2222222222222222');
  await dialog.getByTestId('payment-wechat-merchantKey').fill('MerchantKey2026ABCD');
  await dialog.getByTestId('payment-wechat-publicSecret').fill('PublicSecret2026EFGH');
  await dialog.getByTestId('payment-wechat-miniSecret').fill('MiniSecret2026IJKL');
  await dialog.getByTestId('payment-wechat-p12').setInputFiles({ name: 'apiclient_cert.p12', mimeType: 'application/x-pkcs12', buffer: p12('1600000009') });
  await dialog.getByTestId('payment-save').click();
  await expect(notification(page).getByText(en.saved)).toBeVisible();
  await expect(dialog.getByTestId('payment-wechat-merchantKey-masked')).toContainText('····ABCD');
  await expect(dialog.getByTestId('payment-wechat-miniSecret-masked')).toContainText('····IJKL');
  await expect(dialog.getByTestId('payment-certificate')).toContainText('CN=1600000009_test');
  await expect(dialog.locator('input[type="password"]')).toHaveCount(1);
  await expect(dialog).not.toContainText('MerchantKey2026ABCD');
});

test('tenant1 finds its own payment account on /person', async ({ page, baseURL }) => {
  await useLanguage(page, baseURL, 'en');
  await signIn(page, 'tenant1');
  await page.goto('/person');
  await expect(page.getByTestId('person-payment')).toContainText(en.title);
  await expect(page.getByTestId('payment-wechat-setup')).toBeVisible();
});
