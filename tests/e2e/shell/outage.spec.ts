/**
 * The database restarting under a clerk's console: the console says "try
 * again later" (the upstream's 503, databaseUnavailable), never signs the clerk out, and
 * works again by itself once the database is back. The worker's own upstream
 * runs on embedded PGlite, which cannot go away; so this test stands up what
 * it needs on the PostgreSQL CI gives (TEST_POSTGRES_URL, skipped without
 * it): a database of its own, a TCP proxy before it that plays the restart
 * (tests/tcp-proxy.ts), a real upstream process on it and a console host of
 * its own in front — nothing of the server is mocked. (The suite's `test`
 * still starts the worker's host signed out; this test's page is its own.)
 */
import { expect } from '@playwright/test';
import pg from 'pg';
import pkg from '../../../package.json' with { type: 'json' };
import { catalogues } from '../../../shared/domains.js';
import { createCore } from '../../../electron/core/core.js';
import { memoryPrefs } from '../../../electron/core/prefs.js';
import { memoryVault } from '../../../electron/core/vault.js';
import { startHost } from '../../../electron/host/index.js';
import { spawnUpstream } from '../../../scripts/upstream-process.js';
import { tcpProxy } from '../../tcp-proxy.js';
import { notificationSaying, signIn, test, PASSWORD } from '../support.js';

const postgres = process.env.TEST_POSTGRES_URL;
const rendererDir = process.env.VEND_RENDERER_DIR || 'dist/renderer';

test.skip(!postgres, 'needs PostgreSQL (TEST_POSTGRES_URL, which CI sets)');

test('while PostgreSQL is away the console says to try again later, keeps the clerk signed in, and recovers by itself', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `vend_e2e_outage_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgres });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const target = new URL(postgres!);
  const proxy = await tcpProxy(target.hostname, Number(target.port));
  const proxied = new URL(postgres!);
  proxied.port = String(proxy.port);
  proxied.pathname = `/${name}`;
  const upstream = await spawnUpstream(proxied.toString(), { DEMO_DATA: '1' });
  const core = createCore({
    upstreamUrl: upstream.url,
    vault: memoryVault(),
    prefs: memoryPrefs(),
    mode: 'browser',
    version: pkg.version,
  });
  const host = await startHost({ port: 0, core, rendererDir });
  const context = await browser.newContext({ baseURL: host.url });
  try {
    await context.addCookies([{ name: 'language', value: 'en', domain: '127.0.0.1', path: '/' }]);
    const page = await context.newPage();
    await page.goto(host.launchUrl());
    await signIn(page, 'tenant1', PASSWORD, { at: '/pointMent/pointList' });
    await expect(page.getByTestId('point-row').first()).toBeVisible();

    // PostgreSQL goes away: every connection cut, new ones refused.
    await proxy.cut();
    await page.goto('/deviceList/index');
    // HTTP 503, whatever its body code (databaseUnavailable here): "try again later" (shared/errors/policy.ts).
    await expect(notificationSaying(page, catalogues.en.common.tryLater)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('device-table-error')).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);

    // It is back: the same session reads again, without signing in.
    await proxy.restore();
    await expect(async () => {
      await page.goto('/pointMent/pointList');
      await expect(page.getByTestId('point-row').first()).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expect(page).not.toHaveURL(/\/login/);
  } finally {
    await context.close();
    await host.close();
    await upstream.kill();
    await proxy.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
