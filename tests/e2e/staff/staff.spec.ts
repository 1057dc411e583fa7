/**
 * Members and roles end to end: tenant1 makes a role holding the device list
 * and the order list (the preview shows that menu while the codes are
 * chosen), adds a member with it and assigns it two devices, and the member
 * signs in to exactly those screens, seeing those devices and their orders
 * alone; disabled by tenant1, the member is refused at sign-in.
 */
import { expect, type Page } from '@playwright/test';
import { catalogues, CODE, errorEntry } from '../../../shared/domains.js';
import { notification, signIn, signOut, test, upstreamUrl, openAs, PASSWORD } from '../support.js';

const en = catalogues.en;
const menuPaths = async (page: Page) => {
  await expect(page.getByTestId('side-menu')).toBeVisible();
  return page
    .getByTestId('side-menu')
    .getByTestId('menu-item')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-path') ?? ''));
};

test('tenant1 makes a role with 2-1 and 6-1 and a member with it, who sees exactly those screens', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/atManagement/peopleadmin');
  await page.getByTestId('role-create').click();
  await expect(page).toHaveURL(/\/atManagement\/addpeople$/);
  // Nothing chosen: refused at the fields.
  await page.getByTestId('role-form-save').click();
  await expect(page.getByText(en.staff.validation.powers)).toBeVisible();
  await expect(page.getByText(en.staff.validation.roleName)).toBeVisible();
  await page.getByTestId('role-form-name').fill('巡店专员');
  // Each error goes as its field is put right, before the next save.
  await expect(page.getByText(en.staff.validation.roleName)).toHaveCount(0);
  await page.getByTestId('role-form-description').fill('设备列表与订单列表');
  await page.getByTestId('role-power-2-1').click();
  await expect(page.getByText(en.staff.validation.powers)).toHaveCount(0);
  await page.getByTestId('role-power-6-1').click();
  const preview = page.getByTestId('role-preview');
  await expect(preview.getByText(en.device.route.deviceList, { exact: true })).toBeVisible();
  await expect(preview.getByText(en.route.orderList, { exact: true })).toBeVisible();
  await expect(preview.getByText(en.point.route.pointList, { exact: true })).toHaveCount(0);
  await page.getByTestId('role-form-save').click();
  await expect(notification(page)).toContainText(en.staff.role.saved);
  await expect(page.getByTestId('role-row').filter({ hasText: '巡店专员' }).getByTestId('role-members')).toHaveText(
    '0',
  );

  await page.goto('/atManagement/staffManagement');
  await page.getByTestId('member-create').click();
  const form = page;
  await form.getByTestId('member-name').fill('赵巡');
  await form.getByTestId('member-phone').fill('13700001234');
  await form.getByTestId('member-username').fill('zhaoxun');
  // The password rule, said before anything is sent: its hint, then a common password refused at its field.
  await expect(page.getByText(en.account.validation.passwordRule)).toBeVisible();
  await form.getByTestId('member-password').fill('qwertyuiop');
  await page.getByTestId('member-form-submit').click();
  await expect(page.getByText(en.account.validation.passwordCommon)).toBeVisible();
  await form.getByTestId('member-password').fill('Zx@2026patrol');
  await expect(page.getByText(en.account.validation.passwordCommon)).toHaveCount(0);
  await form.getByTestId('member-role').click();
  await page.getByRole('option', { name: '巡店专员' }).click();
  await page.getByTestId('member-form-submit').click();
  await expect(notification(page)).toContainText(en.staff.member.created);
  const row = page.getByTestId('member-row').filter({ hasText: 'zhaoxun' });
  await expect(row.getByTestId('member-row-role')).toHaveText('巡店专员');
  await expect(row.getByTestId('member-row-devices')).toHaveText(en.staff.member.allDevices);

  // Two devices of the Hongqiao point, found by the point, moved across.
  await row.getByTestId('member-more').click();
  await page.getByTestId('member-devices-open').click();
  await page.getByTestId('member-devices-point').click();
  await page.getByRole('option', { name: '上海虹桥站 A 区' }).click();
  const available = page.getByTestId('member-devices-available');
  await expect(available.getByRole('checkbox')).toHaveCount(4);
  await available.getByRole('checkbox', { name: /VM2026000101/ }).check();
  await available.getByRole('checkbox', { name: /VM2026000102/ }).check();
  await page.getByTestId('member-devices-add').click();
  await expect(page.getByTestId('member-devices-count')).toHaveText(en.staff.member.assigned.replace('{{count}}', '2'));
  await page.getByTestId('member-devices-submit').click();
  await expect(notification(page)).toContainText(en.staff.member.devicesSaved);
  await expect(row.getByTestId('member-row-devices')).toHaveText('2');

  await signOut(page);
  await signIn(page, 'zhaoxun', 'Zx@2026patrol', { form: true });
  expect((await menuPaths(page)).sort()).toEqual(
    [
      '/deviceList/index',
      '/deviceList/firmware',
      '/deviceList/prices',
      '/deviceList/pushes',
      '/orderManagement/deliveryReview',
      '/orderManagement/orderList',
      '/orderManagement/staffOrderList',
    ].sort(),
  );
  // Only its two devices, and only their orders.
  await page.goto('/deviceList/index');
  await expect(page.getByTestId('device-row')).toHaveCount(2);
  expect((await page.getByTestId('device-row').getByTestId('device-serial').allTextContents()).sort()).toEqual([
    'VM2026000101',
    'VM2026000102',
  ]);
  // Wide enough for the device column (it folds before money on a narrower screen).
  await page.setViewportSize({ width: 1920, height: 900 });
  await page.goto('/orderManagement/orderList');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  const devicesShown = await page.getByTestId('order-row').getByTestId('order-device').allTextContents();
  expect(devicesShown.length).toBeGreaterThan(0);
  expect(devicesShown.filter((d) => !d.startsWith('虹桥站饮料机 1 号') && !d.startsWith('虹桥站零食机 2 号'))).toEqual(
    [],
  );

  await signOut(page);
  await signIn(page, 'tenant1', PASSWORD, { at: '/atManagement/staffManagement' });
  const member = page.getByTestId('member-row').filter({ hasText: 'zhaoxun' });
  await member.getByTestId('member-toggle').click();
  await page.getByRole('button', { name: en.staff.member.disable }).last().click();
  await expect(member.getByTestId('member-row-state')).toHaveText(en.staff.member.states.disabled);
  await signOut(page);
  await signIn(page, 'zhaoxun', 'Zx@2026patrol', { form: true });
  await expect(page.getByTestId('login-error')).toContainText(errorEntry(CODE.accountDisabled).texts.en);

  // Enabled again without a question; deleted from the row's "more" menu after one.
  await signIn(page, 'tenant1', PASSWORD, { at: '/atManagement/staffManagement' });
  await member.getByTestId('member-toggle').click();
  await expect(member.getByTestId('member-row-state')).toHaveText(en.staff.member.states.enabled);
  await member.getByTestId('member-more').click();
  await page.getByTestId('member-delete').click();
  await expect(page.getByRole('dialog')).toContainText('赵巡');
  await page.getByRole('button', { name: en.staff.member.delete }).last().click();
  await expect(notification(page)).toContainText(en.staff.member.deleted);
  await expect(member).toHaveCount(0);

  // The role nobody holds any more is deleted from the roles list, after a question naming it.
  await page.goto('/atManagement/peopleadmin');
  const role = page.getByTestId('role-row').filter({ hasText: '巡店专员' });
  await role.getByTestId('role-delete').click();
  await expect(page.getByRole('dialog')).toContainText('巡店专员');
  await page.getByRole('dialog').getByRole('button', { name: en.staff.role.delete }).click();
  await expect(notification(page)).toContainText(en.staff.role.deleted);
  await expect(role).toHaveCount(0);
});

test("a member's menu follows its role at its next navigation, without signing out", async ({
  page,
  baseURL,
  playwright,
}) => {
  await openAs(page, baseURL, 'member1');
  expect(await menuPaths(page)).not.toContain('/orderManagement/orderList');
  // tenant1 gives member1's role the order list, at the upstream (the console host holds one session: member1's).
  const upstream = await playwright.request.newContext({ baseURL: upstreamUrl() });
  try {
    const signed = await upstream.post('/oauth/token', {
      headers: { authorization: `Basic ${Buffer.from('vend-console:vend-console-secret').toString('base64')}` },
      form: { grant_type: 'password', username: 'tenant1', password: 'Demo@2026' },
    });
    const headers = { authorization: `Bearer ${((await signed.json()) as { access_token: string }).access_token}` };
    const roles = (await (await upstream.post('/role/page?pageNum=1&pageSize=50', { headers, data: {} })).json()) as {
      content: { list: { id: number; name: string; description: string; powers: string[] }[] };
    };
    const role = roles.content.list.find((r) => r.name === '运营专员')!;
    const save = (powers: string[]) =>
      upstream.put(`/role/${role.id}`, { headers, data: { name: role.name, description: role.description, powers } });
    expect((await save([...role.powers, '6-1'])).ok()).toBe(true);
    try {
      // Another screen, by the menu: a navigation within the page, no reload.
      const menu = page.getByTestId('side-menu');
      await menu.locator('[data-testid="menu-group"][data-path="/pointMent"]').click();
      await menu.locator('[data-testid="menu-item"][data-path="/pointMent/pointList"]').click();
      await expect(page).toHaveURL(/\/pointMent\/pointList$/);
      await expect.poll(() => menuPaths(page)).toContain('/orderManagement/orderList');
      // The pointer off the menu item it clicked (its hover colours are a moment's).
      await page.mouse.move(600, 400);
    } finally {
      await save(role.powers);
    }
  } finally {
    await upstream.dispose();
  }
});
