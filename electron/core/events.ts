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

  /** One stream for one session epoch; resolves when it ends (dropped, refused, or the session changed). */
  async function stream(token: string, epoch: string): Promise<'refused' | 'dropped'> {
    const abort = new AbortController();
    current = abort;
    const watch = setInterval(() => {
      if (stopped || opts.session.epoch() !== epoch) abort.abort();
    }, opts.watchMs ?? 1000);
    watch.unref();
    try {
      const res = await fetchImpl(new URL(EVENTS_PATH, opts.baseUrl), { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: abort.signal });
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
    /** A session without a token, or whose token the stream refused: nothing to do until the session changes. */
    let idleEpoch: string | undefined;
    while (!stopped) {
      const epoch = opts.session.epoch();
      const token = epoch === idleEpoch ? null : await opts.session.token().catch(() => null);
      if (!token) {
        idleEpoch = epoch;
        await sleep(opts.watchMs ?? 1000);
        continue;
      }
      const started = Date.now();
      const end = await stream(token, epoch);
      if (stopped) break;
      if (end === 'refused') idleEpoch = epoch;
      if (opts.session.epoch() !== epoch) {
        delay = minDelay;
        continue;
      }
      // A stream that lived a while was a good connection: start the back-off over.
      if (Date.now() - started > maxDelay) delay = minDelay;
      emit({ topic: 'feed', tenantId: 0, data: { state: 'reconnecting' }, epoch });
      await sleep(delay);
      delay = Math.min(delay * 2, maxDelay);
    }
  })();

  return {
    subscribe(listener) {
      listeners.add(listener);
      const told = state;
      if (told) queueMicrotask(() => { if (listeners.has(listener)) listener(told); });
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      current?.abort();
    },
  };
}
