import { chromium } from '@playwright/test';
process.env.DATABASE_URL = 'memory://';
process.env.DEMO_DATA = '1';
process.env.SIMULATE = '0';
process.env.UPSTREAM_PORT ??= '8097';
process.env.CONSOLE_PORT ??= '5187';
const { startBrowserMode, startUpstream } = await import('../scripts/launch.js');
const upstream = await startUpstream();
const host = await startBrowserMode(upstream, 'bench');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
  await page.goto(host.launchUrl());
  for (let run = 0; run < 2; run++) {
    await page.goto(new URL('/login', page.url()).href);
    await page.getByTestId('login-username').fill('tenant1');
    await page.getByTestId('login-password').fill('Demo@2026');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const t0 = performance.now();
    const log: string[] = [];
    const onReq = (r: import('@playwright/test').Request) => log.push(`${(performance.now() - t0).toFixed(0).padStart(5)} > ${r.method()} ${r.url().replace(/^https?:\/\/[^/]+/, '')}`);
    const onRes = (r: import('@playwright/test').Response) => log.push(`${(performance.now() - t0).toFixed(0).padStart(5)} < ${r.status()} ${r.url().replace(/^https?:\/\/[^/]+/, '')}`);
    page.on('request', onReq); page.on('response', onRes);
    page.on('console', (m) => log.push(`${(performance.now() - t0).toFixed(0).padStart(5)} console ${m.text().slice(0, 100)}`));
    await page.evaluate(() => {
      const w = window as unknown as { marks: Record<string, number> };
      w.marks = {};
      const start = performance.now();
      const obs = new MutationObserver(() => {
        const m = w.marks;
        if (!m.page && document.querySelector('[data-testid="dashboard"]')) m.page = performance.now() - start;
        if (!m.cards && document.querySelector('[data-testid="card-today-value"]')?.textContent?.includes('¥')) m.cards = performance.now() - start;
        if (!m.alerts && document.querySelector('[data-testid="alert-row"]')) m.alerts = performance.now() - start;
        if (!m.charts && document.querySelectorAll('[data-drawn="true"]').length >= 5) m.charts = performance.now() - start;
      });
      obs.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/dashboard$/);
    log.push(`${(performance.now() - t0).toFixed(0).padStart(5)} URL dashboard`);
    await page.getByTestId('card-today-value').filter({ hasText: '¥' }).waitFor();
    log.push(`${(performance.now() - t0).toFixed(0).padStart(5)} cards`);
    for (const id of ['hours', 'series', 'byProduct', 'byDevice', 'byPoint']) await page.locator(`[data-testid="${id}-chart"][data-drawn="true"]`).waitFor();
    log.push(`${(performance.now() - t0).toFixed(0).padStart(5)} charts`);
    log.push(`in page: ${JSON.stringify(await page.evaluate(() => (window as unknown as { marks: Record<string, number> }).marks))}`);
    page.off('request', onReq); page.off('response', onRes);
    const { profile } = await cdp.send('Profiler.stop') as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[]; samples: number[]; timeDeltas: number[] } };
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    const byFn = new Map<string, number>(); const byUrl = new Map<string, number>();
    for (const n of profile.nodes) {
      const us = self.get(n.id) ?? 0;
      const url = n.callFrame.url.replace(/^.*\//, '') || '(' + n.callFrame.functionName + ')';
      byUrl.set(url, (byUrl.get(url) ?? 0) + us);
      const fn = `${n.callFrame.functionName || '(anon)'} ${url}:${n.callFrame.lineNumber}`;
      byFn.set(fn, (byFn.get(fn) ?? 0) + us);
    }
    const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, us]) => `${(us / 1000).toFixed(0).padStart(6)} ms  ${n}`).join('\n');
    console.log(`by script:\n${top(byUrl, 15)}\nby function:\n${top(byFn, 25)}`);
    console.log(`--- run ${run}\n${log.join('\n')}`);
    const item = page.getByTestId('sign-out');
    if (!(await item.isVisible())) await page.getByTestId('profile-menu').click();
    await item.click();
    await page.waitForURL(/\/login/);
  }
} finally {
  await browser.close(); await host.close(); await upstream.close();
}
