/** Sign-in attempts are limited per account and address (spec-free, ARCHITECTURE §6). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers.js';

describe('account.token: sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ signInLimit: { max: 3, timeWindowMs: 60_000 } }); });
  afterAll(() => t.close());

  const attempt = (username: string, password: string, remoteAddress = '10.0.0.1') =>
    t.app.inject({
      method: 'POST', url: '/oauth/token', remoteAddress,
      headers: { authorization: `Basic ${Buffer.from('vend-console:vend-console-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    });

  it('answers 429 with body 1505 past the limit, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('tenant2', 'wrong')).statusCode).toBe(400);
    const over = await attempt('tenant2', DEMO_PASSWORD);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe(CODE.tooManyAttempts);
  });

  it('counts each account separately', async () => {
    expect((await attempt('tenant1', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts each address separately', async () => {
    expect((await attempt('tenant2', DEMO_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
  });
});
