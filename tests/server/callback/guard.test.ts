/**
 * The callback guard's address rule (server/callback/guard.ts) on its own:
 * every IPv6 form that embeds an IPv4 address is refused when judged and at
 * connect (the delivery's agent), ordinary public addresses of both families
 * are not. ipaddr.js labels the IPv4-compatible ::/96 `unicast`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPublic, post } from '../../../server/callback/guard.js';

const EMBEDDING = [
  '::a9fe:a9fe',
  '::a00:1',
  '::7f00:1',
  '::5db8:d822',
  '::ffff:a9fe:a9fe',
  '::ffff:127.0.0.1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b::5db8:d822',
  '64:ff9b:1::a00:1',
  '2002:a9fe:a9fe::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
];

describe('isPublic', () => {
  it('refuses every IPv6 address that embeds an IPv4 one, public or not', () => {
    for (const address of EMBEDDING) expect(isPublic(address), address).toBe(false);
  });

  it('keeps ordinary public addresses of both families', () => {
    for (const address of ['93.184.216.34', '2606:4700::1111', '2a00:1450:4001:82a::200e', '::ffff:93.184.216.34'])
      expect(isPublic(address), address).toBe(true);
  });
});

describe('post, at connect', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.CALLBACK_ALLOW_PRIVATE;
    delete process.env.CALLBACK_ALLOW_PRIVATE;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.CALLBACK_ALLOW_PRIVATE;
    else process.env.CALLBACK_ALLOW_PRIVATE = saved;
  });

  it('refuses an embedded-IPv4 address before connecting', async () => {
    for (const address of ['::a9fe:a9fe', '::7f00:1', '64:ff9b:1::a00:1']) {
      await expect(
        post(`https://[${address}]:9/hook`, {}, '{}', { timeoutMs: 2000, maxBytes: 100 }),
        address,
      ).rejects.toThrow(/not allowed/);
    }
  });
});
