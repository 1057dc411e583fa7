/**
 * Live events through the console (electron/core/events.ts, the host's
 * /bridge/events): the core's stream follows the session, reconnects with
 * back-off, and every window hears its session's events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { createEventFeed } from '../../electron/core/events.js';
import { memoryVault } from '../../electron/core/vault.js';
import { memoryPrefs } from '../../electron/core/prefs.js';
import { startHost, type Host } from '../../electron/host/index.js';
import type { BridgeEvent } from '../../shared/ipc.js';
import type { DeviceEvent } from '../../shared/device/index.js';
import { deviceBasic } from '../server/helpers.js';
import { openEvents } from '../server/support/events.js';
import { launchCookie } from './launch.js';
import { DEMO_PASSWORD, startUpstream, type Upstream } from './support.js';

let upstream: Upstream;
let core: Core;
let host: Host;
const heard: BridgeEvent[] = [];
beforeAll(async () => {
  upstream = await startUpstream();
  core = createCore({
    upstreamUrl: upstream.url,
    vault: memoryVault(),
    prefs: memoryPrefs(),
    mode: 'browser',
    version: '1',
  });
  core.subscribe((e) => heard.push(e));
  host = await startHost({ port: 0, core, rendererDir: '.' });
});
afterAll(async () => {
  core.close();
  await host.close();
  await upstream.close();
});

const beat = (serial: string) =>
  fetch(`${upstream.url}/device-api/v1/heartbeat`, {
    method: 'POST',
    headers: { authorization: deviceBasic(serial), 'content-type': 'application/json' },
    body: '{}',
  });
const lock = (id: number, locked: boolean) => core.call('device.lock', { body: { ids: [id], locked } });
const waitFor = async <T>(find: () => T | undefined, ms = 5000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until)
      throw new Error(`not heard within ${ms} ms: ${JSON.stringify(heard.map((e) => [e.topic, e.data]))}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};
const deviceEvent = (kind: DeviceEvent['kind'], serial: string, epoch?: string) => () =>
  heard.find(
    (e) =>
      e.topic === 'device' &&
      (e.data as DeviceEvent).kind === kind &&
      (e.data as DeviceEvent).serial === serial &&
      (epoch === undefined || e.epoch === epoch),
  );

describe("the core's event feed", () => {
  it("connects once signed in and hands the session's events on, stamped with its epoch", async () => {
    const signedIn = await core.call('session.signIn', { username: 'tenant1', password: DEMO_PASSWORD });
    expect(signedIn.ok).toBe(true);
    const epoch = core.session.epoch();
    await waitFor(() => heard.find((e) => e.topic === 'feed' && e.epoch === epoch));
    const page = await core.call('device.page', { query: { pageSize: 1 }, body: { keyword: 'VM2026000106' } });
    const id = (page as { ok: true; content: { list: { id: number }[] } }).content.list[0]!.id;
    await lock(id, true);
    const locked = await waitFor(deviceEvent('locked', 'VM2026000106', epoch));
    expect(locked).toMatchObject({ tenantId: expect.any(Number), data: { notify: true, name: '杭州东站饮料机' } });
    await lock(id, false);
  });

  it('relays the events to a browser page through the host, to pages with the launch cookie only', async () => {
    const refused = await fetch(`${host.url}/bridge/events`);
    expect(refused.status).toBe(403);
    const cookie = await launchCookie(host);
    const abort = new AbortController();
    const res = await fetch(`${host.url}/bridge/events`, { headers: { cookie }, signal: abort.signal });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-security-policy')).toBeTruthy();
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const page = await core.call('device.page', { query: { pageSize: 1 }, body: { keyword: 'VM2026000106' } });
    const id = (page as { ok: true; content: { list: { id: number }[] } }).content.list[0]!.id;
    await lock(id, true);
    let text = '';
    while (!text.includes('"kind":"locked"')) text += (await reader.read()).value ?? '';
    expect(text).toContain(`"epoch":"${core.session.epoch()}"`);
    abort.abort();
    await lock(id, false);
  });

  it('follows the session: signed out it stops, another user hears only its own scope', async () => {
    await core.call('session.signOut', undefined);
    await core.call('session.signIn', { username: 'tenant2', password: DEMO_PASSWORD });
    const epoch = core.session.epoch();
    await waitFor(() =>
      heard.find((e) => e.topic === 'feed' && e.epoch === epoch && (e.data as { state: string }).state === 'connected'),
    );
    // Tenant A's machine (VM2026000107 is offline in the demo): its coming online is not tenant B's news.
    await beat('VM2026000107');
    await beat('VM2026000304');
    await waitFor(deviceEvent('online', 'VM2026000304', epoch));
    expect(deviceEvent('online', 'VM2026000107', epoch)()).toBeUndefined();
  });
});

describe('createEventFeed', () => {
  it('opens a dropped stream again with back-off, and stays idle without a token', async () => {
    const upstreamRes = await openEvents(upstream.url, undefined);
    expect(upstreamRes.status).toBe(401);
    const calls: number[] = [];
    const started = Date.now();
    // A stream that ends at once, three times over.
    const fakeFetch = (async () => {
      calls.push(Date.now() - started);
      return new Response(new ReadableStream({ start: (c) => c.close() }), {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      });
    }) as typeof fetch;
    const events: BridgeEvent[] = [];
    let token: string | null = 'secret-token';
    const feed = createEventFeed({
      baseUrl: 'http://127.0.0.1:1',
      session: { token: async () => token, epoch: () => (token ? 'e1' : 'e2') },
      fetchImpl: fakeFetch,
      minDelayMs: 40,
      maxDelayMs: 160,
      watchMs: 10,
    });
    feed.subscribe((e) => events.push(e));
    await new Promise((r) => setTimeout(r, 500));
    token = null;
    const before = calls.length;
    await new Promise((r) => setTimeout(r, 200));
    feed.stop();
    expect(calls.length).toBe(before);
    // 40, 80, 160, 160… ms apart: the waits grow and are capped.
    const gaps = calls.slice(1).map((t, i) => t - calls[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(35);
    expect(gaps[1]).toBeGreaterThanOrEqual(75);
    expect(Math.max(...gaps)).toBeLessThan(400);
    expect(events.filter((e) => (e.data as { state: string }).state === 'reconnecting').length).toBe(calls.length);
    expect(events.every((e) => e.epoch === 'e1')).toBe(true);
  });

  it('does not make a new session wait out the back-off of the old one', async () => {
    let epoch = 'old';
    const calls: string[] = [];
    const fakeFetch = (async () => {
      calls.push(epoch);
      return new Response(new ReadableStream({ start: (c) => c.close() }), { status: 200 });
    }) as typeof fetch;
    const feed = createEventFeed({
      baseUrl: 'http://127.0.0.1:1',
      session: { token: async () => 'token', epoch: () => epoch },
      fetchImpl: fakeFetch,
      minDelayMs: 10_000,
      maxDelayMs: 10_000,
      watchMs: 10,
    });
    await new Promise((r) => setTimeout(r, 100));
    // The old session's stream dropped and it waits 10 s; a sign-in now connects within moments.
    expect(calls).toEqual(['old']);
    epoch = 'new';
    await new Promise((r) => setTimeout(r, 200));
    feed.stop();
    expect(calls).toEqual(['old', 'new']);
  });

  it('connects a session whose token is stored just after its epoch changed, and never retries a refused token', async () => {
    let epoch = 'e1';
    let token: string | null = null;
    const calls: string[] = [];
    const fakeFetch = (async (_url: unknown, init?: RequestInit) => {
      const auth = (init?.headers as Record<string, string>).authorization!;
      calls.push(auth);
      if (auth === 'Bearer refused') return new Response('{}', { status: 401 });
      return new Response(new ReadableStream({ start() {} }), { status: 200 });
    }) as typeof fetch;
    const feed = createEventFeed({
      baseUrl: 'http://127.0.0.1:1',
      session: { token: async () => token, epoch: () => epoch },
      fetchImpl: fakeFetch,
      watchMs: 10,
    });
    await new Promise((r) => setTimeout(r, 50));
    // A sign-in: the epoch first, the token a moment later.
    epoch = 'e2';
    await new Promise((r) => setTimeout(r, 30));
    token = 'refused';
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toEqual(['Bearer refused']);
    token = 'good';
    await new Promise((r) => setTimeout(r, 100));
    feed.stop();
    expect(calls).toEqual(['Bearer refused', 'Bearer good']);
  });
});
