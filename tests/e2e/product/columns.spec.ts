/**
 * Wide tables, on the old product library: names get the room at
 * 1366 px and the row actions stay in view; the user resizes a column with
 * the mouse or the keyboard and hides another, and the screen remembers both
 * after a reload until they are restored; short of width the columns marked
 * to fold give way first.
 */
import { expect, type Page } from '@playwright/test';
import { signIn, test, useLanguage } from '../support.js';
import { catalogues } from '../../../shared/domains.js';

const en = catalogues.en;

const header = (page: Page, column: string) => page.getByTestId('product-table').locator(`th[data-column="${column}"]`);
const widthOf = async (page: Page, column: string) => Number(await header(page, column).getAttribute('data-width'));

async function open(page: Page): Promise<void> {
  await page.goto('/productManagement/productList');
  await expect(page.getByTestId('product-row').first()).toBeVisible();
}

test('a column is resized and another hidden, remembered after a reload, then restored', async ({ page, baseURL }) => {
  await useLanguage(page, baseURL, 'en');
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page, 'tenant1');
  await open(page);

  // At 1366 px the whole of a product's name shows, and the actions are on screen.
  const name = page.getByTestId('product-name').first();
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expect(page.getByTestId('product-actions').first()).toBeInViewport();

  // Drag the name column's right edge 120 px to the right.
  const before = await widthOf(page, 'name');
  const handle = header(page, 'name').getByTestId('column-resize');
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => widthOf(page, 'name')).toBe(before + 120);
  // The drag did not sort by name.
  await expect(header(page, 'name')).not.toHaveAttribute('aria-sort', /ascending|descending/);

  // The keyboard: one step of 16 px.
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => widthOf(page, 'name')).toBe(before + 136);

  // Hide the model column from the columns menu; the name and the actions cannot be hidden.
  await page.getByTestId('product-table').getByTestId('columns-menu').click();
  const item = (id: string) => page.getByTestId('columns-menu-item').and(page.locator(`[data-column="${id}"]`));
  await expect(item('name')).toBeDisabled();
  await expect(item('actions')).toBeDisabled();
  await item('model').click();
  await page.keyboard.press('Escape');
  await expect(header(page, 'model')).toHaveCount(0);
  // The actions stay in view even when the table scrolls sideways.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByTestId('product-actions').first()).toBeInViewport();
  await page.setViewportSize({ width: 1366, height: 800 });

  await page.reload();
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await expect(header(page, 'model')).toHaveCount(0);
  expect(await widthOf(page, 'name')).toBe(before + 136);

  await page.getByTestId('product-table').getByTestId('columns-menu').click();
  await page.getByTestId('columns-reset').click();
  await expect(header(page, 'model')).toHaveCount(1);
  await expect.poll(() => widthOf(page, 'name')).toBe(before);
  await page.reload();
  await expect(header(page, 'model')).toHaveCount(1);
});

test('short of width, the columns marked to fold give way instead of the table scrolling; the menu shows one anyway, remembered', async ({
  page,
  baseURL,
}) => {
  await useLanguage(page, baseURL, 'en');
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page, 'tenant1');
  await open(page);
  const scroller = page.getByTestId('product-table-scroller');
  const sideways = () => scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
  const item = (id: string) => page.getByTestId('columns-menu-item').and(page.locator(`[data-column="${id}"]`));

  // At 1366 px the tags and the category fold (first to go), the rest fit without scrolling sideways.
  await expect(header(page, 'tags')).toHaveCount(0);
  await expect(header(page, 'category')).toHaveCount(0);
  await expect(header(page, 'createdAt')).toHaveCount(1);
  expect(await sideways()).toBeLessThanOrEqual(1);
  await page.getByTestId('product-table').getByTestId('columns-menu').click();
  await expect(item('tags')).toHaveAttribute('aria-checked', 'false');
  await expect(item('tags')).toContainText(en.table.folded);
  await item('tags').click();
  await page.keyboard.press('Escape');
  // Shown anyway: the next column marked to fold gives way for it.
  await expect(header(page, 'tags')).toHaveCount(1);
  await expect(header(page, 'createdAt')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await expect(header(page, 'tags')).toHaveCount(1);

  // Wide enough, nothing folds; narrower, more goes, the actions still in view.
  await page.setViewportSize({ width: 1920, height: 800 });
  await expect(header(page, 'category')).toHaveCount(1);
  await expect(header(page, 'createdAt')).toHaveCount(1);
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(header(page, 'createdAt')).toHaveCount(0);
  await expect(header(page, 'tags')).toHaveCount(1);
  await expect(page.getByTestId('product-actions').first()).toBeInViewport();
  const narrow = await scroller.evaluate((el) => el.clientWidth);

  await page.setViewportSize({ width: 1366, height: 800 });
  // The table laid out for the new width first: a menu opened while its columns still move was moved under the
  // click on Reset, which then reached nothing (flaky on a clean-clone run).
  await expect.poll(() => scroller.evaluate((el) => el.clientWidth)).toBeGreaterThan(narrow);
  await expect.poll(sideways).toBeLessThanOrEqual(1);
  await expect(header(page, 'category')).toHaveCount(0);
  await page.getByTestId('product-table').getByTestId('columns-menu').click();
  await page.getByTestId('columns-reset').click();
  await expect(header(page, 'tags')).toHaveCount(0);
});
