/** Reads an upstream's `GET /events` stream in tests: every event heard, and waiting for one. */
import type { LiveEvent } from '../../../shared/api/events.js';

export interface EventStream {
  status: number;
  events: LiveEvent[];
  /** Resolves with the first event (already heard or to come) that matches, or rejects after `ms`. */
  next(match: (e: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEvents(
  baseUrl: string,
  token: string | undefined,
): Promise<EventStream & { body?: unknown }> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/events`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const events: LiveEvent[] = [];
  const waiters: { match: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }[] = [];
  if (!res.ok || !res.body) {
    return {
      status: res.status,
      body: await res.json(),
      events,
      next: () => Promise.reject(new Error('no stream')),
      ended: Promise.resolve(),
      close: () => {},
    };
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (!data) continue;
          const event = JSON.parse(data) as LiveEvent;
          events.push(event);
          for (const w of [...waiters])
            if (w.match(event)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(event);
            }
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: res.status,
    events,
    ended,
    close: () => abort.abort(),
    next(match, ms = 5000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (e: LiveEvent) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching event within ${ms} ms; heard ${JSON.stringify(events.map((e) => e.data))}`));
        }, ms);
        waiters.push(waiter);
      });
    },
  };
}
