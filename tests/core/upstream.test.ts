/**
 * The upstream the main process may use (electron/core/upstream.ts): https
 * anywhere, plain http only on this machine unless VEND_ALLOW_INSECURE_UPSTREAM=1.
 */
import { describe, expect, it } from 'vitest';
import { chooseUpstream, DEFAULT_UPSTREAM, isLoopbackHost, upstreamFromEnv } from '../../electron/core/upstream.js';

const refusalOf = (raw: string | undefined, allow = false) => {
  const choice = chooseUpstream(raw, allow);
  return choice.ok ? undefined : choice.refusal;
};

describe('chooseUpstream', () => {
  it('takes the embedded demo upstream when none is configured', () => {
    expect(chooseUpstream(undefined, false)).toEqual({ ok: true, url: DEFAULT_UPSTREAM });
    expect(chooseUpstream('  ', false)).toEqual({ ok: true, url: DEFAULT_UPSTREAM });
  });

  it('accepts https on any host, with a path prefix', () => {
    for (const url of ['https://cloud.example.com', 'https://10.0.0.5:8443/api', 'https://[2001:db8::1]/']) {
      expect(chooseUpstream(url, false), url).toEqual({ ok: true, url });
    }
  });

  it('accepts plain http on loopback', () => {
    for (const url of [
      'http://127.0.0.1:8090',
      'http://127.1.2.3',
      'http://localhost:8090',
      'http://api.localhost',
      'http://[::1]:8090',
      'http://[::ffff:127.0.0.1]',
      'http://0x7f.1/',
    ]) {
      expect(chooseUpstream(url, false).ok, url).toBe(true);
    }
  });

  it('refuses plain http on another host with one line naming the fix', () => {
    for (const url of [
      'http://cloud.example.com',
      'http://10.0.0.5:8090',
      'http://192.168.1.2',
      'http://[2001:db8::1]',
      'http://127.0.0.1.evil.example',
      'http://localhost.evil.example',
      'http://0.0.0.0:8090',
    ]) {
      const refusal = refusalOf(url);
      expect(refusal, url).toMatch(
        /^Refusing plain-http upstream .*: use https, or set VEND_ALLOW_INSECURE_UPSTREAM=1 /,
      );
      expect(refusal).not.toContain('\n');
    }
  });

  it('accepts plain http on another host when explicitly allowed', () => {
    expect(chooseUpstream('http://10.0.0.5:8090', true)).toEqual({ ok: true, url: 'http://10.0.0.5:8090' });
  });

  it('refuses what is not an http(s) URL, or carries credentials, even when insecure is allowed', () => {
    expect(refusalOf('cloud.example.com', true)).toMatch(/not a URL/);
    for (const url of ['file:///etc/passwd', 'ftp://cloud.example.com', 'ws://127.0.0.1:8090'])
      expect(refusalOf(url, true), url).toMatch(/only https/);
    expect(refusalOf('https://user:pw@cloud.example.com', true)).toMatch(/must not carry a user name or password/);
    expect(refusalOf('https://user:pw@cloud.example.com', true)).not.toContain('pw');
  });
});

describe('isLoopbackHost', () => {
  it('knows loopback names and nothing that merely contains one', () => {
    for (const h of [
      '127.0.0.1',
      '127.255.255.254',
      'localhost',
      'LOCALHOST',
      'a.localhost',
      '[::1]',
      '::1',
      'localhost.',
    ])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['128.0.0.1', '0.0.0.0', 'localhost.example', 'mylocalhost', '127.0.0.1.nip.io', '[::2]', ''])
      expect(isLoopbackHost(h), h).toBe(false);
  });
});

describe('upstreamFromEnv', () => {
  it('reads VEND_UPSTREAM and only the exact opt-in VEND_ALLOW_INSECURE_UPSTREAM=1', () => {
    expect(upstreamFromEnv({}).ok).toBe(true);
    expect(upstreamFromEnv({ VEND_UPSTREAM: 'http://10.0.0.5' }).ok).toBe(false);
    expect(upstreamFromEnv({ VEND_UPSTREAM: 'http://10.0.0.5', VEND_ALLOW_INSECURE_UPSTREAM: 'true' }).ok).toBe(false);
    expect(upstreamFromEnv({ VEND_UPSTREAM: 'http://10.0.0.5', VEND_ALLOW_INSECURE_UPSTREAM: '1' })).toEqual({
      ok: true,
      url: 'http://10.0.0.5',
    });
  });
});
