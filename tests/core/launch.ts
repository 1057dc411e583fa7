/**
 * A browser-mode session for tests, got the way a browser gets one: open a
 * launch URL the host minted, keep the cookie it sets (electron/host/launch.ts).
 */
import type { Host } from '../../electron/host/index.js';

/** The `name=value` of the session cookie a fresh launch URL of `host` gives. */
export async function launchCookie(host: Host): Promise<string> {
  const res = await fetch(host.launchUrl(), { redirect: 'manual' });
  if (res.status !== 303) throw new Error(`the launch answered ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!cookie.includes('=')) throw new Error('the launch set no cookie');
  return cookie;
}
