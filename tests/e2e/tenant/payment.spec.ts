/**
 * Payment settings end to end: the admin sets a distributor's WeChat Pay as a
 * sub-merchant on API v3 (the platform key and its id asked together) with a
 * p12 and its secrets, saves, and sees the secrets masked
 * to their last four and the certificate's subject and expiry; every missing
 * field shows at once, marked required; a p12 that does not open is refused
 * at its field; unsaved input is not lost to Escape or Close unasked; tenant1
 * finds its own payment account on /person.
 */
import { generateKeyPairSync } from 'node:crypto';
import { expect } from '@playwright/test';
import { p12 as p12Base64 } from '../../server/support/p12.js';
import { catalogues, CODE, errorEntry } from '../../../shared/domains.js';
import { moveInApp, notification, test, openAs } from '../support.js';

const en = catalogues.en.payment;

/** A p12 as WeChat Pay issues one, the merchant id its password, as the file's bytes. */
const p12 = (password: string) => Buffer.from(p12Base64(password, `${password}_test`, 200), 'base64');

test("the admin sets a distributor's WeChat Pay as a sub-merchant with a p12, and sees the secrets masked", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'admin', '/tenant/people');
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
  await dialog
    .getByTestId('payment-wechat-p12')
    .setInputFiles({ name: 'apiclient_cert.p12', mimeType: 'application/x-pkcs12', buffer: p12('1600000009') });
  // API v3 asks for the platform's public key and its id, together.
  await expect(dialog.getByTestId('payment-wechat-platformKey')).toHaveCount(0);
  await dialog.getByRole('radio', { name: en.fields.apiVersions.v3 }).check();
  await dialog.getByTestId('payment-save').click();
  await expect(dialog.getByText(en.validation.platformKey)).toBeVisible();
  await dialog.getByTestId('payment-wechat-platformKeyId').fill('PUB_KEY_ID_0116000000092026120300000000');
  const platformKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
    type: 'spki',
    format: 'pem',
  });
  await dialog.getByTestId('payment-wechat-platformKey').fill(String(platformKey));
  await dialog.getByTestId('payment-save').click();
  await expect(notification(page).getByText(en.saved)).toBeVisible();
  await expect(dialog.getByRole('radio', { name: en.fields.apiVersions.v3 })).toBeChecked();
  await expect(dialog.getByTestId('payment-wechat-platformKeyId')).toHaveValue(
    'PUB_KEY_ID_0116000000092026120300000000',
  );
  await expect(dialog.getByTestId('payment-wechat-merchantKey-masked')).toContainText('····ABCD');
  await expect(dialog.getByTestId('payment-wechat-miniSecret-masked')).toContainText('····IJKL');
  // A certificate says whom it names and until when, not the last four characters of a file.
  await expect(dialog.getByTestId('payment-wechat-p12-masked')).toContainText('CN=1600000009_test');
  await expect(dialog.getByTestId('payment-wechat-p12-masked')).not.toContainText('····');
  await expect(dialog.locator('input[type="password"]')).toHaveCount(1);
  await expect(dialog).not.toContainText('MerchantKey2026ABCD');
});

test('tenant1 finds its own payment account on /person', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', '/person');
  await expect(page.getByTestId('person-payment')).toContainText(en.title);
  await expect(page.getByTestId('payment-wechat-setup')).toBeVisible();
});

test('payment settings: every missing field at once, a refused certificate at its field, and input kept from a stray close', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'admin', '/tenant/people');
  // Only refused saves here: the distributor's settings stay as they were.
  const row = page.getByTestId('distributor-row').filter({ hasText: '苏州地铁零售有限公司' });
  await row.getByTestId('distributor-more').click();
  await page.getByTestId('distributor-payment-open').click();
  const dialog = page.getByTestId('distributor-payment');
  await dialog.getByTestId('payment-wechat-setup').click();
  // Required fields say so before anything is typed.
  const fieldOf = (testId: string) => dialog.locator('.fui-Field').filter({ has: page.getByTestId(testId) });
  for (const field of ['merchantId', 'publicAppId', 'miniAppId', 'merchantKey', 'publicSecret', 'miniSecret']) {
    await expect(fieldOf(`payment-wechat-${field}`).locator('.fui-Label__required')).toHaveCount(1);
    await expect(dialog.getByTestId(`payment-wechat-${field}`)).toHaveJSProperty('required', true);
  }
  await expect(fieldOf('payment-wechat-p12-pick').locator('.fui-Label__required')).toHaveCount(1);
  await expect(fieldOf('payment-wechat-publicAesKey').locator('.fui-Label__required')).toHaveCount(0);
  await dialog.getByTestId('payment-wechat-merchantId').fill('1600000010');
  // One save shows every field still missing: the plain ones and the secrets never set.
  await dialog.getByTestId('payment-save').click();
  await expect(dialog.getByText(en.validation.id)).toHaveCount(2);
  await expect(dialog.getByText(en.validation.required)).toHaveCount(4);

  // Unsaved input: Escape asks, and keeping it keeps it; Close asks too, and discarding closes.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('confirm-dialog')).toContainText(catalogues.en.common.discardText);
  await page.getByTestId('confirm-cancel').click();
  await expect(dialog.getByTestId('payment-wechat-merchantId')).toHaveValue('1600000010');
  await dialog.getByTestId('distributor-payment-close').click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.getByTestId('confirm-cancel').click();

  // A p12 that does not open with the merchant id: refused at its field, with the code's text.
  await dialog.getByTestId('payment-wechat-publicAppId').fill('wx3333333333333333');
  await dialog.getByTestId('payment-wechat-miniAppId').fill('wx4444444444444444');
  await dialog.getByTestId('payment-wechat-merchantKey').fill('MerchantKey2026MNOP');
  await dialog.getByTestId('payment-wechat-publicSecret').fill('PublicSecret2026QRST');
  await dialog.getByTestId('payment-wechat-miniSecret').fill('MiniSecret2026UVWX');
  await dialog
    .getByTestId('payment-wechat-p12')
    .setInputFiles({ name: 'other.p12', mimeType: 'application/x-pkcs12', buffer: p12('1699999999') });
  await dialog.getByTestId('payment-save').click();
  await expect(fieldOf('payment-wechat-p12-pick')).toContainText(errorEntry(CODE.certificateInvalid).texts.en);
  await dialog.getByTestId('distributor-payment-close').click();
  await page.getByTestId('confirm-ok').click();
  await expect(dialog).toHaveCount(0);
});

test('closing a tab whose payment settings hold unsaved input asks first, by its × and by the tab menu; a clean tab closes unasked', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/person');
  await page.getByTestId('payment-wechat-setup').click();
  await page.getByTestId('payment-wechat-merchantId').fill('1600000001');
  // Another screen, inside the app: the settings' tab stays, with its input.
  await page.getByTestId('shortcut-bill').click();
  await expect(page).toHaveURL(/\/bill$/);
  const personTab = page.locator('[data-testid="tab"][data-path="/person"]');
  await expect(personTab).toHaveCount(1);
  const confirm = page.getByTestId('confirm-dialog');

  // ×: asked; "Keep editing" keeps the tab and its input.
  await personTab.getByTestId('tab-close').click();
  await expect(confirm).toContainText(catalogues.en.shell.closeDirtyTab);
  await confirm.getByRole('button', { name: catalogues.en.common.keepEditing }).click();
  await expect(personTab).toHaveCount(1);
  await personTab.getByTestId('tab-label').click();
  await expect(page.getByTestId('payment-wechat-merchantId')).toHaveValue('1600000001');

  // The tab menu's "Close": asked again; "Discard" closes it.
  await personTab.click({ button: 'right' });
  await page.getByTestId('tab-menu-close').click();
  await expect(confirm).toContainText(catalogues.en.shell.closeDirtyTab);
  await confirm.getByRole('button', { name: catalogues.en.common.discard }).click();
  await expect(personTab).toHaveCount(0);

  // The bill's tab holds nothing unsaved: it closes at once.
  const billTab = page.locator('[data-testid="tab"][data-path="/bill"]');
  await billTab.getByTestId('tab-close').click();
  await expect(billTab).toHaveCount(0);
  await expect(confirm).toHaveCount(0);
});

test('settings holding unsaved input outlive the screens kept alive: ten other screens later their tab still has the input', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/person');
  await page.getByTestId('payment-wechat-setup').click();
  await page.getByTestId('payment-wechat-merchantId').fill('1600000002');
  // More screens than the main area keeps alive (VIEW_CACHE_MAX, 10): before, the oldest view went, its input with it.
  const screens = [
    '/bill',
    '/pointMent/pointList',
    '/deviceList/index',
    '/productManagement/productList',
    '/productManagement/classification',
    '/orderManagement/orderList',
    '/orderManagement/deliveryReview',
    '/memberCenter/memberInfo',
    '/marketing/scene',
    '/marketing/group',
    '/atManagement/staffManagement',
  ];
  for (const path of screens) {
    await moveInApp(page, path);
    await expect(page.locator('[data-testid="tab"][data-active="true"]')).toHaveAttribute('data-path', path);
  }
  await page.locator('[data-testid="tab"][data-path="/person"]').getByTestId('tab-label').click();
  await expect(page.getByTestId('payment-wechat-merchantId')).toHaveValue('1600000002');
  // A screen without unsaved input was let go as before: the oldest kept one (the location list) made the room.
  const views = page.locator('[data-testid="app-main"] > [data-view]');
  await expect(page.locator('[data-testid="app-main"] > [data-view="pointList"]')).toHaveCount(0);
  await expect(views).toHaveCount(10);
});
