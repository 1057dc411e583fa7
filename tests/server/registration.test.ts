/** The mechanism: every table operation is served, documented, enveloped; failures keep their shape. */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ApiOp } from '../../shared/domains.js';
import { CODE } from '../../shared/domains.js';
import { registerApi, apiOps, missingHandlers } from '../../server/http/register.js';
import { authenticator, handlers, recorderFor } from '../../server/domains.js';
import { DEFAULT_DEVICE_LIMIT } from '../../server/device/index.js';
import { createTestApp, type TestApp } from './helpers.js';

describe('API registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      handlers: {
        // Provokes a bug so the 500 path can be observed.
        'tenant.list': async () => {
          throw new Error('boom');
        },
        // Answers something the content schema refuses.
        'tenant.info': async () => ({ tenantId: 'not a number' }) as never,
      },
    });
  });
  afterAll(() => t.close());

  it('has a handler for every operation of the table', () => {
    expect(missingHandlers(handlers)).toEqual([]);
    expect(apiOps.sort()).toEqual((Object.keys(api) as ApiOp[]).sort());
  });

  it('registers a route for every operation of the table', () => {
    for (const op of apiOps) {
      const def = api[op];
      expect(t.app.hasRoute({ method: def.method, url: def.path }), `${op} ${def.method} ${def.path}`).toBe(true);
    }
  });

  it('refuses to start when an operation has no handler, naming it', () => {
    const { 'point.bind': _omitted, ...rest } = handlers;
    expect(() =>
      registerApi(Fastify(), {
        db: t.db,
        auth: authenticator,
        handlers: rest,
        deviceLimit: DEFAULT_DEVICE_LIMIT,
        recorder: recorderFor(t.db),
      }),
    ).toThrow(/point\.bind/);
  });

  it('answers /health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200 });
  });

  it('lists every path of the table in /openapi.json with its method', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const op of apiOps) {
      const def = api[op];
      const path = def.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[def.method.toLowerCase()]?.operationId, `${op} at ${path}`).toBe(op);
    }
    expect(doc.paths['/point/page'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/oauth/token'].post.security).toEqual([{ client: [] }]);
  });

  it('answers an unknown route with 404 and body code 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(CODE.notFound);
  });

  it('answers an unexpected exception with HTTP 500 and body code 502, without details', async () => {
    const token = await t.signIn('admin');
    const res = await t.call('tenant.list', { body: {} }, token);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: CODE.serverError, message: 'Server error' });
  });

  it('treats an answer that breaks its own content schema as a server error', async () => {
    const token = await t.signIn('admin');
    const res = await t.call('tenant.info', { body: {} }, token);
    expect(res.status).toBe(500);
    expect(res.body.code).toBe(CODE.serverError);
  });

  it('answers malformed JSON with 400 and body code 400, not 500', async () => {
    const token = await t.signIn('tenant1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/point/page',
      payload: '{"name":',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(CODE.badRequest);
  });

  it('refuses a bad query string with field keys', async () => {
    const token = await t.signIn('tenant1');
    const res = await t.call('point.page', { query: { pageNum: 0, pageSize: 1000 }, body: {} }, token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 400,
      content: { fields: { pageNum: 'validation.min', pageSize: 'validation.max' } },
    });
  });

  it('refuses a bad path parameter with 400, before any lookup', async () => {
    const token = await t.signIn('tenant1');
    const res = await t.call('point.info', { params: { id: 'abc' as never } }, token);
    expect(res.status).toBe(400);
    expect(res.body.content.fields).toEqual({ id: 'validation.invalid' });
  });

  it('checks access before validating the body', async () => {
    const res = await t.call('point.create', { body: {} as never });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(CODE.tokenMissing);
  });
});
