/**
 * The upstream client: request building and the spec §8 classification,
 * against the reference upstream and, for answers it never gives, small
 * scripted HTTP servers. axios runs for real every time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/domains.js';
import {
  createClient,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  DEFAULT_TIMEOUT_MS,
  INVALID_ANSWER,
  timeoutOf,
} from '../../electron/core/client.js';
import {
  deadAddress,
  DEMO_PASSWORD,
  scriptedServer,
  silentServer,
  startUpstream,
  type Recorder,
  type Upstream,
} from './support.js';

describe('time-outs per endpoint', () => {
  it('resolves the spec §9 values: 20 s sign-in, 60 s employee info, 10 s otherwise', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
    expect(timeoutOf('account.token')).toBe(20_000);
    expect(timeoutOf('staff.info')).toBe(60_000);
    expect(timeoutOf('account.info')).toBe(10_000);
    expect(timeoutOf('point.page')).toBe(10_000);
  });

  it('gives every endpoint without its own time-out the general one, and keeps the own ones', () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1234 });
    for (const [op, def] of Object.entries(api) as [keyof typeof api, { timeoutMs?: number }][]) {
      expect(client.timeoutOf(op), op).toBe(def.timeoutMs ?? 1234);
    }
    expect(client.timeoutOf('account.token')).toBe(20_000);
  });
});

describe('requests as sent', () => {
  let server: Recorder;
  beforeAll(async () => {
    server = await scriptedServer((seen) => {
      if (seen.url.startsWith('/oauth/token'))
        return { status: 200, body: { access_token: 'T', token_type: 'bearer', expires_in: 60 } };
      if (seen.url.startsWith('/point/page'))
        return { status: 200, body: { code: 200, content: { list: [], total: 0, pageNum: 2, pageSize: 5 } } };
      return { status: 200, body: { code: 200, content: null } };
    });
  });
  afterAll(() => server.close());

  it('form-encodes a form body and sends the client credentials by HTTP Basic, without a bearer', async () => {
    const client = createClient({ baseUrl: server.url });
    const res = await client.request(
      'account.token',
      { body: { grant_type: 'password', username: 'admin', password: 'a b&c' } },
      'SHOULD-NOT-BE-SENT',
    );
    expect(res).toEqual({ ok: true, content: { access_token: 'T', token_type: 'bearer', expires_in: 60 } });
    const got = server.seen.at(-1)!;
    expect(got.method).toBe('POST');
    expect(got.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(got.body))).toEqual({
      grant_type: 'password',
      username: 'admin',
      password: 'a b&c',
    });
    const basic = Buffer.from(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`).toString('base64');
    expect(got.headers.authorization).toBe(`Basic ${basic}`);
  });

  it('takes other client credentials from the options', async () => {
    const client = createClient({ baseUrl: server.url, clientId: 'other', clientSecret: 's3' });
    await client.request('account.token', { body: { grant_type: 'password', username: 'a', password: 'b' } });
    expect(server.seen.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from('other:s3').toString('base64')}`);
  });

  it('sends JSON bodies, the query and the bearer token', async () => {
    const client = createClient({ baseUrl: server.url });
    const res = await client.request(
      'point.page',
      { query: { pageNum: 2, pageSize: 5 }, body: { name: 'Mall' } },
      'tok-1',
    );
    expect(res.ok).toBe(true);
    const got = server.seen.at(-1)!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/point/page?pageNum=2&pageSize=5');
    expect(got.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(got.body)).toEqual({ name: 'Mall' });
    expect(got.headers.authorization).toBe('Bearer tok-1');
  });

  it('fills and encodes path parameters', async () => {
    const client = createClient({ baseUrl: server.url });
    await client.request('point.delete', { params: { id: 42 } }, 't');
    expect(server.seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/point/42' });
    await client.request('account.exit', { query: { token: 'a/b c' } }, 't');
    expect(server.seen.at(-1)!.url).toBe('/user/exit?token=a%2Fb+c');
  });

  it('sends no Authorization header without a token', async () => {
    const client = createClient({ baseUrl: server.url });
    await client.request('account.info', {}, null);
    expect(server.seen.at(-1)!.headers.authorization).toBeUndefined();
  });
});

describe('answer classification (spec §8)', () => {
  let server: Recorder;
  let next: { status: number; body: unknown; raw?: boolean } = { status: 200, body: {} };
  beforeAll(async () => {
    server = await scriptedServer(() => next);
  });
  afterAll(() => server.close());

  const info = {
    platformType: 0,
    userId: 1,
    username: 'u',
    name: 'U',
    tenantId: null,
    parentTenantId: null,
    employeeId: null,
    roles: [],
    powers: [],
  };
  const run = async (answer: typeof next, op: 'account.info' | 'account.token' | 'point.delete' = 'account.info') => {
    next = answer;
    const client = createClient({ baseUrl: server.url });
    if (op === 'account.token')
      return client.request(op, { body: { grant_type: 'password', username: 'a', password: 'b' } });
    if (op === 'point.delete') return client.request(op, { params: { id: 1 } }, 't');
    return client.request(op, {}, 't');
  };

  it('accepts body code 200 on HTTP 200 and 202 and returns the validated content', async () => {
    expect(await run({ status: 200, body: { code: 200, content: info } })).toEqual({ ok: true, content: info });
    expect(await run({ status: 202, body: { code: 200, content: info } })).toEqual({ ok: true, content: info });
  });

  it('strips what the content schema does not know', async () => {
    const res = await run({ status: 200, body: { code: 200, content: { ...info, secret: 'x' } } });
    expect(res).toEqual({ ok: true, content: info });
  });

  it('fails a business body code even on HTTP 200, keeping message and status', async () => {
    expect(await run({ status: 200, body: { code: 1411, message: 'has devices' } }, 'point.delete')).toEqual({
      ok: false,
      error: { source: 'upstream', code: 1411, status: 200, message: 'has devices' },
    });
  });

  it('passes the wait on from content.retryAfter, and drops one that is not a sane number of seconds', async () => {
    const res = await run({ status: 429, body: { code: 1505, message: 'slow down', content: { retryAfter: 60 } } });
    expect(res).toEqual({
      ok: false,
      error: { source: 'upstream', code: 1505, status: 429, message: 'slow down', retryAfter: 60 },
    });
    for (const retryAfter of [-1, 1.5, '60', 10 ** 9]) {
      const odd = await run({ status: 429, body: { code: 1505, content: { retryAfter } } });
      expect(odd).toEqual({ ok: false, error: { source: 'upstream', code: 1505, status: 429 } });
    }
  });

  it('passes field keys on from content.fields', async () => {
    const res = await run({
      status: 400,
      body: { code: 400, message: 'bad', content: { fields: { name: 'validation.required' } } },
    });
    expect(res).toEqual({
      ok: false,
      error: { source: 'upstream', code: 400, status: 400, message: 'bad', fields: { name: 'validation.required' } },
    });
  });

  it('answers 502 "invalid answer" when the content does not match its schema', async () => {
    expect(await run({ status: 200, body: { code: 200, content: { ...info, userId: 'one' } } })).toEqual({
      ok: false,
      error: { source: 'upstream', code: 502, status: 200, message: INVALID_ANSWER },
    });
    // Success without any envelope is no answer either.
    expect(await run({ status: 200, body: info })).toMatchObject({
      ok: false,
      error: { code: 502, message: INVALID_ANSWER },
    });
  });

  it('uses the HTTP status as code when the body has none, and marks it HTTP-only', async () => {
    expect(await run({ status: 503, body: '<html>down</html>', raw: true })).toEqual({
      ok: false,
      error: { source: 'upstream', code: 503, status: 503, httpOnly: true },
    });
  });

  it('validates a raw answer as a whole and still reads an enveloped error from it', async () => {
    const token = { access_token: 'abc', token_type: 'bearer', expires_in: 5 };
    expect(await run({ status: 200, body: token }, 'account.token')).toEqual({ ok: true, content: token });
    expect(await run({ status: 200, body: { access_token: 'abc' } }, 'account.token')).toMatchObject({
      ok: false,
      error: { code: 502 },
    });
    expect(await run({ status: 400, body: { code: 400, message: 'bad credentials' } }, 'account.token')).toEqual({
      ok: false,
      error: { source: 'upstream', code: 400, status: 400, message: 'bad credentials' },
    });
  });
});

describe('network failures', () => {
  it('reports an unreachable upstream as a network error with code and status 0', async () => {
    const client = createClient({ baseUrl: await deadAddress() });
    const res = await client.request('account.info', {}, 't');
    expect(res).toMatchObject({ ok: false, error: { source: 'network', code: 0, status: 0 } });
  });

  it('gives up after the time-out and reports a network error', async () => {
    const silent = await silentServer();
    try {
      const client = createClient({ baseUrl: silent.url, timeoutMs: 300 });
      const started = Date.now();
      const res = await client.request('account.info', {}, 't');
      expect(res).toEqual({ ok: false, error: { source: 'network', code: 0, status: 0, message: 'timeout' } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(silent.seen).toHaveLength(1);
    } finally {
      await silent.close();
    }
  });
});

describe('against the reference upstream', () => {
  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(() => upstream.close());

  it('signs in with the password grant and reads the user with the token', async () => {
    const client = createClient({ baseUrl: upstream.url });
    const token = await client.request('account.token', {
      body: { grant_type: 'password', username: 'admin', password: DEMO_PASSWORD },
    });
    expect(token.ok).toBe(true);
    const access = (token as { content: { access_token: string } }).content.access_token;
    const info = await client.request('account.info', {}, access);
    expect(info).toMatchObject({ ok: true, content: { username: 'admin', platformType: 0 } });
  });

  it('classifies a wrong password as upstream 400', async () => {
    const client = createClient({ baseUrl: upstream.url });
    const res = await client.request('account.token', {
      body: { grant_type: 'password', username: 'tenant2', password: 'Wrong@2026' },
    });
    expect(res).toMatchObject({ ok: false, error: { source: 'upstream', code: 400 } });
  });

  it('is refused with the client secret of another client', async () => {
    const client = createClient({ baseUrl: upstream.url, clientSecret: 'not-the-secret' });
    const res = await client.request('account.token', {
      body: { grant_type: 'password', username: 'admin', password: DEMO_PASSWORD },
    });
    expect(res).toMatchObject({ ok: false, error: { source: 'upstream', code: 1506 } });
  });

  it('classifies a call without a token as 1501', async () => {
    const client = createClient({ baseUrl: upstream.url });
    const res = await client.request('point.page', { query: { pageNum: 1, pageSize: 10 }, body: {} });
    expect(res).toMatchObject({ ok: false, error: { source: 'upstream', code: 1501 } });
  });
});
