/**
 * The read started ahead of a screen's first commit (renderer/bridge.ts
 * `readAhead`) is skipped when the cache holds the key: the lookup by hash
 * must find what the cache made for an equal key, whatever its objects'
 * order, and nothing for another key.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cachedQuery, opKey } from '../../renderer/bridge.js';

describe('cachedQuery', () => {
  it('finds the query the cache holds for an equal key, and none for another', async () => {
    const client = new QueryClient();
    for (let i = 0; i < 50; i++)
      await client.prefetchQuery({ queryKey: opKey('order.page', { pageNum: i, pageSize: 20 }), queryFn: () => i });
    const held = cachedQuery(client, opKey('order.page', { pageSize: 20, pageNum: 7 }));
    expect(held?.state.data).toBe(7);
    expect(cachedQuery(client, opKey('order.page', { pageNum: 7, pageSize: 50 }))).toBeUndefined();
    expect(cachedQuery(client, opKey('device.page', { pageNum: 7, pageSize: 20 }))).toBeUndefined();
  });
});
