/**
 * The browser-mode host: renderer files, SPA fallback, the launch URL and its
 * session cookie, and the bridge's guards, over real HTTP. The launch gate's
 * own rules (expiry, caps) are in launch.test.ts.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/core/core.js';
import { CSP } from '../../electron/core/security.js';
import { memoryVault } from '../../electron/core/vault.js';
import { memoryPrefs } from '../../electron/core/prefs.js';
import { CODE, ERRORS } from '../../shared/domains.js';
import { startHost, type Host } from '../../electron/host/index.js';
import { launchCookie } from './launch.js';
import { DEMO_PASSWORD, startUpstream, type Upstream } from './support.js';

/** A browser-mode core against the test upstream, with nothing stored. */
const browserCore = (version = '0') =>
  createCore({ upstreamUrl: upstream.url, vault: memoryVault(), prefs: memoryPrefs(), mode: 'browser', version });

const INDEX =
  '<!doctype html><html><head><title>Vend</title></head><body><div id="root"></div><script type="module" src="./assets/app.js"></script></body></html>';

let dir: string;
let upstream: Upstream;
let host: Host;
/** `name=value` of a session of `host`, launched once for the whole file. */
let cookie: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vend-host-'));
  await writeFile(path.join(dir, 'index.html'), INDEX);
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log("app");');
  await writeFile(path.join(dir, 'assets', 'chunk-13-DaEiLf_M.js'), 'export {};');
  await writeFile(path.join(dir, 'assets', 'B4taN_-S.js'), 'export {};');
  upstream = await startUpstream();
  const core = browserCore('1.2.3');
  host = await startHost({ port: 0, core, rendererDir: dir });
  cookie = await launchCookie(host);
});
afterAll(async () => {
  await host.close();
  await upstream.close();
  await rm(dir, { recursive: true, force: true });
});

const bridge = (op: string, input: unknown, headers: Record<string, string> = {}) =>
  fetch(`${host.url}/bridge/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...headers },
    body: input === undefined ? '' : JSON.stringify(input),
  });

/** A GET as a browser with the session (fetch keeps no cookies of its own). */
const get = (urlPath: string, headers: Record<string, string> = {}) =>
  fetch(host.url + urlPath, { headers: { cookie, ...headers } });

/** The test's index.html, as served to a browser with the session. */
const isIndex = (html: string) => html === INDEX;

describe('host address', () => {
  it('listens on 127.0.0.1 with a free port and mints launch URLs of its own origin', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const a = host.launchUrl();
    const b = host.launchUrl();
    expect(a).toMatch(new RegExp(`^${host.url}/launch\\?t=[A-Za-z0-9_-]{43}$`));
    expect(b).not.toBe(a);
  });
});

/** The launch URL opened without following the redirect, as the first hop of a browser. */
const openLaunch = (url: string, headers: Record<string, string> = {}) => fetch(url, { redirect: 'manual', headers });
const NOT_LAUNCHED_TEXTS = ERRORS[CODE.consoleNotLaunched]!.texts;

describe('launch URL and session cookie', () => {
  it('no cookie: every page is refused with the not-launched text and nothing to call the bridge with', async () => {
    for (const p of ['/', '/index.html', '/login', '/pointMent/pointList']) {
      const res = await fetch(host.url + p, { headers: { 'sec-fetch-dest': 'document' } });
      expect(res.status, p).toBe(403);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('set-cookie')).toBeNull();
      const html = await res.text();
      for (const text of Object.values(NOT_LAUNCHED_TEXTS)) expect(html).toContain(text);
      expect(html).not.toContain('<script');
      expect(html).not.toContain('<meta name="vend');
      expect(isIndex(html)).toBe(false);
    }
  });

  it("no cookie, a wrong one or another host's: every bridge call is refused with a text the page shows, and does not run", async () => {
    const other = await startHost({
      port: 0,
      core: browserCore(),
      rendererDir: dir,
    });
    const otherCookie = await launchCookie(other);
    await other.close();
    const forged = cookie.replace(/=.*$/, `=${'A'.repeat(43)}`);
    for (const jar of ['', forged, otherCookie, cookie.replace(/=.*$/, '=')]) {
      const res = await bridge('session.signIn', { username: 'tenant1', password: DEMO_PASSWORD }, { cookie: jar });
      expect(res.status, jar).toBe(403);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = (await res.json()) as { error: { code: number } };
      expect(body).toEqual({
        ok: false,
        error: { source: 'local', code: CODE.consoleNotLaunched, status: 0, message: 'not launched' },
      });
      // The renderer shows a code's catalogue text (shared/errors/policy.ts localOther).
      expect(ERRORS[body.error.code]?.texts.en).toMatch(/launch address/);
    }
    // Nothing signed in: the refused sign-ins never reached the core.
    expect(await (await bridge('session.current', undefined)).json()).toEqual({ ok: true, content: null });
    // Refused before the body is read: a malformed body gets the same refusal, not a 400.
    const malformed = await fetch(`${host.url}/bridge/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(malformed.status).toBe(403);
    expect((await fetch(`${host.url}/bridge/app.info`)).status).toBe(403);
  });

  it('a launch token works once: a cookie and a redirect to /, then the console and the bridge', async () => {
    const res = await openLaunch(host.launchUrl());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const jar = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const page = await fetch(`${host.url}/`, { headers: { cookie: jar } });
    expect(page.status).toBe(200);
    expect(isIndex(await page.text())).toBe(true);
    const info = await bridge('app.info', {}, { cookie: jar });
    expect(await info.json()).toMatchObject({ ok: true, content: { mode: 'browser' } });
  });

  it('a second use of a launch token is refused (and a HEAD, which a link preview may send, does not spend it)', async () => {
    const url = host.launchUrl();
    expect((await fetch(url, { method: 'HEAD', redirect: 'manual' })).headers.get('set-cookie')).toBeNull();
    expect((await openLaunch(url)).status).toBe(303);
    const again = await openLaunch(url);
    expect(again.status).toBe(403);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toContain(NOT_LAUNCHED_TEXTS['zh-CN']);
    // The same click from the browser already in is harmless: back to the console, no new session.
    const inside = await openLaunch(url, { cookie });
    expect(inside.status).toBe(303);
    expect(inside.headers.get('set-cookie')).toBeNull();
  });

  it('refuses tokens it never minted, malformed or repeated', async () => {
    const minted = new URL(host.launchUrl()).searchParams.get('t')!;
    for (const query of [
      '',
      '?t=',
      `?t=${'A'.repeat(43)}`,
      `?t=${minted}x`,
      `?t=${minted}&t=${minted}`,
      `?T=${minted}`,
    ]) {
      const res = await openLaunch(`${host.url}/launch${query}`);
      expect(res.status, query).toBe(403);
      expect(res.headers.get('set-cookie'), query).toBeNull();
    }
    // The repeated form spent nothing: the token still works once.
    expect((await openLaunch(`${host.url}/launch?t=${minted}`)).status).toBe(303);
  });

  it('sets the cookie HttpOnly, SameSite=Strict, Path=/, for this browser session only, named for this port', async () => {
    const res = await openLaunch(host.launchUrl());
    const header = res.headers.get('set-cookie') ?? '';
    const [pair, ...attributes] = header.split(';').map((part) => part.trim());
    const port = new URL(host.url).port;
    expect(pair).toMatch(new RegExp(`^vend-console-${port}=[A-Za-z0-9_-]{43}$`));
    expect(attributes.sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict']);
    expect(header).not.toMatch(/Domain=|Max-Age=|Expires=/i);
  });

  it('prints a fresh launch URL when a browser without a session knocks, at most once per interval', async () => {
    const printed: string[] = [];
    const other = await startHost({
      port: 0,
      rendererDir: dir,
      onLaunchWanted: (url) => printed.push(url),
      core: browserCore(),
    });
    try {
      await fetch(`${other.url}/`);
      await fetch(`${other.url}/bridge/app.info`, { method: 'POST' });
      expect(printed).toHaveLength(1);
      expect(printed[0]).toMatch(new RegExp(`^${other.url}/launch\\?t=`));
      expect((await openLaunch(printed[0]!)).status).toBe(303);
    } finally {
      await other.close();
    }
  });

  it('mints launch URLs over HTTP only for the test key it was started with', async () => {
    expect((await fetch(`${host.url}/launch/mint`, { method: 'POST' })).status).toBe(404);
    const key = 'k'.repeat(40);
    const core = browserCore();
    await expect(startHost({ port: 0, core, rendererDir: dir, mintKey: 'short' })).rejects.toThrow(/at least 32/);
    const other = await startHost({ port: 0, core, rendererDir: dir, mintKey: key });
    try {
      for (const wrong of [undefined, '', key.slice(1), `${key}k`, 'x'.repeat(40)]) {
        const res = await fetch(`${other.url}/launch/mint`, {
          method: 'POST',
          headers: wrong === undefined ? {} : { 'x-vend-launch-key': wrong },
        });
        expect(res.status, String(wrong)).toBe(403);
      }
      const res = await fetch(`${other.url}/launch/mint`, { method: 'POST', headers: { 'x-vend-launch-key': key } });
      const { url } = (await res.json()) as { url: string };
      expect((await openLaunch(url)).status).toBe(303);
      expect((await openLaunch(url)).status).toBe(403);
    } finally {
      await other.close();
    }
  });

  it("stands in for the desktop's menu with the test key only: a command reaches every open page as topic menu", async () => {
    const menu = (to: Host, key: string | undefined, body: unknown) =>
      fetch(`${to.url}/launch/menu`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'x-vend-launch-key': key }) },
        body: JSON.stringify(body),
      });
    expect((await menu(host, undefined, { command: 'refresh' })).status).toBe(404);
    const key = 'm'.repeat(40);
    const core = browserCore();
    const other = await startHost({ port: 0, core, rendererDir: dir, mintKey: key });
    const abort = new AbortController();
    try {
      for (const wrong of [undefined, key.slice(1), 'x'.repeat(40)])
        expect((await menu(other, wrong, { command: 'refresh' })).status, String(wrong)).toBe(403);
      expect((await menu(other, key, {})).status).toBe(400);
      expect((await menu(other, key, { command: 7 })).status).toBe(400);
      expect(await (await menu(other, key, { command: 'refresh' })).json()).toEqual({ pages: 0 });
      const res = await fetch(`${other.url}/bridge/events`, {
        headers: { cookie: await launchCookie(other) },
        signal: abort.signal,
      });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes(': connected')) text += (await reader.read()).value ?? '';
      expect(await (await menu(other, key, { command: 'language:en' })).json()).toEqual({ pages: 1 });
      while (!text.includes('"topic":"menu"')) text += (await reader.read()).value ?? '';
      expect(text).toContain(
        `data: ${JSON.stringify({ topic: 'menu', data: { command: 'language:en' }, epoch: core.session.epoch() })}`,
      );
    } finally {
      abort.abort();
      await other.close();
    }
  });
});

describe('renderer files', () => {
  it('serves index.html unchanged to a browser with the session, not cached', async () => {
    for (const p of ['/', '/index.html']) {
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(isIndex(await res.text()), p).toBe(true);
    }
  });

  it('falls back to index.html for a route of the SPA', async () => {
    const res = await get('/pointMent/pointList?x=1');
    expect(res.status).toBe(200);
    expect(isIndex(await res.text())).toBe(true);
  });

  it('answers a document load of any route with the SPA, even one ending like a file or holding a double slash', async () => {
    for (const p of ['/redirect//evil.com', '//evil.com', '/a//b', '/redirect/x.com']) {
      const res = await get(p, { 'sec-fetch-dest': 'document' });
      expect(res.status, p).toBe(200);
      expect(isIndex(await res.text()), p).toBe(true);
    }
    // Not a document load: a file request, refused in plain text (CallResults are the bridge's alone).
    const file = await get('/redirect//evil.com');
    expect([403, 404]).toContain(file.status);
    expect(file.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('serves assets as files to anyone (they hold nothing secret) and answers 404 for a missing file', async () => {
    const js = await fetch(`${host.url}/assets/app.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(await js.text()).toBe('console.log("app");');
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/bridge/app.info')).status).toBe(404);
  });

  it('lets a browser keep a hashed asset for good (its name changes with its content), and asks it to check anything else', async () => {
    const hashed = await fetch(`${host.url}/assets/chunk-13-DaEiLf_M.js`);
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A chunk is named by its hash alone (vite.config.ts's chunkFileNames): it was asked again on every reload.
    const chunk = await fetch(`${host.url}/assets/B4taN_-S.js`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${host.url}/assets/app.js`)).headers.get('cache-control')).not.toMatch(/immutable/);
    expect((await get('/')).headers.get('cache-control')).toBe('no-store');
  });

  it('does not serve files outside the renderer folder', async () => {
    const res = await get('/..%2f..%2fetc%2fpasswd');
    expect(await res.text()).not.toContain('root:');
  });

  it('puts the security headers on every answer', async () => {
    const answers = [
      await get('/'),
      await fetch(`${host.url}/`),
      await fetch(host.launchUrl(), { redirect: 'manual' }),
      await fetch(`${host.url}/assets/app.js`),
      await get('/assets/missing.js'),
      await bridge('app.info', {}),
      await bridge('app.info', {}, { cookie: '' }),
    ];
    for (const res of answers) {
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    expect(CSP).toContain("script-src 'self'");
    expect(CSP).toContain("frame-ancestors 'none'");
    expect(CSP).toContain("form-action 'none'");
    expect(CSP).not.toMatch(/script-src[^;]*unsafe/);
  });
});

/** A GET with a Host header of our choosing (fetch may not set Host). */
const getWithHost = (urlPath: string, hostHeader: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${host.url}${urlPath}`, { headers: { host: hostHeader } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('host header (DNS rebinding)', () => {
  it('serves the page only to its own host names', async () => {
    const port = new URL(host.url).port;
    const foreign = await getWithHost('/', `attacker.example:${port}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body).not.toContain('<script');
    // Its own names reach the host (which then asks for the session, as for anyone).
    expect((await getWithHost('/', `127.0.0.1:${port}`)).status).toBe(403);
    expect((await getWithHost('/', `localhost:${port}`)).body).toContain(ERRORS[CODE.consoleNotLaunched]!.texts.en);
    expect((await getWithHost('/assets/app.js', `localhost:${port}`)).status).toBe(200);
    expect((await getWithHost('/assets/app.js', `attacker.example:${port}`)).status).toBe(403);
  });
});

describe('bridge', () => {
  it('answers a CallResult with HTTP 200 given the session cookie', async () => {
    const res = await bridge('app.info', {});
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      ok: true,
      content: { mode: 'browser', version: '1.2.3', upstream: upstream.url },
    });
  });

  it('takes an empty body as no input', async () => {
    const res = await bridge('session.current', undefined);
    expect(await res.json()).toEqual({ ok: true, content: null });
  });

  it('refuses a foreign Origin with 403 and accepts its own', async () => {
    const foreign = await bridge('app.info', {}, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ ok: false, error: { code: 403 } });
    const otherPort = await bridge('app.info', {}, { origin: 'http://127.0.0.1:1' });
    expect(otherPort.status).toBe(403);
    const own = await bridge('app.info', {}, { origin: host.url });
    expect(own.status).toBe(200);
  });

  it('passes refusals of the core on as CallResults with HTTP 200', async () => {
    const unknown = await bridge('nope.nope', {});
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ ok: false, error: { source: 'local', code: 404 } });
    const invalid = await bridge('session.signIn', { username: '', password: '' });
    expect(await invalid.json()).toMatchObject({
      ok: false,
      error: { source: 'local', code: 400, fields: { username: expect.any(String) } },
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await bridge('app.info', undefined, {});
    expect(res.status).toBe(200);
    const bad = await fetch(`${host.url}/bridge/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{"a":',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, error: { code: 400 } });
  });

  it('signs in through the bridge without ever sending the token to the page', async () => {
    const res = await bridge('session.signIn', { username: 'tenant1', password: DEMO_PASSWORD });
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ ok: true, content: { username: 'tenant1', roleKind: 'tenant' } });
    expect(text).not.toMatch(/access_token|token"/);
    const page = await bridge('point.page', { query: { pageNum: 1, pageSize: 5 }, body: {} });
    expect(await page.json()).toMatchObject({ ok: true, content: { pageNum: 1 } });
    expect(await (await bridge('session.signOut', {})).json()).toEqual({ ok: true, content: null });
  });
});
