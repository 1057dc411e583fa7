/**
 * Who may use browser mode's bridge (ARCHITECTURE §6). Any local process can
 * fetch the host's pages, so nothing the host serves may grant the bridge.
 * Instead the host prints a launch URL (`/launch?t=<token>`) to the terminal
 * that started it; opening it exchanges the token, once, for an HttpOnly,
 * SameSite=Strict cookie, and only requests carrying that cookie reach the
 * bridge. Whoever can read the terminal is the user; whoever can only reach
 * the port is not.
 *
 * Tokens and cookie values are kept only as SHA-256 digests: a lookup by
 * digest leaks nothing about the secret through timing, and a memory dump of
 * the maps gives nothing to replay.
 */
import { createHash, randomBytes } from 'node:crypto';

/** How long a printed launch URL stays usable. Long enough to switch to the browser, short enough to go stale. */
export const LAUNCH_TTL_MS = 10 * 60_000;
/** Unused launch tokens kept at once; minting more drops the oldest (a caller flooding the host cannot grow memory). */
export const MAX_PENDING = 64;
/** Browser sessions (cookies) kept at once; the oldest is forgotten first. */
export const MAX_SESSIONS = 64;
export const LAUNCH_PATH = '/launch';
export const LAUNCH_PARAM = 't';

const digest = (value: string) => createHash('sha256').update(value).digest('hex');
const fresh = () => randomBytes(32).toString('base64url');
/** What we mint: 43 base64url characters. Anything else is refused before hashing. */
const plausible = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

export interface LaunchGate {
  /** A new single-use launch token. */
  mint(): string;
  /** Consumes a launch token: a new session's cookie value, or undefined (unknown, used or expired). */
  exchange(token: unknown): string | undefined;
  /** Whether a cookie value names a session of this host. */
  admits(cookie: unknown): boolean;
}

export interface GateOptions {
  ttlMs?: number;
  now?: () => number;
}

export function createLaunchGate(opts: GateOptions = {}): LaunchGate {
  const ttl = opts.ttlMs ?? LAUNCH_TTL_MS;
  const now = opts.now ?? Date.now;
  /** Token digest → expiry; insertion order is age order. */
  const pending = new Map<string, number>();
  const sessions = new Set<string>();

  const dropOldest = (entries: { keys(): Iterator<string>; delete(k: string): boolean; size: number }, max: number) => {
    while (entries.size > max) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) return;
      entries.delete(oldest);
    }
  };

  return {
    mint() {
      const at = now();
      for (const [key, expires] of pending) if (expires <= at) pending.delete(key);
      const token = fresh();
      pending.set(digest(token), at + ttl);
      dropOldest(pending, MAX_PENDING);
      return token;
    },
    exchange(token) {
      if (!plausible(token)) return undefined;
      const key = digest(token);
      const expires = pending.get(key);
      // Used or not: a token is spent by its first presentation.
      pending.delete(key);
      if (expires === undefined || expires <= now()) return undefined;
      const cookie = fresh();
      sessions.add(digest(cookie));
      dropOldest(sessions, MAX_SESSIONS);
      return cookie;
    },
    admits(cookie) {
      return plausible(cookie) && sessions.has(digest(cookie));
    },
  };
}

/**
 * The cookie's name carries the port: cookies ignore ports, so two hosts on
 * one machine (a test run beside `npm start`) would otherwise overwrite each
 * other's session.
 */
export const cookieNameOf = (port: number) => `vend-console-${port}`;

/**
 * Set-Cookie for a session: HttpOnly (no script of the page, nor an injected
 * one, can read it), SameSite=Strict (no other site's page can make the
 * browser send it), Path=/ (pages and bridge alike), no Max-Age (it ends with
 * the browser session; the host forgets it at restart anyway). Not Secure:
 * the host speaks plain HTTP on loopback.
 */
export const sessionCookie = (name: string, value: string) => `${name}=${value}; Path=/; HttpOnly; SameSite=Strict`;

/** One cookie's value from a Cookie request header. */
export function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Calls `fn` at most once per `intervalMs` (a refused caller must not be able to flood the terminal). */
export function throttle(fn: () => void, intervalMs: number, now: () => number = Date.now): () => void {
  let last = -Infinity;
  return () => {
    const at = now();
    if (at - last < intervalMs) return;
    last = at;
    fn();
  };
}
