/** The launch gate's rules (electron/host/launch.ts) with a clock of our own; the HTTP side is in host.test.ts. */
import { describe, expect, it } from 'vitest';
import {
  cookieOf,
  createLaunchGate,
  LAUNCH_TTL_MS,
  MAX_PENDING,
  MAX_SESSIONS,
  throttle,
} from '../../electron/host/launch.js';

const clock = () => {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
};

describe('launch gate', () => {
  it('lets a token expire after LAUNCH_TTL_MS, unused or not', () => {
    const c = clock();
    const gate = createLaunchGate({ now: c.now });
    const early = gate.mint();
    const late = gate.mint();
    c.advance(LAUNCH_TTL_MS - 1);
    expect(gate.exchange(early)).toBeDefined();
    c.advance(1);
    expect(gate.exchange(late)).toBeUndefined();
  });

  it('spends a token at its first presentation, even a refused (expired) one', () => {
    const c = clock();
    const gate = createLaunchGate({ now: c.now, ttlMs: 10 });
    const token = gate.mint();
    c.advance(10);
    expect(gate.exchange(token)).toBeUndefined();
    expect(gate.exchange(token)).toBeUndefined();
  });

  it('admits the cookies it gave and nothing else', () => {
    const gate = createLaunchGate();
    const cookie = gate.exchange(gate.mint())!;
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(gate.admits(cookie)).toBe(true);
    for (const other of [undefined, '', 'x', `${cookie}x`, cookie.slice(1), gate.mint(), 42, [cookie]])
      expect(gate.admits(other)).toBe(false);
    // A launch token is not a cookie, nor a cookie a launch token.
    expect(gate.exchange(cookie)).toBeUndefined();
  });

  it('keeps at most MAX_PENDING tokens and MAX_SESSIONS sessions, dropping the oldest', () => {
    const gate = createLaunchGate();
    const first = gate.mint();
    const rest = Array.from({ length: MAX_PENDING }, () => gate.mint());
    expect(gate.exchange(first)).toBeUndefined();
    expect(gate.exchange(rest[0])).toBeDefined();
    const sessions = Array.from({ length: MAX_SESSIONS + 1 }, () => gate.exchange(gate.mint())!);
    expect(gate.admits(sessions[0])).toBe(false);
    expect(gate.admits(sessions[MAX_SESSIONS])).toBe(true);
  });
});

describe('cookie header and throttle', () => {
  it('reads one cookie by exact name', () => {
    expect(cookieOf('a=1; vend-console-5180=xyz; b=2', 'vend-console-5180')).toBe('xyz');
    expect(cookieOf('vend-console-51800=xyz', 'vend-console-5180')).toBeUndefined();
    expect(cookieOf(undefined, 'a')).toBeUndefined();
  });

  it('calls at most once per interval', () => {
    const c = clock();
    let calls = 0;
    const f = throttle(() => void calls++, 100, c.now);
    f();
    f();
    c.advance(99);
    f();
    expect(calls).toBe(1);
    c.advance(1);
    f();
    expect(calls).toBe(2);
  });
});
