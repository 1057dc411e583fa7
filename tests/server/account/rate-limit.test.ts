/**
 * Sign-in limits (server/account/limits.ts): failures per account across
 * addresses, per address across accounts, kept in the database, with a
 * bounded lock-out that escalates.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { signInLimits } from '../../../server/account/schema.js';
import type { SignInLimit } from '../../../server/account/index.js';
import { suiteApp, DEMO_PASSWORD } from '../helpers.js';

const LIMIT: SignInLimit = {
  accountFailures: 3,
  addressFailures: 5,
  deviceFailures: 2,
  windowMs: 60_000,
  lockMs: 60_000,
  maxLockMs: 180_000,
};

const clientBasic = `Basic ${Buffer.from('vend-console:vend-console-secret').toString('base64')}`;

describe('account.token: sign-in limits', () => {
  const t = suiteApp([], { signInLimit: LIMIT });
  beforeEach(async () => {
    await t.db.delete(signInLimits);
  });

  const attempt = (
    username: string,
    password: string,
    remoteAddress = '10.0.0.1',
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress,
      headers: { authorization: clientBasic, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    });
  const lockOf = async (key: string) => (await t.db.select().from(signInLimits).where(eq(signInLimits.key, key)))[0];

  it('locks an account after its failures from many addresses, with 429 and body 1505 even for the right password', async () => {
    for (let i = 0; i < LIMIT.accountFailures; i++)
      expect((await attempt('tenant2', 'wrong', `10.1.0.${i}`)).statusCode).toBe(400);
    const over = await attempt('tenant2', DEMO_PASSWORD, '10.9.9.9');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe(CODE.tooManyAttempts);
    // The wait, for HTTP clients and for the console: the one-minute lock, in whole seconds.
    const wait = Number(over.headers['retry-after']);
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(over.json().content).toEqual({ retryAfter: wait });
    // Another account is not affected.
    expect((await attempt('tenant1', DEMO_PASSWORD, '10.9.9.9')).statusCode).toBe(200);
  });

  it('counts usernames case-insensitively', async () => {
    for (const name of ['Tenant2', 'TENANT2', 'tenant2']) await attempt(name, 'wrong', '10.2.0.1');
    expect((await attempt('tenant2', DEMO_PASSWORD, '10.2.0.2')).statusCode).toBe(429);
  });

  it('locks an address that sprays passwords across accounts, not the accounts from elsewhere', async () => {
    const names = ['admin', 'tenant1', 'tenant11', 'tenant2', 'member1'];
    for (const name of names) expect((await attempt(name, 'wrong', '10.3.0.1')).statusCode).toBe(400);
    expect((await attempt('enterprise1', DEMO_PASSWORD, '10.3.0.1')).statusCode).toBe(429);
    expect((await attempt('enterprise1', DEMO_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it("forgets an account's failures after a successful sign-in", async () => {
    for (let i = 0; i < LIMIT.accountFailures - 1; i++) await attempt('tenant1', 'wrong');
    expect((await attempt('tenant1', DEMO_PASSWORD)).statusCode).toBe(200);
    expect(await lockOf('account:tenant1')).toBeUndefined();
    for (let i = 0; i < LIMIT.accountFailures - 1; i++)
      expect((await attempt('tenant1', 'wrong', '10.4.0.1')).statusCode).toBe(400);
  });

  it('doubles each lock in a row up to the bound, and counts nothing while locked', async () => {
    const lockMsOf = async () => {
      const row = (await lockOf('account:member1'))!;
      return row.lockedUntil!.getTime() - Date.now();
    };
    const expire = () =>
      t.db
        .update(signInLimits)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(signInLimits.key, 'account:member1'));
    const lengths: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < LIMIT.accountFailures; i++) await attempt('member1', 'wrong', `10.5.${round}.${i}`);
      lengths.push(await lockMsOf());
      // Attempts during the lock neither verify nor count.
      expect((await attempt('member1', 'wrong', '10.5.9.9')).statusCode).toBe(429);
      expect((await lockOf('account:member1'))!.failures).toBe(0);
      await expire();
    }
    const minutes = lengths.map((ms) => Math.round(ms / 60_000));
    expect(minutes).toEqual([1, 2, 3, 3]);
  });

  it('lets racing failures lock once', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) => attempt('tenant11', 'wrong', `10.6.0.${i}`)));
    const row = (await lockOf('account:tenant11'))!;
    expect(row.lockouts).toBe(1);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    for (let i = 0; i < LIMIT.addressFailures; i++) {
      await attempt(`nobody${i}`, 'wrong', '10.7.0.1', { 'x-forwarded-for': `203.0.113.${i}` });
    }
    // Five different forwarded addresses, one real one: the real one is locked.
    expect(
      (await attempt('tenant1', DEMO_PASSWORD, '10.7.0.1', { 'x-forwarded-for': '203.0.113.200' })).statusCode,
    ).toBe(429);
  });
});

describe('account.token: sign-in limits behind a trusted proxy', () => {
  const t = suiteApp([], { signInLimit: LIMIT, trustProxy: ['10.8.0.1'] });

  const attempt = (username: string, password: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: '10.8.0.1',
      headers: {
        authorization: clientBasic,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': forwardedFor,
      },
      payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    });

  it('counts the forwarded client, so one client behind the proxy does not lock out the rest', async () => {
    for (let i = 0; i < LIMIT.addressFailures; i++) await attempt(`nobody${i}`, 'wrong', '198.51.100.7');
    expect((await attempt('tenant1', DEMO_PASSWORD, '198.51.100.7')).statusCode).toBe(429);
    expect((await attempt('tenant1', DEMO_PASSWORD, '198.51.100.8')).statusCode).toBe(200);
  });
});
