/**
 * The upstream's HTTP layer against what a hostile or careless client does:
 * security headers on every answer, CORS only where configured, a body limit
 * on every route, and no stack, query or driver message in any answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { api, type ApiOp } from '../../../shared/domains.js';
import type { EndpointDef } from '../../../shared/api/define.js';
import { bodyLimitOf, DEFAULT_BODY_LIMIT, serverTimeouts } from '../../../server/http/limits.js';
import { parseOrigins } from '../../../server/http/security.js';
import { createTestApp, type TestApp } from '../helpers.js';

const CSP = "default-src 'none';frame-ancestors 'none'";

describe('security headers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({
      handlers: {
        'tenant.list': async () => {
          throw new Error('boom');
        },
      },
    });
    token = await t.signIn('tenant1');
  });
  afterAll(() => t.close());

  const expectHardened = (headers: Record<string, unknown>, where: string) => {
    expect(headers['content-security-policy'], where).toBe(CSP);
    expect(headers['x-content-type-options'], where).toBe('nosniff');
    expect(headers['x-frame-options'], where).toBe('DENY');
    expect(headers['referrer-policy'], where).toBe('no-referrer');
    expect(headers['cross-origin-resource-policy'], where).toBe('same-origin');
    expect(headers['x-powered-by'], where).toBeUndefined();
    // No CORS unless configured.
    expect(headers['access-control-allow-origin'], where).toBeUndefined();
  };

  it('sends them on success, refusal, unknown route, bug, health and the OpenAPI document', async () => {
    const answers = {
      success: await t.call('point.page', { query: {}, body: {} }, token),
      refusal: await t.call('point.info', { params: { id: 2 ** 31 - 1 } }, token),
      unauthenticated: await t.call('point.page', { query: {}, body: {} }),
      bug: await t.call('tenant.list', { body: {} }, await t.signIn('admin')),
    };
    expect([
      answers.success.status,
      answers.refusal.status,
      answers.unauthenticated.status,
      answers.bug.status,
    ]).toEqual([200, 404, 401, 500]);
    for (const [where, res] of Object.entries(answers)) expectHardened(res.headers, where);
    for (const url of ['/health', '/openapi.json', '/nowhere'])
      expectHardened((await t.app.inject({ method: 'GET', url })).headers, url);
  });

  it('sends the essential ones on a URL the router refuses before any hook runs', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/point/%ff' });
    expect(res.statusCode).toBe(400);
    expect(res.headers).toMatchObject({
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it('keeps /openapi.json a working JSON document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().paths['/point/page']).toBeDefined();
  });

  it("answers a browser's preflight from any origin without CORS headers", async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/point/page',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('CORS when configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ corsOrigins: ['https://ops.example.com'] });
  });
  afterAll(() => t.close());

  it("allows exactly the configured origins, bearer tokens and the API's methods", async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/point/page',
      headers: {
        origin: 'https://ops.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://ops.example.com');
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/authorization/);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const other = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'https://ops.example.com.evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const same = await t.app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://ops.example.com' } });
    expect(same.headers['access-control-allow-origin']).toBe('https://ops.example.com');
  });

  it('reads CORS_ORIGINS as a comma-separated list of exact origins', () => {
    expect(parseOrigins(undefined)).toEqual([]);
    expect(parseOrigins(' ')).toEqual([]);
    expect(parseOrigins('https://a.example, http://127.0.0.1:5180')).toEqual([
      'https://a.example',
      'http://127.0.0.1:5180',
    ]);
    for (const bad of ['*', 'https://a.example/', 'https://a.example/path', 'a.example', 'ftp://a.example']) {
      expect(() => parseOrigins(bad), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe('body limits', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.signIn('tenant1');
  });
  afterAll(() => t.close());

  it('gives every endpoint 64 KiB unless it names its own limit', () => {
    expect(DEFAULT_BODY_LIMIT).toBe(64 * 1024);
    for (const op of Object.keys(api) as ApiOp[]) {
      const def: EndpointDef = api[op];
      expect(bodyLimitOf(def), op).toBe(def.bodyLimit ?? DEFAULT_BODY_LIMIT);
    }
    expect(bodyLimitOf({ bodyLimit: 2 * 1024 * 1024 })).toBe(2 * 1024 * 1024);
  });

  const padded = (bytes: number) => JSON.stringify({ name: 'x', pad: 'a'.repeat(bytes) });

  it('refuses a JSON body over the limit with 413 in the envelope, before access or validation', async () => {
    for (const headers of [{ authorization: `Bearer ${token}` }, {}]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/point/page',
        payload: padded(DEFAULT_BODY_LIMIT),
        headers: { ...headers, 'content-type': 'application/json' },
      });
      // Without a token the access check answers first (onRequest runs before the body is read).
      if (!('authorization' in headers)) {
        expect(res.statusCode).toBe(401);
        continue;
      }
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: CODE.badRequest, message: expect.any(String) });
    }
  });

  it('still takes a body just under the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/point/page',
      payload: padded(DEFAULT_BODY_LIMIT - 100),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(CODE.ok);
  });

  it('ignores a body sent to an operation that takes none, however deeply it nests (never a 500)', async () => {
    // As deep as the schema fuzzer nests (tests/server/reliability/support/mutate.ts), written out as text.
    const deep = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    // A recorded operation (the operation log walks what it records) with no body of its own.
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/scene/2147483000',
      payload: `{"tenantId":${deep}}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(CODE.sceneNotFound);
  });

  it('limits form bodies (sign-in) and unknown routes the same way', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: `grant_type=password&username=a&password=${'a'.repeat(DEFAULT_BODY_LIMIT)}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('vend-console:vend-console-secret').toString('base64')}`,
      },
    });
    expect(form.statusCode).toBe(413);
    expect(form.json().code).toBe(CODE.badRequest);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/nowhere',
      payload: padded(DEFAULT_BODY_LIMIT),
      headers: { 'content-type': 'application/json' },
    });
    expect(unknown.statusCode).toBe(413);
  });
});

describe('no stack traces in any answer', () => {
  let t: TestApp;
  let admin: string;
  const secret = 'SELECT password_hash FROM users -- boom at /srv/upstream/server/secret.ts:12:3';
  beforeAll(async () => {
    const bug = new Error(secret);
    t = await createTestApp({
      handlers: {
        'tenant.list': async () => {
          throw bug;
        },
        // A thrown non-Error, and an error that claims a 4xx status with internals in its message.
        'tenant.info': async () => {
          throw { stack: secret };
        },
        'point.page': async () => {
          throw Object.assign(new TypeError("Cannot read properties of undefined (reading 'id')"), { stack: secret });
        },
      },
    });
    admin = await t.signIn('admin');
  });
  afterAll(() => t.close());

  it('answers a thrown bug with HTTP 500, body code 502 and nothing of the error', async () => {
    for (const [op, input] of [
      ['tenant.list', { body: {} }],
      ['tenant.info', { body: {} }],
      ['point.page', { query: {}, body: {} }],
    ] as const) {
      const res = await t.app.inject({
        method: api[op].method,
        url: api[op].path,
        payload: JSON.stringify(input.body),
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      });
      expect(res.statusCode, op).toBe(500);
      expect(res.json(), op).toEqual({ code: CODE.serverError, message: 'Server error' });
      expect(res.body, op).not.toMatch(/stack|boom|secret|\.ts:|SELECT|Cannot read/);
    }
  });
});

describe('request time-out settings', () => {
  it('never lets the headers time-out exceed the request time-out (Node would swap them)', () => {
    for (const ms of [60, 1000, 10_000, 30_000, 300_000]) {
      const { requestTimeout, http } = serverTimeouts(ms);
      expect(requestTimeout).toBe(ms);
      expect(http.headersTimeout).toBeLessThanOrEqual(ms);
      expect(http.connectionsCheckingInterval).toBeLessThanOrEqual(Math.max(50, ms / 10));
    }
    expect(serverTimeouts()).toEqual({
      requestTimeout: 30_000,
      http: { headersTimeout: 10_000, connectionsCheckingInterval: 1000 },
    });
    expect(() => serverTimeouts(0)).toThrow();
  });
});
