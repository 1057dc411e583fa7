/**
 * The lists at 1366 px, the width of the clerks' screens, and at 1024 px: no
 * column header or cell is cut or broken inside a word (Chromium's word
 * segmenter tells Chinese words apart), no cell's text is clipped without an
 * ellipsis saying so, no button in a row wraps its label — for
 * every list screen, as the platform admin and as a distributor, in zh-CN
 * and in English; and at 1366 px no table scrolls sideways (the kit folds
 * the columns a screen marks `fold` away first: renderer/kit/sizing.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { PASSWORD, signIn, test, useLanguage } from '../support.js';

const ADMIN_LISTS = [
  '/deviceList/index',
  '/sceneadmin',
  '/devicePool/index',
  '/pointMent/pointList',
  '/productManagement/productList',
  '/productManagement/classification',
  '/productManagement/merchandise',
  '/productManagement/commodityInfor',
  '/orderManagement/orderList',
  '/orderManagement/payTheBox',
  '/orderManagement/scenario',
  '/orderManagement/staffOrderList',
  '/orderManagement/customerService',
  '/orderManagement/deliveryReview',
  '/tenant/people',
  '/atManagement/staffManagement',
  '/atManagement/peopleadmin',
  '/costumeMent/costume',
  '/bill',
  '/costManagement',
  '/deviceList/pushes',
];
const TENANT_LISTS = [
  '/deviceList/index',
  '/orderManagement/orderList',
  '/orderManagement/deliveryReview',
  '/costumeMent/costume',
  '/costumeMent/staffPage',
  '/payCenter',
];

/**
 * Each table wider than its container at this width, with how much wider.
 * Staff orders alone may scroll: once its marked columns fold, its sixteen
 * spec columns still keep the order, the goods, the staff member, the
 * enterprise customer, the amounts, the states, the device and the time.
 */
const MAY_SCROLL = ['/orderManagement/staffOrderList'];
const SIDEWAYS = `Array.from(document.querySelectorAll('[data-testid$="-scroller"]'))
  .filter((el) => el.scrollWidth > el.clientWidth + 1)
  .map((el) => 'scrolls sideways by ' + (el.scrollWidth - el.clientWidth) + ' px: ' + el.getAttribute('data-testid'))`;

/** What is cut on the page's tables, one line per problem (empty: nothing): cuts.page.js, run in the page. */
const CUTS = readFileSync(fileURLToPath(new URL('./cuts.page.js', import.meta.url)), 'utf8');
async function cuts(page: Page): Promise<string[]> {
  // Evaluated, not added as a script tag: the console's CSP allows no inline script.
  return page.evaluate(`${CUTS}\n;globalThis.__vendCuts()`) as Promise<string[]>;
}

async function drawn(page: Page): Promise<void> {
  await expect(page.getByTestId('tabs')).toBeVisible();
  await expect(page.locator('table').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], [data-testid="table-skeleton-row"], .fui-Spinner')).toHaveCount(0, {
    timeout: 15_000,
  });
}

/** Two frames: a resize's observers and the re-render they cause have run, and the table is laid out again. */
const laidOut = (page: Page) =>
  page.evaluate(() => {
    // The tests are type-checked without the DOM library.
    const frame = (globalThis as unknown as { requestAnimationFrame(next: () => void): void }).requestAnimationFrame;
    return new Promise<void>((done) => frame(() => frame(done)));
  });

// Each role in the language whose labels run longer on its lists (English headers and buttons, Chinese addresses),
// and the admin's first ten in Chinese. The admin's lists in English are checked at 1366 px and then, the window
// narrowed as a clerk would, at 1024 px: one load of each list, not two (a load costs more than the checks).
const RUNS = [
  ['admin', ADMIN_LISTS, 'en', [1366, 1024]],
  ['tenant1', TENANT_LISTS, 'zh-CN', [1366]],
  ['admin', ADMIN_LISTS.slice(0, 10), 'zh-CN', [1366]],
] as const;

for (const [who, lists, language, widths] of RUNS) {
  test(`${who}'s lists at ${widths.join(' and ')} px in ${language}: nothing cut`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: widths[0], height: 800 });
    await useLanguage(page, baseURL, language);
    await signIn(page, who, PASSWORD, { at: null });
    const problems: string[] = [];
    for (const path of lists) {
      for (const [i, width] of widths.entries()) {
        await page.setViewportSize({ width, height: 800 });
        if (i === 0) await page.goto(path);
        else await laidOut(page);
        await drawn(page);
        // The table is as wide as the window now, not as it was at the width before (a check of a stale layout
        // would pass whatever the fold did).
        const shown = await page
          .locator('[data-testid$="-scroller"]')
          .first()
          .evaluate((el) => el.clientWidth);
        expect(shown, `${path}: the table's width at ${width} px`).toBeLessThan(width - 100);
        expect(shown, `${path}: the table's width at ${width} px`).toBeGreaterThan(width - 400);
        // At 1024 px a table may scroll sideways under its pinned actions; nothing in it may be cut.
        const sideways = width < 1366 || MAY_SCROLL.includes(path) ? [] : ((await page.evaluate(SIDEWAYS)) as string[]);
        for (const p of [...(await cuts(page)), ...sideways]) problems.push(`${path} at ${width} px: ${p}`);
      }
    }
    expect(problems).toEqual([]);
  });
}
