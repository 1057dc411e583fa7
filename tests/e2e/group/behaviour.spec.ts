/**
 * A group computed from behaviour, end to end: a person signs in to tenant
 * A's mini-program and pays at the Hongqiao payment box; tenant1 makes a
 * group of "bought at that box in the last day" — the form refuses a
 * condition that names nothing, then shows the size the rule finds now —
 * and the group's page, computed by the upstream's job, lists the person.
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { demoSecret } from '../../../server/device/credentials.js';
import { sandboxCode } from '../../../server/member/wechat.js';
import { bridgeCall, openAs, test, upstreamUrl } from '../support.js';

const en = catalogues.en.group;
const upstream = upstreamUrl();
const BOX = 'VM2026000103';
const machine = { authorization: `Basic ${Buffer.from(`${BOX}:${demoSecret(BOX)}`).toString('base64')}` };

test('tenant1 makes a group of who bought at a machine, and the computed group lists the buyer', async ({
  page,
  baseURL,
  request,
}) => {
  await openAs(page, baseURL, 'tenant1', '/marketing/group');
  const me = await bridgeCall(page.request, 'account.info', undefined);
  const tenantId = (me.content as { tenantId: number }).tenantId;
  const stamp = Date.now() % 1_000_000;
  const nickname = `虹桥旅客${stamp}`;
  const signIn = await request.post(`${upstream}/member-api/v1/sign-in`, {
    data: { tenantId, code: sandboxCode(`e2e-behaviour-${stamp}`, { nickname }) },
  });
  expect(signIn.status()).toBe(200);
  const memberId = ((await signIn.json()) as { content: { member: { id: number } } }).content.member.id;
  expect((await request.post(`${upstream}/device-api/v1/heartbeat`, { headers: machine, data: {} })).status()).toBe(
    200,
  );
  const sale = await request.post(`${upstream}/device-api/v1/sale`, {
    headers: machine,
    data: {
      saleId: `e2e-behaviour-${stamp}`,
      thirdPartyNumber: `4200008${stamp}`,
      platform: 'wechat',
      paymentType: 'scan',
      amount: 880,
      memberId,
    },
  });
  expect(sale.status()).toBe(200);

  await page.getByTestId('group-create').click();
  await page.getByTestId('group-form-name').fill(`虹桥收款盒顾客${stamp}`);
  await page.getByTestId('group-form-definition').fill('最近一天在虹桥站收款盒付过款的会员');
  await page.getByTestId('group-form-method-behaviour').click();
  await expect(page.getByTestId('group-form-review')).toHaveCount(0);
  // A window of 0 days is said to be wrong as it is typed, not only at save.
  await page.getByTestId('group-behaviour-days').fill('0');
  await expect(page.getByText(catalogues.en.group.validation.days)).toBeVisible();
  await page.getByTestId('group-behaviour-days').fill('1');
  await expect(page.getByText(catalogues.en.group.validation.days)).toHaveCount(0);
  await expect(page.getByTestId('group-behaviour-preview')).toHaveText(en.behaviour.previewIncomplete);
  await page.getByTestId('group-form-save').click();
  await expect(page.getByTestId('group-behaviour-error')).toHaveText(catalogues.en.group.validation.where);

  await page.getByTestId('group-behaviour-devices').click();
  await page.getByRole('menuitemcheckbox', { name: new RegExp(BOX) }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('group-behaviour-preview')).toContainText('(computed');
  await page.getByTestId('group-form-save').click();

  // Only devices were chosen: no "0 locations" beside them.
  await expect(page.getByTestId('group-rule')).toContainText('Over the last day: bought at the chosen device');
  // The upstream's job computes it; the page asks again until it has.
  await expect(page.getByTestId('group-computing')).toHaveCount(0, { timeout: 20_000 });
  await page.getByTestId('group-member-filter-keyword').fill(nickname);
  await page.getByTestId('group-member-search').click();
  const row = page.getByTestId('group-member-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('group-member-state')).toHaveText(en.memberStates.activated);
  await expect(page.getByTestId('group-add-open')).toHaveCount(0);
});
