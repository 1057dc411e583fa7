/**
 * The member centre end to end: a person signs in to tenant A's mini-program
 * (the member-facing API with a sandbox WeChat code) and buys at tenant A's
 * payment box naming themselves; tenant1 finds them by nickname with their
 * points, opens their page — the earn in the history, the order in its tab —
 * credits points with a reason and blocks them.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { catalogues, CODE, ERRORS } from '../../../shared/domains.js';
import { demoSecret } from '../../../server/device/credentials.js';
import { sandboxCode, sandboxPhoneGrant } from '../../../server/member/wechat.js';
import { bridgeCall, notificationSaying, openAs, test, upstreamUrl } from '../support.js';

const en = catalogues.en.member;
const upstream = upstreamUrl();
const BOX = 'VM2026000103';
const machine = { authorization: `Basic ${Buffer.from(`${BOX}:${demoSecret(BOX)}`).toString('base64')}` };

/** A person of tenant A's programme, made by their first sign-in, who proves `phone` if given; their member id. */
async function memberSignsIn(
  request: APIRequestContext,
  tenantId: number,
  nickname: string,
  phone?: string,
): Promise<number> {
  const res = await request.post(`${upstream}/member-api/v1/sign-in`, {
    data: { tenantId, code: sandboxCode(`e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, { nickname }) },
  });
  expect(res.status()).toBe(200);
  const { token, member } = ((await res.json()) as { content: { token: string; member: { id: number } } }).content;
  if (phone) {
    const proven = await request.post(`${upstream}/member-api/v1/phone`, {
      headers: { authorization: `Bearer ${token}` },
      data: { grant: sandboxPhoneGrant(phone) },
    });
    expect(proven.status()).toBe(200);
  }
  return member.id;
}

/** The payment box takes ¥8.80 from the member: 8 points. */
async function memberPays(request: APIRequestContext, memberId: number): Promise<void> {
  expect((await request.post(`${upstream}/device-api/v1/heartbeat`, { headers: machine, data: {} })).status()).toBe(
    200,
  );
  const sale = await request.post(`${upstream}/device-api/v1/sale`, {
    headers: machine,
    data: {
      saleId: `e2e-member-${memberId}`,
      thirdPartyNumber: `4200009${memberId}`,
      platform: 'wechat',
      paymentType: 'scan',
      amount: 880,
      memberId,
    },
  });
  expect(sale.status()).toBe(200);
  expect(((await sale.json()) as { content: { points: number } }).content.points).toBe(8);
}

test('a member who bought at the machine appears with their points; tenant1 credits and blocks them', async ({
  page,
  baseURL,
  request,
}) => {
  await openAs(page, baseURL, 'tenant1', '/memberCenter/memberInfo');
  await expect(page.getByTestId('member-table')).toBeVisible();
  const me = await bridgeCall(page.request, 'account.info', undefined);
  const tenantId = (me.content as { tenantId: number }).tenantId;
  const nickname = `跑步的阿杰${Date.now() % 1_000_000}`;
  const phone = `1376${(Date.now() % 10_000_000).toString().padStart(7, '0')}`;
  const memberId = await memberSignsIn(request, tenantId, nickname, phone);
  await memberPays(request, memberId);

  await page.getByTestId('member-filter-keyword').fill(nickname);
  await page.getByTestId('member-search').click();
  const row = page.getByTestId('member-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('member-row-nickname')).toHaveText(nickname);
  await expect(row.getByTestId('member-row-points')).toHaveText('8');

  await row.getByTestId('member-open').click();
  await expect(page.getByTestId('member-page-title')).toHaveText(nickname);
  await expect(page.getByTestId('member-page-phone')).toHaveText(`${phone} ${en.phoneVerified}`);
  await expect(page.getByTestId('member-entry-kind').first()).toHaveText(en.ledger.kinds.earn);
  await expect(page.getByTestId('member-entry-points').first()).toHaveText('+8');
  await expect(page.getByTestId('member-lot-left').first()).toHaveText('8');

  await page.getByTestId('member-adjust-open').click();
  await page.getByTestId('member-adjust-points').fill('0');
  await page.getByTestId('member-adjust-submit').click();
  await expect(page.getByText(en.validation.points)).toBeVisible();
  await page.getByTestId('member-adjust-points').fill('-9');
  await page.getByTestId('member-adjust-reason').fill('兑换饮料');
  await page.getByTestId('member-adjust-submit').click();
  // 8 points cannot pay 9: refused at the field, which says what is available, nothing lost.
  await expect(page.getByRole('dialog').getByText(ERRORS[CODE.pointsShort]!.texts.en)).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(en.adjust.available.replace('{{points}}', '8'));
  await expect(page.getByTestId('member-adjust-reason')).toHaveValue('兑换饮料');
  await page.getByTestId('member-adjust-points').fill('12');
  await page.getByTestId('member-adjust-reason').fill('设备故障补偿');
  await page.getByTestId('member-adjust-submit').click();
  await expect(notificationSaying(page, en.adjust.done)).toBeVisible();
  await expect(page.getByTestId('member-entry-points').first()).toHaveText('+12');

  await page.getByTestId('member-page-tab-orders').click();
  await expect(page.getByTestId('member-order')).toHaveCount(1);

  await page.getByTestId('member-page-toggle').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('member-page-state')).toHaveText(en.states.blocked);

  // From the list: let back at once; blocked again only after the question naming them.
  await page.goto('/memberCenter/memberInfo');
  await page.getByTestId('member-filter-keyword').fill(nickname);
  await page.getByTestId('member-search').click();
  const listed = page.getByTestId('member-row').filter({ hasText: nickname });
  await expect(listed.getByTestId('member-row-state')).toHaveText(en.states.blocked);
  await listed.getByTestId('member-toggle').click();
  await expect(listed.getByTestId('member-row-state')).toHaveText(en.states.normal);
  await listed.getByTestId('member-toggle').click();
  await expect(page.getByRole('dialog')).toContainText(nickname);
  await page.getByTestId('confirm-ok').click();
  await expect(listed.getByTestId('member-row-state')).toHaveText(en.states.blocked);
});

test("a sale naming another programme's member shows them among the third-party members", async ({
  page,
  baseURL,
  request,
}) => {
  const externalId = `MX-e2e-${Date.now()}`;
  expect((await request.post(`${upstream}/device-api/v1/heartbeat`, { headers: machine, data: {} })).status()).toBe(
    200,
  );
  const sale = await request.post(`${upstream}/device-api/v1/sale`, {
    headers: machine,
    data: {
      saleId: `e2e-external-${externalId}`,
      thirdPartyNumber: `4200008${Date.now()}`,
      platform: 'alipay',
      paymentType: 'scan',
      amount: 1500,
      externalMember: { programme: '万象城会员', id: externalId },
    },
  });
  expect(sale.status()).toBe(200);
  await openAs(page, baseURL, 'tenant1', '/memberCenter/thirdPartyMember');
  await page.getByTestId('external-filter-keyword').fill(externalId);
  await page.getByTestId('external-search').click();
  const row = page.getByTestId('external-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('external-row-id')).toHaveText(externalId);
  await expect(row.getByTestId('external-row-orders')).toHaveText('1');
});

test("tenant1 saves a member's own data and erases the member at their request", async ({ page, baseURL, request }) => {
  await openAs(page, baseURL, 'tenant1', '/memberCenter/memberInfo');
  const me = await bridgeCall(page.request, 'account.info', undefined);
  const nickname = `要注销的会员${Date.now() % 1_000_000}`;
  await memberSignsIn(request, (me.content as { tenantId: number }).tenantId, nickname);
  await page.getByTestId('member-filter-keyword').fill(nickname);
  await page.getByTestId('member-search').click();
  // The filtered page, not the first one still shown while it loads.
  const row = page.getByTestId('member-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('member-row-nickname')).toHaveText(nickname);
  await row.getByTestId('member-open').click();
  await expect(page.getByTestId('member-page-title')).toHaveText(nickname);

  const download = page.waitForEvent('download');
  await page.getByTestId('member-export').click();
  expect((await download).suggestedFilename()).toMatch(/^member-8\d{9}\.json$/);
  await expect(notificationSaying(page, en.exported)).toBeVisible();

  // A member holding points: the question says the balance and offers to adjust it, not an erase that would fail.
  await page.getByTestId('member-adjust-open').click();
  await page.getByTestId('member-adjust-points').fill('5');
  await page.getByTestId('member-adjust-reason').fill('注销前测试');
  await page.getByTestId('member-adjust-submit').click();
  await expect(notificationSaying(page, en.adjust.done)).toBeVisible();
  await page.getByTestId('member-erase').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(`${nickname} still holds 5 points`);
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('member-adjust-points').fill('-5');
  await page.getByTestId('member-adjust-reason').fill('注销前结清');
  await page.getByTestId('member-adjust-submit').click();
  await expect(page.getByTestId('member-adjust-points')).toHaveCount(0);

  await page.getByTestId('member-erase').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(nickname);
  await page.getByTestId('confirm-ok').click();
  await expect(notificationSaying(page, en.erasedDone)).toBeVisible();
  await expect(page.getByTestId('member-page-title')).toHaveText(en.erasedName);
  await expect(page.getByTestId('member-erase')).toHaveCount(0);
  // Erased, not "Normal"; nothing to block.
  await expect(page.getByTestId('member-page-state')).toHaveText(en.erasedState);
  await expect(page.getByTestId('member-page-toggle')).toHaveCount(0);
});
