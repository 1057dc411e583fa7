/**
 * Which upstream the main process may talk to (ARCHITECTURE §6). Every call
 * carries the user's bearer token and the sign-in carries the password, so a
 * plain-http upstream on another machine hands both to anyone on the path.
 * Plain http is accepted on loopback only (the embedded demo upstream, a
 * local proxy), and elsewhere only when the operator says so explicitly with
 * VEND_ALLOW_INSECURE_UPSTREAM=1 (a lab network, a test rig).
 */

export const DEFAULT_UPSTREAM = 'http://127.0.0.1:8090';
export const ALLOW_INSECURE_ENV = 'VEND_ALLOW_INSECURE_UPSTREAM';

export type UpstreamChoice = { ok: true; url: string } | { ok: false; refusal: string };

/** Loopback names: 127.0.0.0/8, ::1 (also IPv4-mapped), localhost and *.localhost (RFC 6761). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  // WHATWG URL has already normalised IPv4 forms (0x7f.1, 2130706433) to dotted decimal.
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || /^7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(v4);
}

/**
 * The upstream URL to use, or a one-line refusal to print. `raw` is the
 * configured URL (VEND_UPSTREAM), empty for the default; `allowInsecure` is
 * the explicit opt-in for plain http on a non-loopback host.
 */
export function chooseUpstream(raw: string | undefined, allowInsecure: boolean): UpstreamChoice {
  const given = raw?.trim() || DEFAULT_UPSTREAM;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return { ok: false, refusal: `Refusing upstream ${JSON.stringify(given)}: not a URL.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      refusal: `Refusing upstream ${url.origin === 'null' ? url.protocol : url.origin}: only https (or http on this machine) is supported.`,
    };
  }
  if (url.username || url.password) {
    // The URL is shown to the renderer (app.info) and in logs; credentials do not belong in it.
    return { ok: false, refusal: `Refusing upstream ${url.host}: the URL must not carry a user name or password.` };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !allowInsecure) {
    return {
      ok: false,
      refusal: `Refusing plain-http upstream ${url.origin}: use https, or set ${ALLOW_INSECURE_ENV}=1 to allow an unencrypted upstream on another host.`,
    };
  }
  return { ok: true, url: given };
}

/** chooseUpstream over the environment: VEND_UPSTREAM and VEND_ALLOW_INSECURE_UPSTREAM=1. */
export const upstreamFromEnv = (env: NodeJS.ProcessEnv): UpstreamChoice =>
  chooseUpstream(env.VEND_UPSTREAM, env[ALLOW_INSECURE_ENV] === '1');
