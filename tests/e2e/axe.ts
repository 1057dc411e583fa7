/**
 * Accessibility as the end-to-end suite checks it: axe-core on
 * the page as it stands, failing on any moderate, serious or critical
 * violation (two landmarks of one name, a page without its heading count as
 * much as a missing label). Minor findings are axe's advice and not enforced.
 *
 * Excluded, with the reason:
 * - `[data-tabster-dummy]`: Fluent's focus manager (tabster) puts 1-px `<i
 *   tabindex=0 aria-hidden>` elements around focus groups and dialogs; they
 *   hand focus on at once and are hidden so that screen readers do not
 *   announce them. axe reads them as aria-hidden-focus, a false positive
 *   Fluent and tabster document (microsoft/tabster#288, fluentui#27056) and
 *   Microsoft's own scanners suppress.
 * - `region` (content outside every landmark) for a toast or a tooltip only
 *   (`PORTALS`): Fluent draws both in a portal at the end of the body, where
 *   no landmark can hold them. A toast is a live region, announced as it
 *   comes; a tooltip is read as the description of the control it belongs
 *   to. Neither is content a reader navigates to. Everything else outside a
 *   landmark still fails.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const ENFORCED = new Set(['moderate', 'serious', 'critical']);

/** The `region` rule's nodes that are a portal's toasts or tooltip (see the exclusions above). */
const PORTALS = /class="[^"]*fui-Toast|role="tooltip"|id="tooltip-/;

/**
 * Fluent's enter/exit transitions run ~200 ms; a fading dialog or toast has
 * not its final contrast yet. Spinners (endless) and a toast's own timer
 * (an animation as long as the toast stays, seconds) are no transitions.
 */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            (globalThis as unknown as BrowserDocument).document.getAnimations().filter((a) => {
              const timing = a.effect?.getComputedTiming();
              return a.playState === 'running' && timing?.iterations !== Infinity && Number(timing?.duration) <= 1_000;
            }).length,
        ),
      { timeout: 5_000 },
    )
    .toBe(0);
  // A list refreshing (a live event, a filter just changed) dims its old rows
  // under its progress bar until the answer comes: a moment, not the page's
  // contrast.
  await listsAnswered(page, 5_000);
  // A screen just navigated to may still be loading its code (a spinner where its title will be): a moment without
  // a heading, not a page without one (a clean-clone run scanned it then). A page that never shows one is still
  // found: the scan runs after this wait either way.
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'visible', timeout: 3_000 })
    .catch(() => {});
}

/**
 * Waits until every list on the page shows its answer: a refresh or a search
 * keeps the old rows (dimmed, the kit's table aria-busy) until the new page
 * comes, and a row matched meanwhile may move under the mouse when it does
 * (a hover lost). `timeout`: expect's own unless given.
 */
export async function listsAnswered(page: Page, timeout?: number): Promise<void> {
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0, timeout === undefined ? {} : { timeout });
}

/** The part of the DOM `settled` reads (the tests are type-checked without the DOM library). */
interface BrowserDocument {
  document: {
    getAnimations(): Array<{
      playState: string;
      effect: { getComputedTiming(): { iterations?: number; duration?: number | string } } | null;
    }>;
  };
}

/**
 * The moderate, serious and critical violations on the page now, one line each (rule,
 * impact, first nodes). `atTestEnd`: the page as a test left it, at no
 * moment of its choosing, so notifications are left out — one may be fading
 * out (its text half transparent reads as too little contrast); the
 * accessibility spec scans its screens without any.
 */
export async function violations(page: Page, atTestEnd = false): Promise<string[]> {
  // Legacy mode: axe.run in the page itself. The default runs axe per frame and then merges the parts in a new blank
  // page (a new renderer, axe injected again): 2.7 s a scan instead of 1.0 s, for the cross-origin frames the
  // console has none of (it draws no iframe).
  let builder = new AxeBuilder({ page })
    .setLegacyMode()
    .exclude('[data-tabster-dummy]')
    .options({ resultTypes: ['violations'] });
  if (atTestEnd) builder = builder.exclude('[data-testid="notify"]');
  // axe reads the page for a second or so; a list that starts refreshing
  // meanwhile (a live event) dims its rows under the scan, as CI once caught
  // (grey text at 0.6 opacity). Such a scan read a moment, not the page: it is
  // taken again once the page has settled, a few times at most.
  for (let attempt = 1; ; attempt++) {
    await settled(page);
    await page.evaluate(watchBusy);
    const result = await builder.analyze();
    const moved = await page.evaluate(() => (globalThis as unknown as BusyWatch).__vendBusySeen === true);
    if (moved && attempt < 4) continue;
    return enforced(result.violations);
  }
}

/** In the page: note whether any element's aria-busy changes from now on. */
function watchBusy(): void {
  const scope = globalThis as unknown as BusyWatch;
  scope.__vendBusySeen = false;
  scope.__vendBusyObserver?.disconnect();
  // Any change counts: by the time the observer hears of it the list may have
  // answered already, its rows dimmed for part of the scan all the same.
  scope.__vendBusyObserver = new scope.MutationObserver(() => {
    scope.__vendBusySeen = true;
  });
  scope.__vendBusyObserver.observe(scope.document, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
}

/** The part of the page `watchBusy` uses (no DOM library in the tests' types). */
interface BusyWatch {
  __vendBusySeen?: boolean;
  __vendBusyObserver?: { disconnect(): void; observe(target: unknown, options: object): void };
  document: unknown;
  MutationObserver: new (callback: () => void) => NonNullable<BusyWatch['__vendBusyObserver']>;
}

function enforced(found: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return found
    .map((v) => (v.id === 'region' ? { ...v, nodes: v.nodes.filter((n) => !PORTALS.test(n.html)) } : v))
    .filter((v) => ENFORCED.has(v.impact ?? '') && v.nodes.length > 0)
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
}

/** Fails the test when the page has a moderate, serious or critical violation; `where` names the state in the message. */
export async function expectAccessible(page: Page, where: string, atTestEnd = false): Promise<void> {
  expect(await violations(page, atTestEnd), `axe-core on ${where} (${new URL(page.url()).pathname})`).toEqual([]);
}
