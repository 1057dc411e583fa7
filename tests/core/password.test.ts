/**
 * Password changes through the core against the reference upstream (spec §5,
 * §7): the call per role (shared/password.ts), the wrong old password 1514,
 * and what a change does to other sessions (the upstream revokes them; the
 * core of such a session drops it at its next call).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { memoryVault, type TokenVault } from '../../electron/core/vault.js';
import { memoryPrefs } from '../../electron/core/prefs.js';
import type { SessionUser } from '../../shared/ipc.js';
import { passwordRequest } from '../../shared/passwordRequest.js';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../electron/core/client.js';
import { DEMO_PASSWORD, startUpstream, type Upstream } from './support.js';

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream.close();
});

const NEW_PASSWORD = 'Changed@2026';

async function signedIn(
  username: string,
  password = DEMO_PASSWORD,
): Promise<{ core: Core; vault: TokenVault; user: SessionUser }> {
  const vault = memoryVault();
  const core = createCore({ upstreamUrl: upstream.url, vault, prefs: memoryPrefs(), mode: 'browser', version: '1' });
  const res = await core.call('session.signIn', { username, password });
  if (!res.ok) throw new Error(`${username}: ${JSON.stringify(res.error)}`);
  return { core, vault, user: res.content as SessionUser };
}

const change = async (core: Core, user: SessionUser, oldPassword: string, password: string) => {
  const request = passwordRequest(user, { oldPassword, password, confirm: password });
  if (!request) throw new Error('no call');
  return core.call(request.op, request.input);
};

const pointPage = (core: Core) => core.call('point.page', { query: { pageNum: 1, pageSize: 5 }, body: {} });

describe('password change per role', () => {
  it('tenant: a wrong old password is 1514 and keeps the session', async () => {
    const { core, vault, user } = await signedIn('tenant11');
    expect(await change(core, user, 'Wrong@2026', NEW_PASSWORD)).toMatchObject({
      ok: false,
      error: { source: 'upstream', code: 1514 },
    });
    expect(await vault.get()).toBeTruthy();
    expect((await pointPage(core)).ok).toBe(true);
  });

  it("tenant: the change revokes the tenant's other sessions, keeps this one, and the new password signs in", async () => {
    const other = await signedIn('tenant11');
    const { core, user } = await signedIn('tenant11');
    expect(user.roleKind).toBe('tenant');
    expect(await change(core, user, DEMO_PASSWORD, NEW_PASSWORD)).toEqual({ ok: true, content: undefined });
    expect((await pointPage(core)).ok).toBe(true);
    // The other session is over: its next call clears it.
    expect(await pointPage(other.core)).toMatchObject({ ok: false, error: { source: 'upstream', code: 1503 } });
    expect(await other.vault.get()).toBeNull();
    // The old password no longer works; the new one does; then back to the demo one.
    expect(await (await signedIn('tenant11', NEW_PASSWORD)).core.call('session.current', {})).toMatchObject({
      ok: true,
    });
    await expect(signedIn('tenant11')).rejects.toThrow(/"code":400/);
    const again = await signedIn('tenant11', NEW_PASSWORD);
    expect(await change(again.core, again.user, NEW_PASSWORD, DEMO_PASSWORD)).toEqual({ ok: true, content: undefined });
    await signedIn('tenant11');
  });

  it('system admin: PUT /user/password/{own id}, without the old password', async () => {
    const { core, user } = await signedIn('admin');
    expect(await change(core, user, '', NEW_PASSWORD)).toEqual({ ok: true, content: undefined });
    const again = await signedIn('admin', NEW_PASSWORD);
    expect(await change(again.core, again.user, '', DEMO_PASSWORD)).toEqual({ ok: true, content: undefined });
  });

  it('member: /employee/update/password with its employeeId, without the old password', async () => {
    const { core, user } = await signedIn('member1');
    expect(user.employeeId).toEqual(expect.any(Number));
    expect(await change(core, user, '', NEW_PASSWORD)).toEqual({ ok: true, content: undefined });
    const again = await signedIn('member1', NEW_PASSWORD);
    expect(await change(again.core, again.user, '', DEMO_PASSWORD)).toEqual({ ok: true, content: undefined });
  });

  it("another role's call is refused by the upstream", async () => {
    const { core, user } = await signedIn('tenant1');
    expect(
      await core.call('staff.password', { body: { password: NEW_PASSWORD, employeeId: user.userId } }),
    ).toMatchObject({ ok: false, error: { source: 'upstream', code: 403, status: 403 } });
    expect(
      await core.call('account.adminPassword', {
        params: { userId: user.userId },
        body: { userId: user.userId, password: NEW_PASSWORD },
      }),
    ).toMatchObject({ ok: false, error: { source: 'upstream', code: 403 } });
  });
});

describe("an admin's PUT /user/password/{id} revokes every token of that user", () => {
  it('the next call of that user ends its session with 1503 (the e2e revocation scenario)', async () => {
    const tenant = await signedIn('tenant1');
    // As the end-to-end test does: the admin signs in directly at the upstream.
    const tokenRes = await fetch(`${upstream.url}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: DEMO_PASSWORD }).toString(),
    });
    const { access_token: adminToken } = (await tokenRes.json()) as { access_token: string };
    const put = await fetch(`${upstream.url}/user/password/${tenant.user.userId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ userId: tenant.user.userId, password: DEMO_PASSWORD }),
    });
    expect(((await put.json()) as { code: number }).code).toBe(200);
    expect(await pointPage(tenant.core)).toMatchObject({ ok: false, error: { source: 'upstream', code: 1503 } });
    expect(await tenant.vault.get()).toBeNull();
    expect(await tenant.core.call('session.current', {})).toEqual({ ok: true, content: null });
  });
});
