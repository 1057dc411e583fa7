/**
 * The core's subscription to the upstream's live events (ARCHITECTURE §10):
 * one `GET /events` stream per session, with the session's token (which
 * never leaves main), read with eventsource-parser and handed to every
 * window through the bridge. The stream is opened again with back-off
 * (1 s, 2 s, 4 s… at most 30 s) when it drops, and follows the session:
 * signed out, it stops; another user, it starts over. Each event carries
 * the session epoch it was heard in, so a page left on a previous user
 * ignores it; `feed` events tell pages the stream (re)connected, so they
 * can refresh what they may have missed.
 */
import { createParser } from 'eventsource-parser';
import { EVENTS_PATH, liveEvent } from '../../shared/api/events.js';
import type { BridgeEvent } from '../../shared/ipc.js';
import type { Session } from './session.js';

export interface EventFeed {
  /** Hears every event of the current session; returns the unsubscribe. */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
  stop(): void;
}

export interface FeedOptions {
  baseUrl: string;
  session: Pick<Session, 'token' | 'epoch'>;
  /** How often the session is looked at for a change (default 1 s). */
  watchMs?: number;
  /** Back-off bounds (default 1 s and 30 s). */
  minDelayMs?: number;
  maxDelayMs?: number;
  fetchImpl?: typeof fetch;
}

export function createEventFeed(opts: FeedOptions): EventFeed {
  const listeners = new Set<(event: BridgeEvent) => void>();
  const fetchImpl = opts.fetchImpl ?? fetch;
  const minDelay = opts.minDelayMs ?? 1000;
  const maxDelay = opts.maxDelayMs ?? 30_000;
  let stopped = false;
  let current: AbortController | undefined;
  /** The stream's last state, told to each new listener: a window opened later knows whether it is live. */
  let state: BridgeEvent | undefined;
  const emit = (event: BridgeEvent) => {
    if (event.topic === 'feed') state = event;
    for (const l of listeners) {
      try {
        l(event);
      } catch {
        // One window's failure is not the others'.
      }
    }
  };
  // Unref'd: a feed waiting for a session never keeps the process alive.
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());
  /** Waits `ms`, or less when the session changes (a new sign-in must not wait out a back-off meant for the old one). */
  const pause = async (ms: number, epoch: string) => {
    const until = Date.now() + ms;
    while (!stopped && opts.session.epoch() === epoch && Date.now() < until)
      await sleep(Math.min(opts.watchMs ?? 1000, until - Date.now()));
  };

  /** One stream for one session epoch; resolves when it ends (dropped, refused, or the session changed). */
  async function stream(token: string, epoch: string): Promise<'refused' | 'dropped'> {
    const abort = new AbortController();
    current = abort;
    const watch = setInterval(() => {
      if (stopped || opts.session.epoch() !== epoch) abort.abort();
    }, opts.watchMs ?? 1000);
    watch.unref();
    try {
      const res = await fetchImpl(new URL(EVENTS_PATH, opts.baseUrl), {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (!res.ok || !res.body) return res.status === 401 || res.status === 403 ? 'refused' : 'dropped';
      emit({ topic: 'feed', tenantId: 0, data: { state: 'connected' }, epoch });
      const parser = createParser({
        onEvent: (message) => {
          let parsed;
          try {
            parsed = liveEvent.safeParse(JSON.parse(message.data));
          } catch {
            return;
          }
          if (parsed.success) emit({ ...parsed.data, epoch });
        },
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'dropped';
        parser.feed(value);
      }
    } catch {
      return 'dropped';
    } finally {
      clearInterval(watch);
      abort.abort();
    }
  }

  void (async () => {
    let delay = minDelay;
    /**
     * The token the upstream refused: not tried again. Remembered by value, not
     * by epoch: a sign-in bumps the epoch before it stores its token, so the
     * first look at a new epoch may still see no token, or the old one.
     */
    let refused: string | undefined;
    while (!stopped) {
      const epoch = opts.session.epoch();
      const found = await opts.session.token().catch(() => null);
      const token = found === refused ? null : found;
      if (!token) {
        await sleep(opts.watchMs ?? 1000);
        continue;
      }
      const started = Date.now();
      const end = await stream(token, epoch);
      if (stopped) break;
      // Refused: no back-off, only a different token (the next sign-in) is worth a try.
      if (end === 'refused') {
        refused = token;
        continue;
      }
      if (opts.session.epoch() !== epoch) {
        delay = minDelay;
        continue;
      }
      // A stream that lived a while was a good connection: start the back-off over.
      if (Date.now() - started > maxDelay) delay = minDelay;
      emit({ topic: 'feed', tenantId: 0, data: { state: 'reconnecting' }, epoch });
      await pause(delay, epoch);
      delay = opts.session.epoch() === epoch ? Math.min(delay * 2, maxDelay) : minDelay;
    }
  })();

  return {
    subscribe(listener) {
      listeners.add(listener);
      const told = state;
      if (told)
        queueMicrotask(() => {
          if (listeners.has(listener)) listener(told);
        });
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      current?.abort();
    },
  };
}
