/**
 * Nobody can lock the owner out: an install that signed in to an
 * account before carries its device token, whose failures count against it
 * alone — a stranger's hundred wrong passwords from many addresses lock the
 * account for unknown devices (the admin's included), never for its owner's
 * known one; a new device is still slowed; the known install has its own
 * small limit; and the owner is told of the failures at the next sign-in.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { signInLimits } from '../../../server/account/schema.js';
import type { SignInLimit } from '../../../server/account/index.js';
import { suiteApp, DEMO_PASSWORD } from '../helpers.js';

const LIMIT: SignInLimit = {
  accountFailures: 10,
  addressFailures: 100,
  deviceFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 60_000,
  maxLockMs: 15 * 60_000,
};
const clientBasic = `Basic ${Buffer.from('vend-console:vend-console-secret').toString('base64')}`;

describe('account.token: known devices', () => {
  const t = suiteApp([], { signInLimit: LIMIT });
  beforeEach(async () => {
    await t.db.delete(signInLimits);
  });

  const attempt = async (username: string, password: string, remoteAddress: string, deviceToken?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress,
      headers: { authorization: clientBasic, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username,
        password,
        ...(deviceToken ? { device_token: deviceToken } : {}),
      }).toString(),
    });
    return {
      status: res.statusCode,
      body: res.json() as {
        code?: number;
        device_token?: string;
        failed_attempts?: number;
        last_failed_at?: string | null;
      },
    };
  };

  it("lets the owner in on its known device through a stranger's 100 wrong tries from many addresses; a new device is slowed", async () => {
    const first = await attempt('admin', DEMO_PASSWORD, '192.168.1.20');
    expect(first.status).toBe(200);
    const device = first.body.device_token!;
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (let i = 0; i < 100; i++) {
      const res = await attempt('admin', `guess-${i}`, `203.0.${Math.floor(i / 50)}.${i % 50}`);
      expect([400, 429]).toContain(res.status);
    }
    // Unknown devices, the owner's new laptop among them, wait out the lock.
    const stranger = await attempt('admin', DEMO_PASSWORD, '203.0.9.9');
    expect(stranger.status).toBe(429);
    expect(stranger.body.code).toBe(CODE.tooManyAttempts);
    // The owner's known install gets in, the same token kept, and hears of the attempts: the 100, and the one refused for the lock.
    const owner = await attempt('admin', DEMO_PASSWORD, '192.168.1.20', device);
    expect(owner.status).toBe(200);
    expect(owner.body.device_token).toBe(device);
    expect(owner.body.failed_attempts).toBe(101);
    expect(owner.body.last_failed_at).toEqual(expect.any(String));
    // Told once: the next sign-in hears of none.
    expect((await attempt('admin', DEMO_PASSWORD, '192.168.1.20', device)).body.failed_attempts).toBe(0);
    // The owner signing in does not open the account again to unknown devices.
    expect((await attempt('admin', DEMO_PASSWORD, '203.0.9.9')).status).toBe(429);
  });

  it("gives a known device its own small limit, and honours no other account's token", async () => {
    const device = (await attempt('tenant1', DEMO_PASSWORD, '10.20.0.1')).body.device_token!;
    for (let i = 0; i < LIMIT.deviceFailures; i++)
      expect((await attempt('tenant1', 'wrong', '10.20.0.1', device)).status).toBe(400);
    expect((await attempt('tenant1', DEMO_PASSWORD, '10.20.0.1', device)).status).toBe(429);
    // Its failures did not count against the account: another device still gets in.
    const other = await attempt('tenant1', DEMO_PASSWORD, '10.20.0.2');
    expect(other.status).toBe(200);
    expect(other.body.device_token).not.toBe(device);
    // tenant1's token is no device of tenant2's: tenant2's own count applies, and a made-up token is an unknown device.
    for (let i = 0; i < LIMIT.accountFailures; i++) await attempt('tenant2', 'wrong', `10.21.0.${i}`);
    expect((await attempt('tenant2', DEMO_PASSWORD, '10.21.1.1', device)).status).toBe(429);
    expect((await attempt('tenant2', DEMO_PASSWORD, '10.21.1.1', 'x'.repeat(43))).status).toBe(429);
    expect((await attempt('tenant2', DEMO_PASSWORD, '10.21.1.1', 'not a token!')).status).toBe(400);
  });
});
