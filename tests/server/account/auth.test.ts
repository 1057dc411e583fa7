/** Sign-in, tokens and their errors, user info per demo account, sign-out, admin password. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { tokens } from '../../../server/account/index.js';
import { hashToken } from '../../../server/account/tokens.js';
import { clientBasic, DEMO_PASSWORD, suiteApp } from '../helpers.js';

const t = suiteApp([]);

const signInBody = (username: string, password: string) => ({
  body: { grant_type: 'password' as const, username, password },
});

describe('account.token', () => {
  it('issues an opaque bearer token for 12 hours and stores only its hash', async () => {
    const res = await t.call('account.token', signInBody('tenant1', DEMO_PASSWORD));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 43200,
      device_token: expect.any(String),
      failed_attempts: 0,
      last_failed_at: null,
    });
    expect(Buffer.from(res.body.access_token, 'base64url')).toHaveLength(32);
    const stored = await t.db
      .select()
      .from(tokens)
      .where(eq(tokens.tokenHash, hashToken(res.body.access_token)));
    expect(stored).toHaveLength(1);
    const all = await t.db.select({ h: tokens.tokenHash }).from(tokens);
    expect(all.map((r) => r.h)).not.toContain(res.body.access_token);
  });

  it('answers a wrong password and an unknown user alike: HTTP 400, body code 400', async () => {
    const wrong = await t.call('account.token', signInBody('tenant1', 'nope'));
    const unknown = await t.call('account.token', signInBody('nobody', 'nope'));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: CODE.badRequest, message: expect.any(String) });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a wrong or missing client with HTTP 401 and body code 1506', async () => {
    for (const authorization of [
      clientBasic('vend-console', 'wrong'),
      clientBasic('other', 'vend-console-secret'),
      null,
    ]) {
      const res = await t.call('account.token', signInBody('tenant1', DEMO_PASSWORD), undefined, { authorization });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(CODE.badClient);
    }
  });

  it('refuses missing or malformed form fields with their keys', async () => {
    const missing = await t.call('account.token', { body: { grant_type: 'password' } as never });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 400,
      content: { fields: { username: 'validation.required', password: 'validation.required' } },
    });
    const malformed = await t.call('account.token', signInBody('tenant 1!', ''));
    expect(malformed.status).toBe(400);
    expect(malformed.body.content.fields).toEqual({
      username: 'validation.username',
      password: 'validation.passwordRequired',
    });
  });

  it('refuses another grant type', async () => {
    const res = await t.call('account.token', {
      body: { grant_type: 'client_credentials', username: 'tenant1', password: DEMO_PASSWORD } as never,
    });
    expect(res.status).toBe(400);
    expect(res.body.content.fields).toEqual({ grant_type: 'validation.invalid' });
  });
});

describe('bearer tokens', () => {
  it('refuses a request without a token: HTTP 401, body 1501', async () => {
    const res = await t.call('account.info', {});
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(CODE.tokenMissing);
  });

  it('refuses an unknown token: HTTP 401, body 1503', async () => {
    const res = await t.call('account.info', {}, 'not-a-real-token');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(CODE.tokenInvalid);
  });

  it('refuses an expired token: HTTP 401, body 1502', async () => {
    const token = await t.signIn('tenant2');
    expect((await t.call('account.info', {}, token)).status).toBe(200);
    await t.db
      .update(tokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tokens.tokenHash, hashToken(token)));
    const res = await t.call('account.info', {}, token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(CODE.tokenExpired);
  });
});

describe('account.exit', () => {
  it('revokes the token on /user/exit: later use is 1503, other sessions live on', async () => {
    const token = await t.signIn('tenant2');
    const other = await t.signIn('tenant2');
    const exit = await t.call('account.exit', { query: { token } }, token);
    expect(exit.status).toBe(200);
    expect(exit.body).toEqual({ code: 200 });
    const res = await t.call('point.page', { query: {}, body: {} }, token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(CODE.tokenInvalid);
    expect((await t.call('account.info', {}, other)).status).toBe(200);
  });

  it("refuses to revoke someone else's token, which keeps working", async () => {
    const mine = await t.signIn('tenant1');
    const theirs = await t.signIn('tenant2');
    const res = await t.call('account.exit', { query: { token: theirs } }, mine);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(CODE.forbidden);
    expect((await t.call('account.info', {}, theirs)).status).toBe(200);
  });
});

describe('account.token (a member without powers)', () => {
  it('gives a member holding no power code no token (1507), after the password was checked', async () => {
    const refused = await t.call('account.token', {
      body: { grant_type: 'password', username: 'member2', password: DEMO_PASSWORD } as never,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(CODE.noPermissions);
    const wrong = await t.call('account.token', {
      body: { grant_type: 'password', username: 'member2', password: 'not-it' } as never,
    });
    expect(wrong.body.code).toBe(CODE.badRequest);
  });
});

describe('account.info', () => {
  it.each([
    ['admin', [{ value: '0', name: 'system admin', systemRole: true, roleId: null }], [], false],
    ['tenant1', [{ value: '1', name: 'first-level tenant', systemRole: true, roleId: null }], [], true],
    ['tenant11', [{ value: '1', name: 'second-level tenant', systemRole: true, roleId: null }], [], true],
    ['tenant2', [{ value: '1', name: 'first-level tenant', systemRole: true, roleId: null }], [], true],
    ['enterprise1', [{ value: '2', name: 'enterprise customer', systemRole: true, roleId: null }], [], true],
  ])('describes %s', async (username, roles, powers, hasTenant) => {
    const info = await t.ok('account.info', {}, await t.signIn(username));
    expect(info).toMatchObject({ platformType: 0, userId: t.ids.user(username), username, roles, powers });
    expect(info.tenantId !== null).toBe(hasTenant);
  });

  it('gives tenants their tenant and parent', async () => {
    const a = await t.ok('account.info', {}, await t.signIn('tenant1'));
    const a1 = await t.ok('account.info', {}, await t.signIn('tenant11'));
    expect(a).toMatchObject({ tenantId: t.ids.tenant('A'), parentTenantId: null, employeeId: null });
    expect(a1).toMatchObject({ tenantId: t.ids.tenant('A1'), parentTenantId: t.ids.tenant('A') });
  });

  it("gives a member its custom role and that role's codes", async () => {
    const info = await t.ok('account.info', {}, await t.signIn('member1'));
    expect(info.roles).toEqual([{ value: 'member', name: '运营专员', systemRole: false, roleId: expect.any(Number) }]);
    expect(info.powers.sort()).toEqual(['1-1', '2-1', '3-1']);
    expect(info).toMatchObject({ tenantId: t.ids.tenant('A'), employeeId: t.ids.user('member1'), name: '李明' });
  });
});

describe('account.adminPassword', () => {
  it("lets the system admin set a user's password and ends that user's sessions", async () => {
    const admin = await t.signIn('admin');
    const oldSession = await t.signIn('enterprise1');
    const userId = t.ids.user('enterprise1');
    const res = await t.call(
      'account.adminPassword',
      { params: { userId }, body: { userId, password: 'New@2026' } },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(await t.code('account.info', {}, oldSession)).toBe(CODE.tokenInvalid);
    expect((await t.call('account.token', signInBody('enterprise1', DEMO_PASSWORD))).status).toBe(400);
    await t.signIn('enterprise1', 'New@2026');
    // Put it back for the other tests.
    await t.ok('account.adminPassword', { params: { userId }, body: { userId, password: DEMO_PASSWORD } }, admin);
  });

  it('keeps the admin signed in when it sets its own password', async () => {
    const admin = await t.signIn('admin');
    const userId = t.ids.user('admin');
    await t.ok('account.adminPassword', { params: { userId }, body: { userId, password: DEMO_PASSWORD } }, admin);
    expect((await t.call('account.info', {}, admin)).status).toBe(200);
  });

  it('refuses a body userId other than the path one', async () => {
    const admin = await t.signIn('admin');
    const res = await t.call(
      'account.adminPassword',
      {
        params: { userId: t.ids.user('tenant1') },
        body: { userId: t.ids.user('tenant2'), password: 'Qz7@console2026' },
      },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(CODE.badRequest);
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await t.signIn('admin');
    const res = await t.call(
      'account.adminPassword',
      { params: { userId: 99999 }, body: { userId: 99999, password: 'Qz7@console2026' } },
      admin,
    );
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(CODE.notFound);
  });

  it('is refused to anyone but the system admin (403)', async () => {
    const userId = t.ids.user('tenant11');
    for (const who of ['tenant1', 'member1', 'enterprise1']) {
      const res = await t.call(
        'account.adminPassword',
        { params: { userId }, body: { userId, password: 'Hacked@1' } },
        await t.signIn(who),
      );
      expect(res.status, who).toBe(403);
      expect(res.body.code).toBe(CODE.forbidden);
    }
    await t.signIn('tenant11');
  });
});
