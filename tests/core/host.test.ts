/**
 * The browser-mode host: renderer files, SPA fallback, the per-launch secret
 * and the bridge's guards, over real HTTP.
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
import { injectSecret, startHost, type Host } from '../../electron/host/index.js';
import { DEMO_PASSWORD, startUpstream, type Upstream } from './support.js';

const INDEX = '<!doctype html><html><head><title>Vend</title></head><body><div id="root"></div><script type="module" src="./assets/app.js"></script></body></html>';

let dir: string;
let upstream: Upstream;
let host: Host;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vend-host-'));
  await writeFile(path.join(dir, 'index.html'), INDEX);
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log("app");');
  upstream = await startUpstream();
  const core = createCore({ upstreamUrl: upstream.url, vault: memoryVault(), prefs: memoryPrefs(), mode: 'browser', version: '1.2.3' });
  host = await startHost({ port: 0, core, rendererDir: dir });
});
afterAll(async () => {
  await host.close();
  await upstream.close();
  await rm(dir, { recursive: true, force: true });
});

const bridge = (op: string, input: unknown, headers: Record<string, string> = {}) =>
  fetch(`${host.url}/bridge/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-vend-secret': host.secret, ...headers },
    body: input === undefined ? '' : JSON.stringify(input),
  });

const metaSecret = (html: string) => /<meta name="vend-bridge" content="([0-9a-f]+)">/.exec(html)?.[1];

describe('host address and secret', () => {
  it('listens on 127.0.0.1 with a free port and a 32-byte hex secret', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('draws a new secret at every start', async () => {
    const other = await startHost({ port: 0, core: createCore({ upstreamUrl: upstream.url, vault: memoryVault(), prefs: memoryPrefs(), mode: 'browser', version: '0' }), rendererDir: dir });
    try {
      expect(other.secret).not.toBe(host.secret);
      expect(other.url).not.toBe(host.url);
    } finally {
      await other.close();
    }
  });
});

describe('renderer files', () => {
  it('serves index.html with the secret in <head>, not cached', async () => {
    for (const p of ['/', '/index.html']) {
      const res = await fetch(host.url + p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(metaSecret(html)).toBe(host.secret);
      expect(html.indexOf('<meta name="vend-bridge"')).toBeGreaterThan(html.indexOf('<head>'));
      expect(html.indexOf('<meta name="vend-bridge"')).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it('falls back to index.html for a route of the SPA', async () => {
    const res = await fetch(`${host.url}/pointMent/pointList?x=1`);
    expect(res.status).toBe(200);
    expect(metaSecret(await res.text())).toBe(host.secret);
  });

  it('answers a document load of any route with the SPA, even one ending like a file or holding a double slash', async () => {
    for (const p of ['/redirect//evil.com', '//evil.com', '/a//b', '/redirect/x.com']) {
      const res = await fetch(host.url + p, { headers: { 'sec-fetch-dest': 'document' } });
      expect(res.status, p).toBe(200);
      expect(metaSecret(await res.text()), p).toBe(host.secret);
    }
    // Not a document load: a file request, refused in plain text (CallResults are the bridge's alone).
    const file = await fetch(`${host.url}/redirect//evil.com`);
    expect([403, 404]).toContain(file.status);
    expect(file.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('serves assets as files and answers 404 for a missing file or a bridge GET', async () => {
    const js = await fetch(`${host.url}/assets/app.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(await js.text()).toBe('console.log("app");');
    expect((await fetch(`${host.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${host.url}/bridge/app.info`)).status).toBe(404);
  });

  it('does not serve files outside the renderer folder', async () => {
    const res = await fetch(`${host.url}/..%2f..%2fetc%2fpasswd`);
    expect(await res.text()).not.toContain('root:');
  });

  it('puts the security headers on every answer', async () => {
    const answers = [
      await fetch(`${host.url}/`),
      await fetch(`${host.url}/assets/app.js`),
      await fetch(`${host.url}/assets/missing.js`),
      await bridge('app.info', {}),
      await bridge('app.info', {}, { 'x-vend-secret': 'nope' }),
    ];
    for (const res of answers) {
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    expect(CSP).toContain("script-src 'self'");
    expect(CSP).toContain("frame-ancestors 'none'");
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
    expect(foreign.body).not.toContain(host.secret);
    expect((await getWithHost('/', `127.0.0.1:${port}`)).status).toBe(200);
    expect((await getWithHost('/', `localhost:${port}`)).status).toBe(200);
  });
});

describe('bridge', () => {
  it('answers a CallResult with HTTP 200 given the right secret', async () => {
    const res = await bridge('app.info', {});
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ ok: true, content: { mode: 'browser', version: '1.2.3', upstream: upstream.url } });
  });

  it('takes an empty body as no input', async () => {
    const res = await bridge('session.current', undefined);
    expect(await res.json()).toEqual({ ok: true, content: null });
  });

  it('refuses a missing or wrong secret with 403 and does not run the operation', async () => {
    const none = await fetch(`${host.url}/bridge/app.info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(none.status).toBe(403);
    expect(await none.json()).toMatchObject({ ok: false, error: { source: 'local', code: 403 } });
    const wrong = await bridge('app.info', {}, { 'x-vend-secret': host.secret.replace(/.$/, (c) => (c === '0' ? '1' : '0')) });
    expect(wrong.status).toBe(403);
    const short = await bridge('app.info', {}, { 'x-vend-secret': host.secret.slice(0, 10) });
    expect(short.status).toBe(403);
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
    expect(await invalid.json()).toMatchObject({ ok: false, error: { source: 'local', code: 400, fields: { username: expect.any(String) } } });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await bridge('app.info', undefined, {});
    expect(res.status).toBe(200);
    const bad = await fetch(`${host.url}/bridge/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-vend-secret': host.secret },
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

describe('injectSecret', () => {
  it('puts the meta right after <head …> and before everything else', () => {
    expect(injectSecret('<html><head lang="x"><title>t</title></head></html>', 'ab')).toBe(
      '<html><head lang="x"><meta name="vend-bridge" content="ab"><title>t</title></head></html>',
    );
    expect(injectSecret('<p>no head</p>', 'ab')).toBe('<meta name="vend-bridge" content="ab"><p>no head</p>');
    // <header> is not <head>.
    expect(injectSecret('<header></header><head></head>', 's')).toBe('<header></header><head><meta name="vend-bridge" content="s"></head>');
  });
});
