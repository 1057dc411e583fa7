/**
 * Customer groups end to end: tenant1 creates a pre-import group that
 * reviews its claims (the form refuses what §5 requires first), imports an
 * .xlsx with two bad rows (nothing written, the report read), then its good
 * rows; a person signs in to tenant A's mini-program and states one of those
 * phones — the identifier shows up pending, claimed by them — and tenant1
 * approves it; the group then counts one. Identifiers typed in (a bad line
 * named, nothing added), disable and delete from the list.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { catalogues, CODE, ERRORS } from '../../../shared/domains.js';
import { xlsxBytes } from '../../../server/http/xlsx.js';
import { sandboxCode, sandboxPhoneGrant } from '../../../server/member/wechat.js';
import { reportRows, runImport, xlsxFile } from '../sheets.js';
import { bridgeCall, notificationSaying, openAs, test, upstreamUrl } from '../support.js';

const en = catalogues.en.group;
const upstream = upstreamUrl();

/** A person signs in to a tenant’s mini-program and proves their phone: their nickname. */
async function personStatesPhone(request: APIRequestContext, tenantId: number, phone: string): Promise<string> {
  const nickname = `认领人${phone.slice(-4)}`;
  const signIn = await request.post(`${upstream}/member-api/v1/sign-in`, {
    data: { tenantId, code: sandboxCode(`e2e-group-${phone}-${Date.now()}`, { nickname }) },
  });
  expect(signIn.status()).toBe(200);
  const { token } = ((await signIn.json()) as { content: { token: string } }).content;
  // Proven through WeChat's phone-number grant (the sandbox's): a customer group takes only a proven phone.
  const proven = await request.post(`${upstream}/member-api/v1/phone`, {
    headers: { authorization: `Bearer ${token}` },
    data: { grant: sandboxPhoneGrant(phone) },
  });
  expect(proven.status()).toBe(200);
  return nickname;
}

test('tenant1 imports a group with two bad rows, reads the report, imports the good rows and approves a claim', async ({
  page,
  baseURL,
  request,
}) => {
  await openAs(page, baseURL, 'tenant1', '/marketing/group');
  await expect(page.getByTestId('group-table')).toBeVisible();
  const me = await bridgeCall(page.request, 'account.info', undefined);
  const tenantId = (me.content as { tenantId: number }).tenantId;
  const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
  const name = `陆家嘴白领${stamp}`;

  await page.getByTestId('group-create').click();
  await expect(page.getByTestId('group-form-title')).toHaveText(en.form.createTitle);
  await page.getByTestId('group-form-save').click();
  await expect(page.getByText(catalogues.en.validation.required).first()).toBeVisible();
  await page.getByTestId('group-form-name').fill(name);
  await page.getByTestId('group-form-definition').fill('陆家嘴写字楼的白领，凭手机号认领');
  await page.getByTestId('group-form-review').click();
  await page.getByTestId('group-form-save').click();
  await expect(page.getByTestId('group-page-title')).toHaveText(name);
  await expect(page.getByTestId('group-member-table-empty')).toContainText(en.members.emptyPreImport);

  // Four phones, two of them bad, and a blank row: all or nothing writes nothing and reports rows 3 and 6.
  const phone = `139${stamp}`;
  const sheet = xlsxFile(
    'group.xlsx',
    await xlsxBytes('分组成员', ['标识'], [[phone], ['1391234'], [`137${stamp}`], [''], [phone]]),
  );
  await page.getByTestId('group-import-open').click();
  await runImport(page, 'group-import', sheet, 'all');
  await expect(page.getByTestId('group-import-summary')).toHaveText(catalogues.en.sheetImport.noneWritten, {
    timeout: 20_000,
  });
  const lines = await reportRows(page, 'group-import');
  expect(lines.map((l) => l[0])).toEqual([3, 6]);
  expect(String(lines[1]![2])).toContain('row 2');

  // The good rows only.
  await page.getByTestId('group-import-submit').click();
  await runImport(page, 'group-import', sheet, 'good');
  await expect(page.getByTestId('group-import-summary')).toHaveText(
    catalogues.en.sheetImport.done
      .replace('{{inserted}}', '2')
      .replace('{{updated}}', '0')
      .replace('{{unchanged}}', '0'),
    { timeout: 20_000 },
  );
  // Two in, two bad and the blank row: the summary accounts for all five rows under the header.
  await expect(page.getByTestId('group-import-blank')).toHaveText('1 blank row skipped');
  await page.getByTestId('group-import-cancel').click();
  await expect(page.getByTestId('group-member-row')).toHaveCount(2);
  await expect(page.getByTestId('group-page-inactive')).toHaveText('2');

  // A person signs in to the mini-program with an imported phone: the claim waits for review.
  const nickname = await personStatesPhone(request, tenantId, phone);
  await page.reload();
  await page.getByTestId('group-member-filter-keyword').fill(phone);
  await page.getByTestId('group-member-search').click();
  const row = page.getByTestId('group-member-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('group-member-state')).toHaveText(en.memberStates.pending);
  await expect(row).toContainText(nickname);
  await expect(page.getByTestId('group-page-pending')).toHaveText('1');

  await expect(page.getByTestId('group-member-approve')).toBeDisabled();
  await row.getByRole('checkbox').check();
  await expect(page.getByTestId('group-member-enable')).toBeDisabled();
  await page.getByTestId('group-member-approve').click();
  await expect(
    notificationSaying(page, (en.members as Record<string, string>).changed_one!.replace('{{count}}', '1')),
  ).toBeVisible();
  await expect(row.getByTestId('group-member-state')).toHaveText(en.memberStates.activated);
  await expect(page.getByTestId('group-page-size')).toHaveText('1');
});

test('identifiers typed in: a bad line is named and nothing added; then disabled and deleted from the list', async ({
  page,
  baseURL,
}) => {
  const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
  const name = `徐家汇商圈${stamp}`;
  await openAs(page, baseURL, 'tenant1', '/marketing/addgroup');
  await page.getByTestId('group-form-name').fill(name);
  await page.getByTestId('group-form-definition').fill('徐家汇商圈写字楼的白领');
  await page.getByTestId('group-form-save').click();
  await expect(page.getByTestId('group-page-title')).toHaveText(name);

  await page.getByTestId('group-add-open').click();
  await page.getByTestId('group-add-lines').fill(`136${stamp}\n12345\n135${stamp}`);
  await page.getByTestId('group-add-submit').click();
  await expect(page.getByText(en.add.line.replace('{{line}}', '2').split('{{')[0]!)).toBeVisible();
  await page.getByTestId('group-add-lines').fill(`136${stamp}\n135${stamp}\n136${stamp}`);
  await page.getByTestId('group-add-submit').click();
  await expect(notificationSaying(page, en.add.done.replace('{{added}}', '2').split(',')[0]!)).toBeVisible();
  await expect(page.getByTestId('group-member-row')).toHaveCount(2);

  await page.getByTestId('group-page-back').click();
  await page.getByTestId('group-filter-keyword').fill(name);
  await page.getByTestId('group-search').click();
  const listed = page.getByTestId('group-row');
  await expect(listed).toHaveCount(1);
  await expect(listed.getByTestId('group-row-size')).toHaveText('0');
  await listed.getByTestId('group-disable').click();
  await page.getByTestId('confirm-ok').click();
  await expect(listed.getByTestId('group-row-state')).toHaveText(en.states.disabled);
  await listed.getByTestId('group-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notificationSaying(page, en.deleted)).toBeVisible();
  await expect(listed).toHaveCount(0);
});

test('a group name its tenant has is refused at the field, and what was typed stays', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', '/marketing/addgroup');
  await page.getByTestId('group-form-name').fill('浦东软件园员工');
  await page.getByTestId('group-form-definition').fill('重名的分组');
  await page.getByTestId('group-form-save').click();
  await expect(page.getByText(ERRORS[CODE.groupNameTaken]!.texts.en)).toBeVisible();
  await expect(page.getByTestId('group-form-definition')).toHaveValue('重名的分组');
});

test('the empty tenant field says what it means: a first-level tenant acts for itself, the admin must choose', async ({
  page,
  baseURL,
}) => {
  const common = catalogues.en.common;
  await openAs(page, baseURL, 'tenant1', '/marketing/addgroup');
  await expect(page.getByTestId('group-form-tenant')).toHaveText(common.tenantOwn);
  await openAs(page, baseURL, 'admin', '/marketing/addgroup');
  await expect(page.getByTestId('group-form-tenant')).toHaveText(common.tenantChoose);
  await page.getByTestId('group-form-save').click();
  await expect(page.getByTestId('group-form-tenant')).toBeFocused();
});

test('at 1366 px a first-level tenant, whose list has a tenant column more, still sees how each group fills and who has not claimed', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openAs(page, baseURL, 'tenant1', '/marketing/group');
  const header = page.getByTestId('group-table').getByRole('columnheader');
  await expect(header.filter({ hasText: catalogues.en.common.tenant })).toBeVisible();
  await expect(header.filter({ hasText: en.importMethod })).toBeVisible();
  await expect(header.filter({ hasText: en.inactive })).toBeVisible();
});
