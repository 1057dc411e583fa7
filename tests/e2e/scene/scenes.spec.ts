/** Scene linkage end to end (spec §2 /sceneadmin): a scene is created, its menu tree saved, and disabling it twice (from a stale window) is refused. */
import { expect, type Page } from '@playwright/test';
import { catalogues, ERRORS, CODE } from '../../../shared/domains.js';
import { IMAGES } from '../../server/file/support.js';
import { bridgeCall, notification, PASSWORD, resetHostSession, test, openAs } from '../support.js';

const en = catalogues.en.scene;
const rowOf = (page: Page, name: string) =>
  page.getByTestId('scene-row').filter({ has: page.getByTestId('scene-name').getByText(name, { exact: true }) });

/** The test's scene holds two demo devices, which no other scene may take: wherever a try stopped, the scene goes, so a retry can create it again. */
test.afterEach(async ({ request }) => {
  expect((await bridgeCall(request, 'session.signIn', { username: 'tenant1', password: PASSWORD })).ok).toBe(true);
  const found = await bridgeCall(request, 'scene.page', {
    query: { pageNum: 1, pageSize: 20 },
    body: { keyword: '人民广场联动' },
  });
  for (const scene of (found.content as { list: Array<{ id: number; name: string }> }).list.filter(
    (s) => s.name === '人民广场联动',
  )) {
    expect((await bridgeCall(request, 'scene.delete', { params: { id: scene.id } })).ok).toBe(true);
  }
  await resetHostSession(request);
});

test('tenant1 creates a scene, saves its menu tree, disables it, and a stale window is told it is already disabled', async ({
  page,
  baseURL,
  context,
}) => {
  await openAs(page, baseURL, 'tenant1', '/sceneadmin');
  await expect(rowOf(page, '虹桥站早餐组合')).toBeVisible();

  // Create: empty fields and no device are said at their fields; taken devices cannot be chosen.
  await page.getByTestId('scene-create').click();
  await page.getByTestId('scene-form-submit').click();
  await expect(page.getByText(en.validation.devices)).toBeVisible();
  await expect(page.getByText(en.validation.empty).first()).toBeVisible();
  await page.getByTestId('scene-form-name').fill('人民广场联动');
  await page.getByTestId('scene-form-notes').fill('地铁站两台');
  await expect(page.getByRole('checkbox', { name: /虹桥站饮料机 1 号/ })).toBeDisabled();
  await page.getByRole('checkbox', { name: /人民广场咖啡机/ }).check();
  await page.getByRole('checkbox', { name: /人民广场饮料机/ }).check();
  await page.getByTestId('scene-form-submit').click();
  await expect(notification(page)).toHaveText(en.created);

  // Its menu: two top-level nodes and a child, each with an image; every device served.
  await rowOf(page, '人民广场联动').getByTestId('scene-open').click();
  await expect(page.getByTestId('scene-detail-name')).toHaveText('人民广场联动');
  await expect(page.getByTestId('menu-empty')).toBeVisible();
  await page.getByTestId('menu-add-root').click();
  await page.getByTestId('menu-add-root').click();
  const nodes = page.getByTestId('menu-node');
  await nodes.nth(0).getByTestId('menu-node-name').fill('咖啡');
  await nodes.nth(0).getByRole('radio', { name: '人民广场咖啡机' }).check();
  await nodes.nth(1).getByTestId('menu-node-name').fill('饮料');
  // Saving without images: said at the nodes, nothing lost.
  await page.getByTestId('menu-save').click();
  await expect(page.getByText(en.validation.image).first()).toBeVisible();
  await expect(nodes.nth(0).getByTestId('menu-node-name')).toHaveValue('咖啡');
  for (const i of [0, 1]) {
    await nodes
      .nth(i)
      .getByTestId('menu-node-image-input')
      .setInputFiles({ name: `n${i}.png`, mimeType: 'image/png', buffer: IMAGES['image/png'] });
    // The upload ends when its tile shows; a save before it would send the node without its image.
    await expect(nodes.nth(i).getByTestId('menu-node-image-tile')).toHaveCount(1);
  }
  // A device left out: the page says which, and so does the upstream (3504).
  await nodes.nth(1).getByRole('radio', { name: '人民广场咖啡机' }).check();
  await expect(page.getByTestId('menu-missing')).toContainText('人民广场饮料机');
  await page.getByTestId('menu-save').click();
  await expect(notification(page)).toHaveText(ERRORS[CODE.sceneMenuMissesDevice]!.texts.en);
  // A single-device node takes one: choosing the other device replaces the first, as radio buttons say.
  await nodes.nth(1).getByRole('radio', { name: '人民广场饮料机' }).check();
  await expect(nodes.nth(1).getByRole('radio', { name: '人民广场咖啡机' })).not.toBeChecked();
  await expect(page.getByTestId('menu-missing')).toHaveCount(0);
  await nodes.nth(1).getByTestId('menu-node-add-child').click();
  await nodes.nth(2).getByTestId('menu-node-name').fill('冰饮');
  await nodes.nth(2).getByRole('radio', { name: '人民广场饮料机' }).check();
  await nodes
    .nth(2)
    .getByTestId('menu-node-image-input')
    .setInputFiles({ name: 'n2.png', mimeType: 'image/png', buffer: IMAGES['image/png'] });
  await expect(nodes.nth(2).getByTestId('menu-node-image-tile')).toHaveCount(1);
  // The keyboard's way to reorder: 饮料 (with its child) moves above 咖啡.
  await nodes.nth(1).getByTestId('menu-node-up').click();
  await page.getByTestId('menu-save').click();
  await expect(notification(page)).toHaveText(en.detail.saved);
  await page.reload();
  await expect(page.getByTestId('menu-node-name')).toHaveCount(3);
  expect(
    await page
      .getByTestId('menu-node-name')
      .evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value)),
  ).toEqual(['饮料', '冰饮', '咖啡']);

  // Two windows on the list; the first disables the scene, the stale second tries again and is told.
  await page.goto('/sceneadmin');
  const other = await context.newPage();
  await other.goto('/sceneadmin');
  await expect(rowOf(other, '人民广场联动').getByTestId('scene-disable')).toBeVisible();
  await rowOf(page, '人民广场联动').getByTestId('scene-disable').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notification(page)).toHaveText(en.disabled);
  await expect(rowOf(page, '人民广场联动').getByTestId('scene-status')).toHaveText(en.states.disabled);
  await rowOf(other, '人民广场联动').getByTestId('scene-disable').click();
  await other.getByTestId('confirm-ok').click();
  await expect(notification(other)).toHaveText(ERRORS[CODE.sceneAlreadyDisabled]!.texts.en);
  // …and its row reads the scene again: disabled, offering to enable it.
  await expect(rowOf(other, '人民广场联动').getByTestId('scene-status')).toHaveText(en.states.disabled);
  await expect(rowOf(other, '人民广场联动').getByTestId('scene-enable')).toBeVisible();
  await other.close();
});
