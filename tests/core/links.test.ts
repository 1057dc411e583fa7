/**
 * Deep links (`vend-console://open/<route>`): read strictly, judged against
 * the route table and the user's route set, an order or a complaint in its
 * own window and any other screen in the main window; one arriving signed
 * out waits for the sign-in and is judged for whoever signs in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WindowHost } from '../../electron/core/core.js';
import { judgeLink } from '../../electron/core/links.js';
import { linkOf, readLink } from '../../shared/links.js';
import { DEMO_PASSWORD, desktopCore, startUpstream, type Upstream } from './support.js';

const ADMIN = { roleKind: 'admin', allValue: ['0'] } as const;
const TENANT = { roleKind: 'tenant', allValue: ['1'] } as const;
const MEMBER = { roleKind: 'member', allValue: ['member', '1-1', '2-1', '3-1'] } as const;

describe('reading a link', () => {
  it('writes and reads back a route with its query', () => {
    const link = linkOf('/orderManagement/orderDetail?id=42');
    expect(link).toBe('vend-console://open/orderManagement/orderDetail?id=42');
    expect(readLink(link)).toEqual({ ok: true, path: '/orderManagement/orderDetail', search: '?id=42' });
    expect(readLink('vend-console://open/dashboard')).toEqual({ ok: true, path: '/dashboard', search: '' });
  });

  it('refuses anything that is not plainly one of ours', () => {
    for (const raw of [
      'https://open/dashboard',
      'vend-console://evil.example/dashboard',
      'vend-console://user:pw@open/dashboard',
      'vend-console://open:8080/dashboard',
      'vend-console://open/dashboard#x',
      'vend-console://open//evil.example',
      'vend-console://open/a%2Fb',
      'vend-console://open/',
      'vend-console://open/dashboard?redirect=https%3A%2F%2Fevil.example%2F',
      'vend-console://open/dashboard?a=1&b=1&c=1&d=1&e=1&f=1&g=1&h=1&i=1',
      'vend-console://open/dashboard?id=1&id=2',
      'vend-console://open/dashboard?tab=a%01b',
      'vend-console://open/dashboard?j%C3%A9=1',
      `vend-console://open/dashboard?id=${'9'.repeat(101)}`,
      `vend-console://open/${'a'.repeat(2050)}`,
      'javascript:alert(1)',
      'not a link',
    ]) {
      expect(readLink(raw).ok, raw).toBe(false);
    }
  });
});

describe('judging a link for a user', () => {
  it('an order or a complaint opens in its own window, any other screen in the main window', () => {
    expect(judgeLink('vend-console://open/orderManagement/orderDetail?id=7', TENANT)).toEqual({
      ok: true,
      target: { path: '/orderManagement/orderDetail?id=7', window: true },
    });
    expect(judgeLink('vend-console://open/orderManagement/complaintDetail?id=3', ADMIN)).toEqual({
      ok: true,
      target: { path: '/orderManagement/complaintDetail?id=3', window: true },
    });
    expect(judgeLink('vend-console://open/orderManagement/orderList', TENANT)).toEqual({
      ok: true,
      target: { path: '/orderManagement/orderList', window: false },
    });
  });

  it('refuses a screen outside the user’s route set, a group, an unknown path and a record without its id', () => {
    // The device pool is the admin's; a member without 6-1 has no order screens.
    expect(judgeLink('vend-console://open/devicePool/index', TENANT)).toMatchObject({ ok: false });
    expect(judgeLink('vend-console://open/devicePool/index', ADMIN)).toMatchObject({ ok: true });
    expect(judgeLink('vend-console://open/orderManagement/orderDetail?id=7', MEMBER)).toMatchObject({ ok: false });
    expect(judgeLink('vend-console://open/orderManagement', TENANT)).toMatchObject({ ok: false });
    expect(judgeLink('vend-console://open/nowhere/atAll', ADMIN)).toMatchObject({ ok: false });
    for (const id of ['', 'abc', '0', '-1', '1e3', '12345678901234567'])
      expect(judgeLink(`vend-console://open/orderManagement/orderDetail?id=${id}`, ADMIN), id).toMatchObject({
        ok: false,
      });
  });
});

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream.close();
});

/** A core whose window host records what the links asked of it. */
function coreWithHost() {
  const opened: string[] = [];
  let shown = 0;
  const refused: string[] = [];
  const host: WindowHost = {
    open: (path) => {
      opened.push(path);
      return true;
    },
    signedOut: () => {},
    showMain: () => {
      shown++;
    },
  };
  const core = desktopCore(upstream, {
    windows: host,
    onRefusedLink: (reason) => refused.push(reason),
  });
  return { core, opened, refused, shown: () => shown };
}

const signIn = (core: ReturnType<typeof coreWithHost>['core'], username: string) =>
  core.call('session.signIn', { username, password: DEMO_PASSWORD });

describe('links arriving at the console', () => {
  it('signed in: a record opens its window; a screen waits for the main window, which takes it once', async () => {
    const { core, opened, shown } = coreWithHost();
    await signIn(core, 'tenant1');
    expect(await core.link('vend-console://open/orderManagement/orderDetail?id=12')).toMatchObject({ kind: 'opened' });
    expect(opened).toEqual(['/orderManagement/orderDetail?id=12']);
    expect(await core.link('vend-console://open/pointMent/pointList')).toMatchObject({ kind: 'opened' });
    expect(shown()).toBe(1);
    expect(await core.call('links.take', undefined)).toEqual({ ok: true, content: { path: '/pointMent/pointList' } });
    expect(await core.call('links.take', undefined)).toEqual({ ok: true, content: { path: null } });
  });

  it('signed out: the link waits, and is judged for whoever signs in', async () => {
    const { core, opened, refused } = coreWithHost();
    expect(await core.link('vend-console://open/orderManagement/orderDetail?id=5')).toEqual({ kind: 'pending' });
    expect(opened).toEqual([]);
    // A member without the order codes: refused at its sign-in, and logged.
    await signIn(core, 'member1');
    expect(opened).toEqual([]);
    await expect.poll(() => refused).toEqual(['route forbidden']);
    await core.call('session.signOut', {});

    expect(await core.link('vend-console://open/orderManagement/orderDetail?id=5')).toEqual({ kind: 'pending' });
    await signIn(core, 'tenant1');
    await expect.poll(() => opened).toEqual(['/orderManagement/orderDetail?id=5']);
  });

  it('sign-out forgets a waiting link and a screen not yet taken', async () => {
    const { core, opened } = coreWithHost();
    expect(await core.link('vend-console://open/orderManagement/orderDetail?id=5')).toEqual({ kind: 'pending' });
    await core.call('session.signOut', {});
    await signIn(core, 'tenant1');
    expect(await core.link('vend-console://open/pointMent/pointList')).toMatchObject({ kind: 'opened' });
    await core.call('session.signOut', {});
    await signIn(core, 'tenant1');
    expect(opened).toEqual([]);
    expect(await core.call('links.take', undefined)).toEqual({ ok: true, content: { path: null } });
  });

  it('refuses a bad link whoever is signed in, and says why without the link', async () => {
    const { core, opened, refused } = coreWithHost();
    expect(await core.link('vend-console://evil.example/dashboard')).toEqual({
      kind: 'refused',
      reason: 'unknown host',
    });
    await signIn(core, 'tenant1');
    expect(await core.link('vend-console://open/devicePool/index')).toEqual({
      kind: 'refused',
      reason: 'route forbidden',
    });
    expect(refused).toEqual(['unknown host', 'route forbidden']);
    expect(opened).toEqual([]);
  });
});
