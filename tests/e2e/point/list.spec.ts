/**
 * The list kit on the point screens, end to end: column sizing and overflow
 * at 1366, 1024 and 400 px, the sticky header, loading / empty / error
 * states, the pager, guarded actions (one bind per double click), refusals
 * that refresh the list, focus and Escape around dialogs, and delete not
 * offered for a point with devices.
 */
import { expect, type Page } from '@playwright/test';
import { catalogues, errorEntry } from '../../../shared/domains.js';
import {
  bridgeCall,
  holdRequests,
  listsAnswered,
  notification,
  pickRegion,
  signOut,
  test,
  openAs,
} from '../support.js';

const en = catalogues.en;
const run = Date.now().toString(36);
const LONG_ADDRESS = 'W'.repeat(100);

/** Calls an operation through the host's bridge, as another window of the same session would. */
async function call<T = unknown>(page: Page, op: string, input: unknown): Promise<T> {
  const result = await bridgeCall(page.request, op, input);
  if (!result.ok) throw new Error(`${op} refused: ${JSON.stringify(result.error)}`);
  return result.content as T;
}

/** In Beijing (Chaoyang): away from the provinces the area filter tests look at. */
const createPoint = (page: Page, name: string, address = 'No. 1 Test Road') =>
  call<{ id: number }>(page, 'point.create', { body: { name, areaCode: '110105', address } });

/** Signed in as tenant1, no page open yet: each test sets its points up, then opens its screen. */
async function openList(page: Page, baseURL: string | undefined) {
  await openAs(page, baseURL, 'tenant1', null);
}

async function filterByName(page: Page, name: string) {
  await page.getByTestId('point-filter-name').fill(name);
  await page.getByTestId('point-search').click();
  await listsAnswered(page);
}

const rowOf = (page: Page, name: string) => page.getByTestId('point-row').filter({ hasText: name });

test('a name cut in its cell shows whole in a tooltip when pointed at; a name that fits shows none', async ({
  page,
  baseURL,
}) => {
  await openList(page, baseURL);
  const long = `${run}浦东新区张江高科技园区碧波路六百九十号北门智能售货点位`.slice(0, 30);
  const short = `S${run}`;
  const quick = `Q${long}`.slice(0, 30);
  await createPoint(page, long);
  await createPoint(page, quick);
  await createPoint(page, short);
  await page.goto('/pointMent/pointList');
  await filterByName(page, run);
  const nameOf = (name: string) => rowOf(page, name).getByTestId('point-name').locator('span').first();
  await expect(nameOf(long)).toBeVisible();
  expect(await nameOf(long).evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // The tooltip is made as the pointer comes, and shows at once.
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await nameOf(long).hover();
  await expect(page.getByRole('tooltip')).toHaveText(long);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // Pointed at again, it shows again.
  await nameOf(long).hover();
  await expect(page.getByRole('tooltip')).toHaveText(long);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // A pointer that comes to a cut name and leaves at once leaves no tooltip behind (the text is wrapped in its
  // tooltip as the pointer comes, and the leave came before the browser knew the pointer was over the new text).
  await nameOf(quick).hover();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // A whole name has nothing to add: no tooltip (Fluent's shows within 250 ms).
  await nameOf(short).hover();
  await page.waitForTimeout(800);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});

test('a 100-character address stays in its cell at 1366, 1024 and 400 px; below its minimum width the table scrolls sideways', async ({
  page,
  baseURL,
}) => {
  await openList(page, baseURL);
  const name = `Long ${run}`;
  await createPoint(page, name, LONG_ADDRESS);
  await page.goto('/pointMent/pointList');
  const row = rowOf(page, name);
  await expect(row).toHaveCount(1);
  const scroller = page.getByTestId('point-table-scroller');

  for (const width of [1366, 1024, 400]) {
    await page.setViewportSize({ width, height: 800 });
    await scroller.evaluate((e) => {
      e.scrollLeft = 0;
    });
    // The columns were sized for this width: the table is as wide as its container, or as its minimums.
    await expect
      .poll(() =>
        scroller.evaluate((e) => {
          const mins = [...e.querySelectorAll('th')].reduce(
            (a, th) => a + Number(th.getAttribute('data-min-width')),
            0,
          );
          return e.querySelector('table')!.offsetWidth - Math.max(e.clientWidth, mins);
        }),
      )
      .toBe(0);

    // Every column keeps at least its minimum width.
    const heads = await page
      .getByTestId('point-table')
      .locator('th')
      .evaluateAll((ths) =>
        ths.map((th) => ({
          id: th.getAttribute('data-column'),
          width: th.getBoundingClientRect().width,
          min: Number(th.getAttribute('data-min-width')),
        })),
      );
    for (const h of heads) expect(h.width, `${h.id} at ${width} px`).toBeGreaterThanOrEqual(h.min - 0.5);

    // The address wraps inside its own cell: its text ends before the actions cell starts.
    await scroller.evaluate((e) => {
      e.scrollLeft = e.scrollWidth;
    });
    const address = row.getByTestId('point-address');
    const actions = row.getByTestId('point-actions');
    const text = await address.evaluate((td) => {
      const r = td.ownerDocument.createRange();
      r.selectNodeContents(td);
      const box = r.getBoundingClientRect();
      return { right: box.right, cellRight: td.getBoundingClientRect().right };
    });
    const actionsBox = (await actions.boundingBox())!;
    const addressBox = (await address.boundingBox())!;
    expect(text.right, `address text at ${width} px`).toBeLessThanOrEqual(text.cellRight + 0.5);
    expect(addressBox.x + addressBox.width, `address cell at ${width} px`).toBeLessThanOrEqual(actionsBox.x + 0.5);
    // No cell's content runs past its cell.
    const overflowing = await row
      .locator('td')
      .evaluateAll((tds) => tds.filter((td) => td.scrollWidth > td.clientWidth + 1).length);
    expect(overflowing, `cells overflowing at ${width} px`).toBe(0);

    // The page never scrolls sideways: only the table's own container does, and only below its minimum width.
    expect(await page.locator('html').evaluate((html) => html.scrollWidth <= html.clientWidth)).toBe(true);
    const [client, scroll] = await scroller.evaluate((e) => [e.clientWidth, e.scrollWidth]);
    if (width === 400) expect(scroll).toBeGreaterThan(client);
    else expect(scroll, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(client);
  }

  // At 400 px the actions are reached by scrolling the table: they come into view inside the container.
  await scroller.evaluate((e) => {
    e.scrollLeft = e.scrollWidth;
  });
  const box = (await scroller.boundingBox())!;
  const del = (await row.getByTestId('point-delete').boundingBox())!;
  expect(del.x).toBeGreaterThanOrEqual(box.x);
  expect(del.x + del.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
});

test('the header stays in view while the rows scroll under it', async ({ page, baseURL }) => {
  await openList(page, baseURL);
  for (let i = 0; i < 8; i++) await createPoint(page, `Filler ${run} ${i}`);
  await page.setViewportSize({ width: 1366, height: 640 });
  await page.goto('/pointMent/pointList');
  await expect(page.getByTestId('point-row').first()).toBeVisible();
  const scroller = page.getByTestId('point-table-scroller');
  const header = page.getByTestId('point-table').locator('th').first();
  const firstRow = page.getByTestId('point-row').first();

  const [clientHeight, scrollHeight] = await scroller.evaluate((e) => [e.clientHeight, e.scrollHeight]);
  expect(scrollHeight).toBeGreaterThan(clientHeight);
  const top = (await scroller.boundingBox())!.y;
  const rowBefore = (await firstRow.boundingBox())!.y;
  await scroller.evaluate((e) => {
    e.scrollTop = 200;
  });
  await expect.poll(async () => (await firstRow.boundingBox())!.y).toBeLessThan(rowBefore - 150);
  const head = (await header.boundingBox())!;
  expect(Math.abs(head.y - top)).toBeLessThanOrEqual(2);
  // Painted on top: the header cell is what the point at its centre hits.
  const hit = await header.evaluate((th) => {
    const r = th.getBoundingClientRect();
    return th.ownerDocument.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('th') === th;
  });
  expect(hit).toBe(true);
});

test('a failed load says so and offers a retry, never "total 0"; the retry loads the page', async ({
  page,
  baseURL,
}) => {
  await openList(page, baseURL);
  await page.route('**/bridge/point.page', (route) =>
    route.fulfill({ json: { ok: false, error: { source: 'network', code: 0, status: 0 } } }),
  );
  await page.goto('/pointMent/pointList');
  await expect(page.getByTestId('point-table-error')).toContainText(en.common.loadFailed);
  await expect(page.getByTestId('point-row')).toHaveCount(0);
  await expect(page.getByTestId('point-table-empty')).toHaveCount(0);
  await expect(page.getByTestId('point-pager-total')).toHaveCount(0);

  await page.unroute('**/bridge/point.page');
  await page.getByTestId('point-table-retry').click();
  await expect(page.getByTestId('point-row').first()).toBeVisible();
  await expect(page.getByTestId('point-table-error')).toHaveCount(0);
  await expect(page.getByTestId('point-pager-total')).toHaveText(/^Total \d+$/);
});

test('while the first page is on its way the table shows skeleton rows and the pager claims no total', async ({
  page,
  baseURL,
}) => {
  await openList(page, baseURL);
  const release = await holdRequests(page, '**/bridge/point.page');
  await page.goto('/pointMent/pointList');
  await expect(page.getByTestId('table-skeleton-row').first()).toBeVisible();
  await expect(page.getByTestId('point-pager-total')).toHaveCount(0);
  await expect(page.getByTestId('point-table-empty')).toHaveCount(0);
  release();
  await expect(page.getByTestId('point-row').first()).toBeVisible();
  await expect(page.getByTestId('point-pager-total')).toBeVisible();
  await page.unroute('**/bridge/point.page');
});

test('a filter that matches nothing says "no data" and offers to create a point', async ({ page, baseURL }) => {
  await openList(page, baseURL);
  await page.goto('/pointMent/pointList');
  await expect(page.getByTestId('point-row').first()).toBeVisible();
  await filterByName(page, `nothing ${run}`);
  await expect(page.getByTestId('point-table-empty')).toContainText(en.common.empty);
  await expect(page.getByTestId('point-row')).toHaveCount(0);
  await expect(page.getByTestId('point-pager-total')).toHaveText('Total 0');
  await page.getByTestId('point-empty-create').click();
  await expect(page.getByTestId('point-form-name')).toBeVisible();
  await page.getByTestId('point-form-cancel').click();
  await expect(page.getByTestId('point-form-name')).toHaveCount(0);
});

test('the pager goes by page number, page size and "go to page"', async ({ page, baseURL }) => {
  await openList(page, baseURL);
  for (let i = 0; i < 12; i++) await createPoint(page, `Pager ${run} ${String(i).padStart(2, '0')}`);
  await page.goto('/pointMent/pointList');
  await filterByName(page, `Pager ${run}`);
  await expect(page.getByTestId('point-pager-total')).toHaveText('Total 12');
  await expect(page.getByTestId('point-row')).toHaveCount(12);

  await page.getByTestId('point-pager-size').click();
  await page.getByRole('option', { name: '10 / page' }).click();
  await expect(page.getByTestId('point-row')).toHaveCount(10);
  await page.getByTestId('point-pager-page-2').click();
  await expect(page.getByTestId('point-row')).toHaveCount(2);
  await expect(page.getByTestId('point-pager-page-2')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('point-pager-jump').fill('1');
  await page.getByTestId('point-pager-jump').press('Enter');
  await expect(page.getByTestId('point-row')).toHaveCount(10);
  await expect(page.getByTestId('point-pager-page-1')).toHaveAttribute('aria-current', 'page');
  // Past the last page: clamped to it.
  await page.getByTestId('point-pager-jump').fill('99');
  await page.getByTestId('point-pager-jump').press('Enter');
  await expect(page.getByTestId('point-pager-page-2')).toHaveAttribute('aria-current', 'page');
});

test('a double click on Bind binds once and says so once; a double click on Unbind unbinds once, with no refusal', async ({
  page,
  baseURL,
}) => {
  await openList(page, baseURL);
  const { id } = await createPoint(page, `Bind ${run}`);
  const calls = { bind: 0, unbind: 0 };
  // Slow answers: the second click lands while the first call is still under way.
  for (const op of ['bind', 'unbind'] as const) {
    await page.route(`**/bridge/point.${op}`, async (route) => {
      calls[op] += 1;
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
  }
  await page.goto(`/pointMent/bindDevice?id=${id}`);
  await page.getByTestId('free-device-row').first().getByRole('checkbox').check();
  await page.getByTestId('device-bind').dblclick();
  await expect(page.getByTestId('bound-device-row')).toHaveCount(1);
  await expect(page.getByTestId('notify').filter({ hasText: en.point.binding.bindSuccess })).toHaveCount(1);
  expect(calls.bind).toBe(1);

  await page.getByTestId('bound-device-row').getByRole('checkbox').check();
  await page.getByTestId('device-unbind').dblclick();
  await expect(page.getByTestId('bound-device-row')).toHaveCount(0);
  await expect(page.getByTestId('notify').filter({ hasText: en.point.binding.unbindSuccess })).toHaveCount(1);
  await expect(page.getByTestId('notify').filter({ hasText: errorEntry(1414).texts.en })).toHaveCount(0);
  expect(calls.unbind).toBe(1);
});

test('deleting a point another session already deleted says so and refreshes the list', async ({ page, baseURL }) => {
  await openList(page, baseURL);
  const name = `Gone ${run}`;
  const { id } = await createPoint(page, name);
  await page.goto('/pointMent/pointList');
  await filterByName(page, name);
  const row = rowOf(page, name);
  await expect(row).toHaveCount(1);

  await call(page, 'point.delete', { params: { id } }); // the other session
  await row.getByTestId('point-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notification(page)).toHaveText(errorEntry(1410).texts.en);
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('point-table-empty')).toBeVisible();
});

test("focus returns to the row's delete button when the confirmation is cancelled or escaped", async ({
  page,
  baseURL,
}) => {
  await openList(page, baseURL);
  const name = `Focus ${run}`;
  await createPoint(page, name);
  await page.goto('/pointMent/pointList');
  await filterByName(page, name);
  const remove = rowOf(page, name).getByTestId('point-delete');

  await remove.click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(remove).toBeFocused();

  await remove.press('Enter');
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(rowOf(page, name)).toHaveCount(1);
});

test('Escape after a refused save asks before throwing the choice away: kept, then discarded, and focus returns to the row', async ({
  page,
  baseURL,
}) => {
  await openList(page, baseURL);
  const name = `Escape ${run}`;
  await createPoint(page, name);
  await page.route('**/bridge/point.update', (route) =>
    route.fulfill({ json: { ok: false, error: { source: 'upstream', code: 1301, status: 200 } } }),
  );
  await page.goto('/pointMent/pointList');
  await filterByName(page, name);
  const edit = rowOf(page, name).getByTestId('point-edit');
  await edit.click();
  await expect(page.getByTestId('point-form-area-district')).toHaveValue('朝阳区');
  await pickRegion(page, 'point-form-area', { province: '北京市', district: '海淀区' });
  await page.getByTestId('point-form-submit').click();
  await expect(notification(page)).toHaveText(errorEntry(1301).texts.en);
  // Refused: still open, with what was chosen.
  await expect(page.getByTestId('point-form-area-district')).toHaveValue('海淀区');
  await page.keyboard.press('Escape');
  // What was chosen is not thrown away unasked: keep editing…
  await expect(page.getByTestId('confirm-dialog')).toContainText(catalogues.en.common.discardText);
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(page.getByTestId('point-form-area-district')).toHaveValue('海淀区');
  // …or discard it.
  await page.keyboard.press('Escape');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('point-form-area')).toHaveCount(0);
  await expect(edit).toBeFocused();
});

test('a stray click beside the point dialog keeps what was typed; an untouched dialog closes on it', async ({
  page,
  baseURL,
}) => {
  await openList(page, baseURL);
  await page.goto('/pointMent/pointList');
  await page.getByTestId('point-create').click();
  await page.getByTestId('point-form-name').fill(`Stray ${run}`);
  await page.mouse.click(5, 300);
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('point-form-name')).toHaveValue(`Stray ${run}`);
  await page.getByTestId('point-form-cancel').click();
  await expect(page.getByTestId('point-form-name')).toHaveCount(0);
  await page.getByTestId('point-create').click();
  await expect(page.getByTestId('point-form-name')).toBeVisible();
  await page.mouse.click(5, 300);
  await expect(page.getByTestId('point-form-name')).toHaveCount(0);
});

test('delete is not offered for a point with devices, and says why', async ({ page, baseURL }) => {
  await openList(page, baseURL);
  const { list } = await call<{ list: { name: string; deviceCount: number }[] }>(page, 'point.page', {
    query: { pageNum: 1, pageSize: 100 },
    body: {},
  });
  const withDevices = list.find((p) => p.deviceCount > 0);
  expect(withDevices, 'a demo point of tenant1 with devices').toBeDefined();
  await page.goto('/pointMent/pointList');
  await filterByName(page, withDevices!.name);
  const remove = rowOf(page, withDevices!.name).getByTestId('point-delete');
  await expect(remove).toBeDisabled();
  // The reason is the button's description, read out with it; its tooltip is made only when asked for.
  await expect(remove).toHaveAccessibleDescription(en.point.deleteHasDevices);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await remove.hover();
  await expect(page.getByRole('tooltip')).toHaveText(en.point.deleteHasDevices);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // The keyboard alone: focused, it says why; Escape puts the reason away, the focus stays.
  await remove.focus();
  await expect(page.getByRole('tooltip')).toHaveText(en.point.deleteHasDevices);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expect(remove).toBeFocused();
  await remove.click({ force: true });
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);

  // A point without devices may be deleted.
  const name = `Free ${run}`;
  await createPoint(page, name);
  await filterByName(page, name);
  await expect(rowOf(page, name).getByTestId('point-delete')).toBeEnabled();
});

test('the bind screen says what is wrong with its address: no id, an invalid id, a point that is not there or not ours', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2');
  await expect(page).toHaveURL(/\/dashboard/);
  const { list } = await call<{ list: { id: number }[] }>(page, 'point.page', {
    query: { pageNum: 1, pageSize: 1 },
    body: {},
  });
  const foreign = list[0]!.id;
  await signOut(page);
  await openList(page, baseURL);

  const problem = page.getByTestId('bind-problem');
  await page.goto('/pointMent/bindDevice?id=abc');
  await expect(problem).toHaveText(en.point.binding.invalidId);
  await page.goto('/pointMent/bindDevice?id=');
  await expect(problem).toHaveText(en.point.binding.noPoint);
  await page.goto(`/pointMent/bindDevice?id=${foreign}`);
  await expect(problem).toHaveText(errorEntry(1410).texts.en);
  await page.goto('/pointMent/bindDevice?id=987654321');
  await expect(problem).toHaveText(errorEntry(1410).texts.en);
  await expect(page.getByTestId('bind-retry')).toHaveCount(0);
  await page.getByTestId('back-to-points').click();
  await expect(page).toHaveURL(/\/pointMent\/pointList$/);
});
