/**
 * A point's area end to end: picked province → city → district from the
 * national division data (renderer/kit/RegionPicker.tsx), stored as a code,
 * listed by its names, filtered at any level. The data is a file of its own,
 * fetched when a picker first needs it.
 */
import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { holdRequests, pickRegion, test, openAs } from '../support.js';

const en = catalogues.en;
const pointName = `Area ${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });

async function openList(page: Page, baseURL: string | undefined) {
  await openAs(page, baseURL, 'tenant1', '/pointMent/pointList');
  await expect(page.getByTestId('point-row').first()).toBeVisible();
}

const rowOf = (page: Page, name: string) => page.getByTestId('point-row').filter({ hasText: name });
const areaError = (page: Page) => page.getByRole('dialog').getByText(en.validation.region);

test('a point is created in 广东省 / 广州市 / 天河区 and listed by those names; short of a district the form says what is missing', async ({
  page,
  baseURL,
}) => {
  await openList(page, baseURL);
  await page.getByTestId('point-create').click();
  await page.getByTestId('point-form-name').fill(pointName);
  await page.getByTestId('point-form-address').fill('208 Tianhe Road');

  // Nothing chosen yet: the city and district lists wait for the level above.
  await expect(page.getByTestId('point-form-area-city')).toBeDisabled();
  await expect(page.getByTestId('point-form-area-district')).toBeDisabled();
  await pickRegion(page, 'point-form-area', { province: '广东省', city: '广州市' });
  await page.getByTestId('point-form-submit').click();
  await expect(areaError(page)).toBeVisible();
  await expect(page.getByTestId('point-form-area-district')).toHaveAttribute('aria-invalid', 'true');

  // Another province clears the city and the district.
  await pickRegion(page, 'point-form-area', { province: '浙江省' });
  await expect(page.getByTestId('point-form-area-city')).toHaveValue('');
  await expect(page.getByTestId('point-form-area-district')).toBeDisabled();

  await pickRegion(page, 'point-form-area', { province: '广东省', city: '广州市', district: '天河区' });
  await expect(areaError(page)).toHaveCount(0);
  await page.getByTestId('point-form-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = rowOf(page, pointName);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('point-area')).toHaveText('广东省 广州市 天河区');
});

test("editing starts from the point's area; a municipality (上海市) takes two choices", async ({ page, baseURL }) => {
  await openList(page, baseURL);
  await page.getByTestId('point-filter-name').fill(pointName);
  await page.getByTestId('point-search').click();
  await rowOf(page, pointName).getByTestId('point-edit').click();
  await expect(page.getByTestId('point-form-area-province')).toHaveValue('广东省');
  await expect(page.getByTestId('point-form-area-city')).toHaveValue('广州市');
  await expect(page.getByTestId('point-form-area-district')).toHaveValue('天河区');

  // Shanghai has districts right under it: no city list, and the district list is its districts.
  await pickRegion(page, 'point-form-area', { province: '上海市' });
  await expect(page.getByTestId('point-form-area-city')).toHaveCount(0);
  await expect(page.getByTestId('point-form-area-district')).toHaveValue('');
  await page.getByTestId('point-form-submit').click();
  await expect(areaError(page)).toBeVisible();
  await pickRegion(page, 'point-form-area', { province: '上海市', district: '闵行区' });
  await page.getByTestId('point-form-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rowOf(page, pointName).getByTestId('point-area')).toHaveText('上海市 闵行区');

  // Tidy up: the filter tests count the points of Shanghai.
  await rowOf(page, pointName).getByTestId('point-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(rowOf(page, pointName)).toHaveCount(0);
});

/**
 * Waits for the list to hold the points `has` and none of `not`, every area
 * inside `area`: what a filter shows once its answer is in (polled together,
 * so the list before the answer cannot pass half the check).
 */
async function expectListed(page: Page, area: RegExp, has: readonly string[], not: readonly string[]) {
  await expect
    .poll(async () => {
      const names = await page.getByTestId('point-name').allTextContents();
      const areas = await page.getByTestId('point-area').allTextContents();
      return {
        missing: has.filter((n) => !names.includes(n)),
        unexpected: not.filter((n) => names.includes(n)),
        outside: areas.filter((a) => !area.test(a)),
      };
    })
    .toEqual({ missing: [], unexpected: [], outside: [] });
}

test('the list filters by a province, a city or a district, and Reset clears the choice', async ({ page, baseURL }) => {
  await openList(page, baseURL);
  const search = () => page.getByTestId('point-search').click();
  const total = page.getByTestId('point-pager-total');
  await expect(total).toHaveText(/\d/);
  const everyPoint = (await total.textContent())!;

  await pickRegion(page, 'point-filter-area', { province: '上海市' });
  await search();
  await expectListed(page, /^上海市 /, ['上海虹桥站 A 区', '人民广场地铁站'], ['杭州东站候车厅', '南京新街口德基广场']);

  // A province holds the points of its cities, those of a second-level tenant (苏州, tenant11) too.
  await pickRegion(page, 'point-filter-area', { province: '江苏省' });
  await search();
  await expectListed(page, /^江苏省 /, ['南京新街口德基广场', '苏州星海广场'], ['上海虹桥站 A 区']);

  await pickRegion(page, 'point-filter-area', { province: '江苏省', city: '苏州市' });
  await search();
  await expectListed(page, /^江苏省 苏州市 /, ['苏州星海广场'], ['南京新街口德基广场']);

  await pickRegion(page, 'point-filter-area', { province: '上海市', district: '黄浦区' });
  await search();
  await expectListed(page, /^上海市 黄浦区$/, ['人民广场地铁站'], ['上海虹桥站 A 区']);

  await page.getByTestId('point-reset').click();
  await expect(page.getByTestId('point-filter-area-province')).toHaveValue('');
  await expect(page.getByTestId('point-filter-area-city')).toBeDisabled();
  // Every point again, as many as before any filter: by the total, as points other files made may fill the first page.
  await expect(total).toHaveText(everyPoint);
  await expectListed(page, /./, [], []);
});

test('the picker is usable from the keyboard: type to narrow a list, Enter to choose, empty the box to clear', async ({
  page,
  baseURL,
}) => {
  await openList(page, baseURL);
  const group = page.getByRole('search').getByRole('group', { name: en.point.area });
  const province = group.getByRole('combobox', { name: en.region.province });
  const city = group.getByRole('combobox', { name: en.region.city });

  // The lists stay disabled until the division data has loaded: typing before that would go nowhere.
  await expect(province).toBeEnabled();
  await province.focus();
  await page.keyboard.type('浙江');
  await expect(page.getByRole('option')).toHaveText(['浙江省']);
  await page.keyboard.press('Enter');
  await expect(province).toHaveValue('浙江省');

  await expect(city).toBeEnabled();
  await city.focus();
  await page.keyboard.type('杭');
  await expect(page.getByRole('option')).toHaveText(['杭州市']);
  await page.keyboard.press('Enter');
  await expect(city).toHaveValue('杭州市');
  await page.getByTestId('point-search').click();
  await expect.poll(() => page.getByTestId('point-name').allTextContents()).toEqual(['杭州东站候车厅']);

  // A name that is not there says so and chooses nothing.
  await city.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('nowhere');
  await expect(page.getByRole('option')).toHaveText([en.region.noMatch]);
  await page.keyboard.press('Escape');
  await expect(city).toHaveValue('杭州市');

  // Emptying the province box clears it, and the city with it.
  await province.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await expect(province).toHaveValue('');
  await expect(city).toBeDisabled();
});

test('the division data is a file of its own, fetched when a picker first needs it', async ({ page, baseURL }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    scripts.push(new URL(r.url()).pathname);
  });
  await openAs(page, baseURL, 'tenant1');
  await expect(page).toHaveURL(/\/dashboard/);
  const isRegions = (path: string) => /level\.min[^/]*\.json$/.test(path);
  expect(scripts.filter(isRegions)).toEqual([]);

  await page.goto('/pointMent/pointList');
  await pickRegion(page, 'point-filter-area', { province: '广东省' });
  expect(scripts.filter(isRegions)).toHaveLength(1);
});

test('while the division data loads the lists wait and say so; a failed load offers a retry that loads it', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', null);
  const release = await holdRequests(page, /level\.min[^/]*\.json$/, 'abort');
  await page.goto('/pointMent/pointList');
  const province = page.getByTestId('point-filter-area-province');
  await expect(province).toHaveAttribute('placeholder', en.region.loading);
  await expect(province).toBeDisabled();
  await expect(page.getByRole('search').getByRole('group', { name: en.point.area })).toHaveAttribute(
    'aria-busy',
    'true',
  );

  release();
  await expect(province).toHaveAttribute('placeholder', en.region.loadFailed);
  await page.unroute(/level\.min[^/]*\.json$/);
  await page.getByTestId('point-filter-area-retry').click();
  await expect(province).toHaveAttribute('placeholder', en.region.province);
  await expect(page.getByTestId('point-filter-area-retry')).toHaveCount(0);
  await pickRegion(page, 'point-filter-area', { province: '上海市' });
});
