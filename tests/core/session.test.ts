/**
 * The core's handler table and session (spec §4) against the running
 * reference upstream. A recording proxy between core and upstream shows what
 * the core really sent.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { memoryVault, type TokenVault } from '../../electron/core/vault.js';
import { memoryPrefs } from '../../electron/core/prefs.js';
import { ipc } from '../../shared/ipc.js';
import { DEMO_PASSWORD, scriptedServer, type Scripted, upstreamBehindProxy } from './support.js';

const env = upstreamBehindProxy();

const makeCore = (vault: TokenVault = memoryVault()) => ({
  vault,
  core: createCore({ upstreamUrl: env.proxy.url, vault, prefs: memoryPrefs(), mode: 'browser', version: '9.9.9' }),
});

const signIn = (core: Core, username: string, password = DEMO_PASSWORD) =>
  core.call('session.signIn', { username, password });

describe('sign-in per role', () => {
  const cases = [
    { username: 'admin', roleKind: 'admin', roleName: 'system admin', values: ['0'] },
    { username: 'tenant1', roleKind: 'tenant', roleName: 'first-level tenant', values: ['1'] },
    { username: 'tenant11', roleKind: 'tenant', roleName: 'second-level tenant', values: ['1'] },
    { username: 'tenant2', roleKind: 'tenant', roleName: 'first-level tenant', values: ['1'] },
    { username: 'enterprise1', roleKind: 'enterprise', roleName: 'enterprise customer', values: ['2'] },
  ] as const;

  for (const c of cases) {
    it(`${c.username} → ${c.roleKind} "${c.roleName}"`, async () => {
      const { core, vault } = makeCore();
      const res = await signIn(core, c.username);
      expect(res.ok).toBe(true);
      const user = (res as { content: Record<string, unknown> }).content;
      expect(user).toMatchObject({ username: c.username, platformType: 0, roleKind: c.roleKind, roleName: c.roleName });
      expect(user.allValue).toEqual(expect.arrayContaining([...c.values]));
      expect(await vault.get()).toEqual(expect.any(String));
      // The session is kept: current answers the same user without asking again.
      const before = env.proxy.seen.length;
      expect(await core.call('session.current', {})).toEqual({ ok: true, content: user });
      expect(env.proxy.seen.length).toBe(before);
    });
  }

  it('member1 (custom role "运营专员") is a member named after its role, with its codes', async () => {
    const { core } = makeCore();
    const res = await signIn(core, 'member1');
    expect(res.ok).toBe(true);
    const user = (res as { content: Record<string, unknown> }).content;
    expect(user).toMatchObject({ username: 'member1', roleKind: 'member', roleName: '运营专员' });
    expect([...(user.allValue as string[])].sort()).toEqual(['1-1', '2-1', '3-1', 'member']);
  });

  it('member2 (no roles, no powers) is refused its token by the upstream (1507), shown as the same 403, with no session', async () => {
    const { core, vault } = makeCore();
    const from = env.proxy.seen.length;
    const res = await signIn(core, 'member2');
    expect(res).toEqual({
      ok: false,
      error: { source: 'local', code: 403, status: 0, message: 'insufficient permission' },
    });
    const urls = env.proxy.seen.slice(from).map((s) => s.url.split('?')[0]);
    expect(urls).toEqual(['/oauth/token']);
    expect(await vault.get()).toBeNull();
    expect(await core.call('session.current', {})).toEqual({ ok: true, content: null });
  });

  it('never hands the token to the renderer through any operation', async () => {
    const { core, vault } = makeCore();
    const outputs = [await signIn(core, 'tenant1')];
    const token = await vault.get();
    expect(token).toBeTruthy();
    for (const op of Object.keys(ipc))
      if (op !== 'session.signIn' && op !== 'session.signOut') outputs.push(await core.call(op, {}));
    outputs.push(await core.call('point.page', { query: { pageNum: 1, pageSize: 5 }, body: {} }));
    outputs.push(await core.call('account.info', {}));
    outputs.push(
      await core.call('account.token', {
        body: { grant_type: 'password', username: 'tenant1', password: DEMO_PASSWORD },
      }),
    );
    outputs.push(await core.call('account.exit', { query: { token: token! } }));
    for (const out of outputs) expect(JSON.stringify(out)).not.toContain(token!);
    expect(outputs.every((o) => !JSON.stringify(o).includes('access_token'))).toBe(true);
  });
});

describe('a known install', () => {
  it('keeps the device token the upstream gives, sends it at the next sign-in to that account, and passes on the failures since the last', async () => {
    const { core, vault } = makeCore();
    expect((await signIn(core, 'tenant11')).ok).toBe(true);
    const device = await vault.deviceToken('TENANT11');
    expect(device).toEqual(expect.any(String));
    expect((await signIn(core, 'tenant11', 'Wrong@2026')).ok).toBe(false);
    expect(await vault.deviceToken('tenant11')).toBe(device);
    const from = env.proxy.seen.length;
    const res = await signIn(core, 'tenant11');
    expect(res).toMatchObject({ ok: true, content: { failedSignIns: { count: 1, lastAt: expect.any(String) } } });
    const sent = env.proxy.seen.slice(from).find((r) => r.url.startsWith('/oauth/token'))!;
    expect(new URLSearchParams(sent.body).get('device_token')).toBe(device);
    // Told with the sign-in only: the session's user does not repeat it.
    expect(core.session.user()).not.toHaveProperty('failedSignIns');
  });
});

describe('session.refresh', () => {
  it("reads a member's codes again when its role changes while it is signed in, in the same session; others without a call", async () => {
    const { core } = makeCore();
    const member = (await signIn(core, 'member1')) as {
      ok: true;
      content: { allValue: string[]; epoch: string; roleId: number };
    };
    expect([...member.content.allValue].sort()).toEqual(['1-1', '2-1', '3-1', 'member']);
    // tenant1 gives member1's role the order list too, straight at the upstream.
    const basic = `Basic ${Buffer.from('vend-console:vend-console-secret').toString('base64')}`;
    const signed = await fetch(`${env.upstream.url}/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'tenant1', password: DEMO_PASSWORD }),
    });
    const token = ((await signed.json()) as { access_token: string }).access_token;
    const call = async (method: string, path: string, body?: unknown) =>
      (
        await fetch(`${env.upstream.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
      ).json() as Promise<{ content: { list: { id: number; name: string; description: string; powers: string[] }[] } }>;
    const role = (await call('POST', '/role/page?pageNum=1&pageSize=50', {})).content.list.find(
      (r) => r.name === '运营专员',
    )!;
    await call('PUT', `/role/${role.id}`, {
      name: role.name,
      description: role.description,
      powers: [...role.powers, '6-1'],
    });
    const refreshed = await core.call('session.refresh', {});
    expect(refreshed).toMatchObject({ ok: true, content: { epoch: member.content.epoch } });
    expect([...(refreshed as { content: { allValue: string[] } }).content.allValue].sort()).toEqual([
      '1-1',
      '2-1',
      '3-1',
      '6-1',
      'member',
    ]);
    expect(core.session.user()?.allValue).toContain('6-1');
    await call('PUT', `/role/${role.id}`, { name: role.name, description: role.description, powers: role.powers });

    const { core: tenantCore } = makeCore();
    await signIn(tenantCore, 'tenant1');
    const before = env.proxy.seen.length;
    expect((await tenantCore.call('session.refresh', {})).ok).toBe(true);
    expect(env.proxy.seen.length).toBe(before);
    // Signed out, their live event streams end with them.
    await core.call('session.signOut', {});
    await tenantCore.call('session.signOut', {});
  });
});

describe('failed sign-in', () => {
  it('wrong password: upstream 400, no token, no session', async () => {
    const { core, vault } = makeCore();
    const res = await signIn(core, 'tenant2', 'Wrong@2026');
    expect(res).toMatchObject({ ok: false, error: { source: 'upstream', code: 400 } });
    expect(await vault.get()).toBeNull();
    expect(await core.call('session.current', {})).toEqual({ ok: true, content: null });
  });

  it('a failed sign-in clears the previous session', async () => {
    const { core, vault } = makeCore();
    expect((await signIn(core, 'tenant2')).ok).toBe(true);
    expect((await signIn(core, 'tenant2', 'Wrong@2026')).ok).toBe(false);
    expect(await vault.get()).toBeNull();
    expect(core.session.user()).toBeNull();
  });

  it('too many attempts: the upstream 1505 is passed on and no session is made', async () => {
    const { core, vault } = makeCore();
    let last = await signIn(core, 'nobody', 'Wrong@2026');
    for (let i = 0; i < 80 && !(last.ok === false && last.error.code === 1505); i++)
      last = await signIn(core, 'nobody', 'Wrong@2026');
    expect(last).toMatchObject({ ok: false, error: { source: 'upstream', code: 1505 } });
    expect(await vault.get()).toBeNull();
  });

  it('refuses a malformed form locally with field keys and sends nothing', async () => {
    const { core } = makeCore();
    const before = env.proxy.seen.length;
    const res = await core.call('session.signIn', { username: 'bad name!', password: '' });
    expect(res).toEqual({
      ok: false,
      error: {
        source: 'local',
        code: 400,
        status: 0,
        message: 'invalid input',
        fields: { username: 'validation.username', password: 'validation.passwordRequired' },
      },
    });
    expect(env.proxy.seen.length).toBe(before);
  });
});

describe('operations after sign-in', () => {
  let core: Core;
  let vault: TokenVault;
  beforeEach(async () => {
    ({ core, vault } = makeCore());
    expect((await signIn(core, 'tenant1')).ok).toBe(true);
  });

  it('point.page works and carries the session token as bearer', async () => {
    const res = await core.call('point.page', { query: { pageNum: 1, pageSize: 5 }, body: {} });
    expect(res).toMatchObject({
      ok: true,
      content: { pageNum: 1, pageSize: 5, list: expect.any(Array), total: expect.any(Number) },
    });
    const sent = env.proxy.seen.filter((s) => s.url.startsWith('/point/page')).at(-1)!;
    expect(sent.url).toBe('/point/page?pageNum=1&pageSize=5');
    expect(sent.headers.authorization).toBe(`Bearer ${await vault.get()}`);
  });

  it('applies the schema defaults (paging) before sending', async () => {
    const res = await core.call('point.page', { body: {} });
    expect(res).toMatchObject({ ok: true, content: { pageNum: 1, pageSize: 20 } });
    expect(env.proxy.seen.at(-1)!.url).toBe('/point/page?pageNum=1&pageSize=20');
  });

  it('refuses an invalid input locally, part by part, and sends nothing', async () => {
    const before = env.proxy.seen.length;
    const res = await core.call('point.create', { body: { name: '', areaCode: '12' } });
    expect(res).toEqual({
      ok: false,
      error: {
        source: 'local',
        code: 400,
        status: 0,
        message: 'invalid input',
        fields: { name: 'validation.required', areaCode: 'validation.region', address: 'validation.required' },
      },
    });
    const res2 = await core.call('point.info', { params: { id: -3 }, body: { x: 1 }, extra: true });
    expect(res2).toMatchObject({
      ok: false,
      error: {
        source: 'local',
        code: 400,
        fields: { id: 'validation.min', body: 'validation.unknownField', extra: 'validation.unknownField' },
      },
    });
    expect(await core.call('point.page', 'not an object')).toMatchObject({
      ok: false,
      error: { code: 400, fields: { input: 'validation.invalid' } },
    });
    expect(env.proxy.seen.length).toBe(before);
  });

  it('refuses account.token and account.exit (the session owns them) and sends nothing', async () => {
    const before = env.proxy.seen.length;
    const token = await vault.get();
    expect(
      await core.call('account.token', {
        body: { grant_type: 'password', username: 'admin', password: DEMO_PASSWORD },
      }),
    ).toEqual({
      ok: false,
      error: { source: 'local', code: 403, status: 0, message: 'operation not callable' },
    });
    expect(await core.call('account.exit', { query: { token: token! } })).toMatchObject({
      ok: false,
      error: { source: 'local', code: 403 },
    });
    expect(env.proxy.seen.length).toBe(before);
    // The session is untouched.
    expect(await vault.get()).toBe(token);
  });

  it('answers an unknown operation locally', async () => {
    for (const op of ['point.nope', 'constructor', '__proto__', 'toString']) {
      expect(await core.call(op, {})).toMatchObject({ ok: false, error: { source: 'local', code: 404, status: 0 } });
    }
  });

  it('a token revoked upstream fails the next call with 1503 and clears the session', async () => {
    const token = await vault.get();
    // Revoke it behind the core's back, as another sign-out or an admin would.
    const exit = await fetch(`${env.upstream.url}/user/exit?token=${encodeURIComponent(token!)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await exit.json()) as unknown).toMatchObject({ code: 200 });

    const res = await core.call('point.page', { query: { pageNum: 1, pageSize: 5 }, body: {} });
    expect(res).toMatchObject({ ok: false, error: { source: 'upstream', code: 1503 } });
    expect(await vault.get()).toBeNull();
    expect(core.session.user()).toBeNull();
    expect(await core.call('session.current', {})).toEqual({ ok: true, content: null });
    // Signed out now: the next call is refused locally and not sent.
    const before = env.proxy.seen.length;
    expect(await core.call('point.page', { body: {} })).toMatchObject({
      ok: false,
      error: { source: 'local', code: 1501 },
    });
    expect(env.proxy.seen.length).toBe(before);
  });

  it('a business refusal does not end the session', async () => {
    const res = await core.call('point.info', { params: { id: 999999 } });
    expect(res).toMatchObject({ ok: false, error: { source: 'upstream' } });
    expect(await vault.get()).toBeTruthy();
    expect(core.session.user()).not.toBeNull();
  });

  it('sign-out revokes the token upstream and clears the session', async () => {
    const token = await vault.get();
    expect(await core.call('session.signOut', {})).toEqual({ ok: true, content: null });
    expect(await vault.get()).toBeNull();
    expect(await core.call('session.current', undefined)).toEqual({ ok: true, content: null });
    // Among the requests, not necessarily the last: the live-event feed's reconnection may reach the proxy after it.
    expect(env.proxy.seen.map((r) => r.url)).toContain(`/user/exit?token=${encodeURIComponent(token!)}`);
    const info = await fetch(`${env.upstream.url}/user/info`, { headers: { authorization: `Bearer ${token}` } });
    expect((await info.json()) as unknown).toMatchObject({ code: 1503 });
  });
});

describe('session restore (desktop restart)', () => {
  it('rebuilds the user from a token found in the vault', async () => {
    const first = makeCore();
    const signed = await signIn(first.core, 'member1');
    const token = await first.vault.get();
    const restarted = makeCore(memoryVault(token));
    // The same user, in a session of its own: a page of the previous run is not of this one.
    const restored = await restarted.core.call('session.current', {});
    expect(restored).toEqual({
      ...signed,
      content: { ...(signed as { content: object }).content, epoch: expect.any(String) },
    });
    expect((restored as { content: { epoch: string } }).content.epoch).not.toBe(
      (signed as { content: { epoch: string } }).content.epoch,
    );
  });

  it('forgets a stored token the upstream no longer accepts', async () => {
    const first = makeCore();
    await signIn(first.core, 'tenant11');
    const token = await first.vault.get();
    await first.core.call('session.signOut', {});
    const restarted = makeCore(memoryVault(token));
    expect(await restarted.core.call('session.current', {})).toEqual({ ok: true, content: null });
    expect(await restarted.vault.get()).toBeNull();
  });

  it('without any token: null, and API calls are refused locally', async () => {
    const { core } = makeCore();
    const before = env.proxy.seen.length;
    expect(await core.call('session.current', {})).toEqual({ ok: true, content: null });
    expect(await core.call('account.info', {})).toEqual({
      ok: false,
      error: { source: 'local', code: 1501, status: 0, message: 'not signed in' },
    });
    expect(env.proxy.seen.length).toBe(before);
  });
});

describe('local operations', () => {
  it('app.info tells mode, version and upstream', async () => {
    const { core } = makeCore();
    expect(await core.call('app.info', {})).toEqual({
      ok: true,
      content: { mode: 'browser', version: '9.9.9', upstream: env.proxy.url },
    });
  });

  it('prefs.set merges only the keys sent, and refuses bad values', async () => {
    const { core } = makeCore();
    expect(await core.call('prefs.get', {})).toEqual({ ok: true, content: { sidebar: 1, size: 'medium' } });
    expect(await core.call('prefs.set', { sidebar: 0 })).toEqual({ ok: true, content: { sidebar: 0, size: 'medium' } });
    expect(await core.call('prefs.set', { language: 'en' })).toEqual({
      ok: true,
      content: { sidebar: 0, size: 'medium', language: 'en' },
    });
    expect(await core.call('prefs.set', { size: 'huge' })).toMatchObject({
      ok: false,
      error: { source: 'local', code: 400, fields: { size: 'validation.invalid' } },
    });
    expect(await core.call('prefs.get', { extra: 1 })).toMatchObject({ ok: false, error: { code: 400 } });
    expect(await core.call('prefs.get', null)).toEqual({
      ok: true,
      content: { sidebar: 0, size: 'medium', language: 'en' },
    });
  });
});

describe('sign-in rules on answers the demo data does not give', () => {
  const info = {
    userId: 5,
    username: 'emp1',
    name: 'Emp',
    tenantId: null,
    parentTenantId: null,
    employeeId: null,
    roles: [],
    powers: [],
  };
  const script =
    (userInfo: Record<string, unknown>, employeePowers: string[]) =>
    (seen: { url: string }): Scripted => {
      if (seen.url.startsWith('/oauth/token'))
        return { status: 200, body: { access_token: 'T0K', token_type: 'bearer', expires_in: 60 } };
      if (seen.url.startsWith('/user/info')) return { status: 200, body: { code: 200, content: userInfo } };
      if (seen.url.startsWith('/employee/info')) {
        return {
          status: 200,
          body: {
            code: 200,
            content: { employeeId: 9, userId: 5, username: 'emp1', name: 'Emp', tenantId: 3, powers: employeePowers },
          },
        };
      }
      return { status: 200, body: { code: 200 } };
    };
  const coreOn = (url: string) => {
    const vault = memoryVault();
    return {
      vault,
      core: createCore({ upstreamUrl: url, vault, prefs: memoryPrefs(), mode: 'desktop', version: '1' }),
    };
  };

  it('a user without roles takes its powers from employee info (60 s call) and is a member', async () => {
    const server = await scriptedServer(script({ ...info, platformType: 0 }, ['3-1', '3-2']));
    try {
      const { core, vault } = coreOn(server.url);
      const res = await signIn(core, 'emp1');
      expect(res).toEqual({
        ok: true,
        content: {
          ...info,
          platformType: 0,
          employeeId: 9,
          tenantId: 3,
          powers: ['3-1', '3-2'],
          roleKind: 'member',
          roleName: 'member',
          allValue: ['3-1', '3-2'],
          epoch: expect.any(String),
        },
      });
      const employee = server.seen.find((s) => s.url === '/employee/info')!;
      expect(JSON.parse(employee.body)).toEqual({ userId: 5 });
      expect(employee.headers.authorization).toBe('Bearer T0K');
      expect(await vault.get()).toBe('T0K');
    } finally {
      await server.close();
    }
  });

  it('a platform type other than 0 does not stay signed in: local 1301 "login failed"', async () => {
    const server = await scriptedServer(
      script(
        {
          ...info,
          platformType: 1,
          roles: [{ value: '1', name: 'first-level tenant', systemRole: true, roleId: null }],
        },
        [],
      ),
    );
    try {
      const { core, vault } = coreOn(server.url);
      const res = await signIn(core, 'emp1');
      expect(res).toEqual({ ok: false, error: { source: 'local', code: 1301, status: 0, message: 'login failed' } });
      expect(await vault.get()).toBeNull();
      expect(server.seen.some((s) => s.url.startsWith('/employee/info'))).toBe(false);
      // The discarded token is revoked upstream.
      expect(server.seen.at(-1)!.url).toBe('/user/exit?token=T0K');
    } finally {
      await server.close();
    }
  });

  it('a failing user info clears the token and passes the upstream error on', async () => {
    const server = await scriptedServer((seen) =>
      seen.url.startsWith('/oauth/token')
        ? { status: 200, body: { access_token: 'T0K', token_type: 'bearer', expires_in: 60 } }
        : { status: 503, body: { code: 503, message: 'down' } },
    );
    try {
      const { core, vault } = coreOn(server.url);
      expect(await signIn(core, 'emp1')).toEqual({
        ok: false,
        error: { source: 'upstream', code: 503, status: 503, message: 'down' },
      });
      expect(await vault.get()).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('an unreachable upstream at restart keeps the stored token and reports a network error', async () => {
    const vault = memoryVault('KEEP');
    const core = createCore({
      upstreamUrl: 'http://127.0.0.1:9',
      vault,
      prefs: memoryPrefs(),
      mode: 'desktop',
      version: '1',
    });
    expect(await core.call('session.current', {})).toMatchObject({
      ok: false,
      error: { source: 'network', code: 0, status: 0 },
    });
    expect(await vault.get()).toBe('KEEP');
  });
});
