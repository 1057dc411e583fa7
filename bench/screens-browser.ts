/**
 * Every screen by its address, signed in, in browser mode on the demo data
 * (the upstream on in-memory PGlite and the console host started here,
 * Debian's Chromium driven by Playwright): what a reload, a deep link or a
 * new window costs. Each screen of the route table that tenant1 may open —
 * the menu's screens and the detail screens, given the first record of their
 * list — and the admin's own screens are opened by address, one after the
 * other, in three fresh browsers; a screen's figure is the median of the
 * three, from the navigation's start until its first rows are drawn:
 * the active view holds its content, and nothing in it is still loading (no
 * spinner, no skeleton, no busy table). Then, in each browser, every screen
 * again by a move inside the app (the router told of a new address, as the
 * menu does): a move's figure is the median of the three (a single move was
 * one sample of a busy machine, and one in forty came out half again as long). The five slowest of each are printed, and each screen is
 * held to its budget: 1.0 s by address, 0.3 s inside the app. `BENCH_SCREENS`
 * (a regular expression on the path) runs only the screens it matches;
 * `BENCH_VERBOSE` prints every sample.
 * Needs the built renderer (`npm run bench:browser` builds it first).
 */
import type { Page } from '@playwright/test';
import { launchChromium, startBrowserBench } from './browser-support.js';
import { matchChain, ROUTE_SETS, type AppRoute } from '../shared/routes.js';
import { Budgets, median, signIn } from './support.js';

const ADDRESS_BUDGET_MS = 1000;
const MOVE_BUDGET_MS = 300;
const BROWSERS = 3;
const SLOWEST = 5;

/**
 * In the page from its start: the time (since the navigation began) when the
 * active view was first drawn, kept in `window.__drawn`; `window.__watch()`
 * starts watching again from now, for a move inside the app.
 */
const WATCH = `(() => {
  const w = window;
  const busy = 'main [data-active="true"] :is(.fui-Spinner, .fui-Skeleton, [data-testid="table-skeleton-row"], table[aria-busy="true"])';
  // The view on show, and for a move the one of the screen moved to (until the shell switches views, the last
  // screen's view is on show, drawn).
  let want = null;
  const drawn = () => {
    const view = document.querySelector('[data-testid="app-main"] > [data-active="true"]');
    if (!view || (want !== null && view.getAttribute('data-view') !== want)) return false;
    return !!view.querySelector('h1, h2, table, form, [role="tablist"]') && !document.querySelector(busy);
  };
  let observer = null;
  w.__watch = (from, name = null) => {
    want = name;
    w.__drawn = undefined;
    observer?.disconnect();
    const look = () => {
      if (w.__drawn === undefined && drawn()) {
        w.__drawn = performance.now() - from;
        observer.disconnect();
      }
    };
    observer = new MutationObserver(look);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  };
  w.__watch(0);
})()`;

interface Screen {
  /** Who opens it. */
  user: 'tenant1' | 'admin';
  path: string;
}

/** The route table's screens without a record to show: every leaf a user of the main set may open. */
function menuScreens(): Screen[] {
  const out: Screen[] = [];
  const walk = (routes: readonly AppRoute[]) => {
    for (const r of routes) {
      if (r.children?.length) walk(r.children);
      else if (!r.hidden && !r.redirect)
        out.push({ user: r.meta.roles && !r.meta.roles.includes('1') ? 'admin' : 'tenant1', path: r.path });
    }
  };
  walk(ROUTE_SETS.main);
  return out;
}

/** Detail screens, each given the first record of its list (tenant1's), as the list's row opens it. */
const DETAILS: readonly { list: string; path: (id: number) => string }[] = [
  { list: '/member/page', path: (id) => `/memberCenter/memberDetail?id=${id}` },
  { list: '/order/page', path: (id) => `/orderManagement/orderDetail?id=${id}` },
  { list: '/activity/page', path: (id) => `/marketing/scenedeatil?id=${id}` },
  { list: '/group/page', path: (id) => `/marketing/groudetale?id=${id}` },
  { list: '/complaint/page', path: (id) => `/orderManagement/complaintDetail?id=${id}` },
  { list: '/device/page', path: (id) => `/deviceList/devSet?id=${id}` },
  { list: '/share/statements/page', path: (id) => `/shares/statement?id=${id}` },
  { list: '/firmware/rollouts/page', path: (id) => `/deviceList/firmware/rollout?id=${id}` },
  { list: '/firmware/packages/page', path: (id) => `/deviceList/firmware/package?id=${id}` },
  { list: '/price/changes/page', path: (id) => `/deviceList/prices/change?id=${id}` },
];

async function detailScreens(upstreamUrl: string): Promise<Screen[]> {
  const token = await signIn(upstreamUrl, 'tenant1');
  const out: Screen[] = [];
  for (const d of DETAILS) {
    const res = await fetch(`${upstreamUrl}${d.list}?pageNum=1&pageSize=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await res.json()) as { content?: { list?: { id?: number }[] } };
    const id = body.content?.list?.[0]?.id;
    // The demo data holds no such record for tenant1 (no rollout has been made): nothing to open.
    if (id === undefined) console.log(`${d.path(0).split('?')[0]}: skipped, ${d.list} gives tenant1 no record`);
    else out.push({ user: 'tenant1', path: d.path(id) });
  }
  return out;
}

/** Signs in through the sign-in page (the host keeps one session, whichever browser asks: the last user signed out). */
async function signInAs(page: Page, username: string): Promise<void> {
  await page.goto(new URL('/login', page.url()).href);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill('Demo@2026');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('side-menu').waitFor();
}

async function signOut(page: Page): Promise<void> {
  const item = page.getByTestId('sign-out');
  if (!(await item.isVisible())) await page.getByTestId('profile-menu').click();
  await item.click();
  await page.waitForURL(/\/login/);
}

/**
 * Waits until the page has settled: no request of its own in flight for
 * QUIET_MS (its reads answered, a count that runs on after the rows, the
 * screens' modules loading in the background), as a person takes a moment
 * before the next click. Without it a move was timed behind the last
 * screen's count, which the one database connection of the embedded upstream
 * was still answering. (Playwright's `networkidle` load state is reached once
 * per document: after a move inside the app it answers at once.)
 */
const QUIET_MS = 500;
const inFlight = new WeakMap<Page, Set<unknown>>();

function watchRequests(page: Page): void {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  // The live events' stream stays open while the page lives: it is no work in flight.
  page.on('request', (r) => r.resourceType() !== 'eventsource' && open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

async function settled(page: Page): Promise<void> {
  const open = inFlight.get(page)!;
  const until = Date.now() + 20_000;
  for (let quietSince = Date.now(); Date.now() < until; await page.waitForTimeout(50)) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
  }
}

/** Opens `path` by its address: milliseconds from the navigation's start until the view is drawn. */
async function byAddress(page: Page, path: string): Promise<number> {
  await settled(page);
  await page.goto(new URL(path, page.url()).href);
  await page.waitForFunction(() => (globalThis as { __drawn?: number }).__drawn !== undefined, undefined, {
    timeout: 30_000,
  });
  return (await page.evaluate('window.__drawn')) as number;
}

/** The route name a path shows (its view's `data-view`). */
function viewName(path: string): string {
  const chain = matchChain(ROUTE_SETS.main, path.split('?')[0]!);
  const name = chain?.at(-1)?.name;
  if (!name) throw new Error(`bench: no route for ${path}`);
  return name;
}

/** Moves to `path` inside the app, as a link of the menu does: milliseconds until its view is drawn. */
async function byMove(page: Page, path: string): Promise<number> {
  await settled(page);
  await page.evaluate(`(() => {
    window.__watch(performance.now(), ${JSON.stringify(viewName(path))});
    history.pushState(null, '', ${JSON.stringify(path)});
    dispatchEvent(new PopStateEvent('popstate'));
  })()`);
  await page.waitForFunction(() => (globalThis as { __drawn?: number }).__drawn !== undefined, undefined, {
    timeout: 30_000,
  });
  return (await page.evaluate('window.__drawn')) as number;
}

const label = (s: Screen) => `${s.path} (${s.user})`;

function report(title: string, figures: Map<string, number>, budget: number, budgets: Budgets): void {
  const slowest = [...figures].sort((a, b) => b[1] - a[1]);
  console.log(`${title}: ${figures.size} screens; the ${SLOWEST} slowest:`);
  for (const [name, ms] of slowest.slice(0, SLOWEST)) console.log(`  ${ms.toFixed(0).padStart(5)} ms  ${name}`);
  for (const [name, ms] of slowest) budgets.check(`  ${title}, ${name}`, ms, budget, 'ms', true, true);
}

const budgets = new Budgets();
const { upstream, host, close } = await startBrowserBench();
try {
  // BENCH_SCREENS, a regular expression on the path, runs those screens alone (a cure measured on the few it is for).
  const only = process.env.BENCH_SCREENS ? new RegExp(process.env.BENCH_SCREENS) : null;
  const screens = [...menuScreens(), ...(await detailScreens(upstream.url))].filter((s) => !only || only.test(s.path));
  const samples = new Map<string, number[]>();
  const moveSamples = new Map<string, number[]>();
  for (let b = 0; b < BROWSERS; b++) {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
      await page.addInitScript(WATCH);
      watchRequests(page);
      await page.goto(host.launchUrl());
      for (const user of ['tenant1', 'admin'] as const) {
        await signInAs(page, user);
        const mine = screens.filter((s) => s.user === user);
        for (const s of mine) {
          const ms = await byAddress(page, s.path);
          if (process.env.BENCH_VERBOSE)
            console.log(`  browser ${b + 1}: ${ms.toFixed(0).padStart(5)} ms  ${label(s)}`);
          samples.set(label(s), [...(samples.get(label(s)) ?? []), ms]);
        }
        for (const s of mine) {
          const ms = await byMove(page, s.path);
          moveSamples.set(label(s), [...(moveSamples.get(label(s)) ?? []), ms]);
        }
        await signOut(page);
      }
    } finally {
      await browser.close();
    }
  }
  const opened = new Map([...samples].map(([name, ms]) => [name, median(ms)]));
  report('by address (median of three fresh browsers)', opened, ADDRESS_BUDGET_MS, budgets);
  const moves = new Map([...moveSamples].map(([name, ms]) => [name, median(ms)]));
  report('inside the app (median of three browsers)', moves, MOVE_BUDGET_MS, budgets);
  if (process.env.BENCH_VERBOSE)
    console.log(
      [...moveSamples].map(([name, ms]) => `${ms.map((m) => m.toFixed(0).padStart(5)).join(' ')}  ${name}`).join('\n'),
    );
} finally {
  await close();
}
budgets.finish('every screen in the browser');
