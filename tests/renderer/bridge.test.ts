/**
 * The read started ahead of a screen's first commit (renderer/bridge.ts
 * `readAhead`) is skipped when the cache holds the key: the lookup by hash
 * must find what the cache made for an equal key, and nothing for another
 * key (another input, or the same input of another operation). A read that
 * answered just before its component mounted is not asked again by the mount.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedQuery, FRESH_FOR_MOUNT_MS, opKey, refetchOnMount } from '../../renderer/bridge.js';

describe('cachedQuery', () => {
  it('finds the query the cache holds for an equal key, and none for another', async () => {
    const client = new QueryClient();
    for (let i = 0; i < 50; i++)
      await client.prefetchQuery({ queryKey: opKey('order.info', { params: { id: i } }), queryFn: () => i });
    const held = cachedQuery(client, opKey('order.info', { params: { id: 7 } }));
    expect(held?.state.data).toBe(7);
    expect(cachedQuery(client, opKey('order.info', { params: { id: 70 } }))).toBeUndefined();
    expect(cachedQuery(client, opKey('refund.deadline', { params: { id: 7 } }))).toBeUndefined();
  });
});

describe('refetchOnMount', () => {
  /** A client as the app makes it, a read that counts its calls, and a component's mount (an observer subscribing). */
  const setup = () => {
    const client = new QueryClient({ defaultOptions: { queries: { refetchOnMount } } });
    let calls = 0;
    const queryKey = opKey('order.info', { params: { id: 1 } });
    const queryFn = () => ++calls;
    const mount = async () => {
      const observer = new QueryObserver(client, { queryKey, queryFn });
      const off = observer.subscribe(() => undefined);
      await new Promise((r) => setTimeout(r, 0));
      off();
    };
    return { client, queryKey, queryFn, mount, calls: () => calls };
  };
  afterEach(() => vi.useRealTimers());

  it('does not ask again a read that answered just before the mount (a read started ahead)', async () => {
    const s = setup();
    await s.client.prefetchQuery({ queryKey: s.queryKey, queryFn: s.queryFn });
    await s.mount();
    expect(s.calls()).toBe(1);
  });

  it('asks again an answer older than a second, and an invalidated one at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const s = setup();
    await s.client.prefetchQuery({ queryKey: s.queryKey, queryFn: s.queryFn });
    vi.setSystemTime(Date.now() + FRESH_FOR_MOUNT_MS);
    await s.mount();
    expect(s.calls()).toBe(2);
    await s.client.invalidateQueries({ queryKey: s.queryKey, refetchType: 'none' });
    await s.mount();
    expect(s.calls()).toBe(3);
  });
});
