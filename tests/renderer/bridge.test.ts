/**
 * The read started ahead of a screen's first commit (renderer/bridge.ts
 * `readAhead`) is skipped when the cache holds the key: the lookup by hash
 * must find what the cache made for an equal key, and nothing for another
 * key (another input, or the same input of another operation).
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cachedQuery, opKey } from '../../renderer/bridge.js';

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
