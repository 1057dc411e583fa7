/**
 * Live events (ARCHITECTURE §10). A domain publishes with `publish()` inside
 * the transaction that made the change: PostgreSQL NOTIFY delivers at commit,
 * so a rolled-back change announces nothing, and every upstream instance
 * listening on the database hears it. Each instance fans events out to its
 * `GET /events` subscribers (server-sent events), each seeing only its
 * scope's tenants. A subscriber's token is checked again every ping: a
 * session that ended stops its stream.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { EVENTS_PATH, liveEvent, type LiveEvent } from '../../shared/api/events.js';
import type { Database, Queryable } from '../db/index.js';
import type { Scope } from '../scope.js';
import { checkAccess } from './access.js';
import type { Authenticator } from './principal.js';

const CHANNEL = 'vend_events';
/** A comment line this often keeps proxies from closing a quiet stream, and re-checks the session. */
export const PING_MS = 25_000;

/** A domain that hears every event within the publishing transaction (server/manifest.ts `onEvent`). */
export type EventSink = (db: Queryable, topic: string, tenantId: number | null, data: object) => Promise<void>;
let sinks: readonly EventSink[] = [];
/** The domains' sinks (server/domains.ts sets them once). */
export const setEventSinks = (all: readonly EventSink[]) => {
  sinks = all;
};

/** Announces an event at the commit of `db`'s transaction (or at once outside one); the sinks hear it in that transaction. */
export async function publish(
  db: Queryable,
  topic: string,
  tenantId: number | null,
  data: object,
  actor?: number,
): Promise<void> {
  for (const sink of sinks) await sink(db, topic, tenantId, data);
  await db.execute(
    sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ topic, tenantId, ...(actor === undefined ? {} : { actor }), data })})`,
  );
}

/**
 * Tells the domains' sinks of a change within `db`'s transaction and
 * announces nothing: news no console may see (a person's identifiers, which
 * the customer groups match their claims against).
 */
export async function tell(db: Queryable, topic: string, tenantId: number | null, data: object): Promise<void> {
  for (const sink of sinks) await sink(db, topic, tenantId, data);
}

interface Subscriber {
  scope: Scope;
  send(event: LiveEvent): void;
  end(): void;
}

export interface EventHub {
  subscribe(subscriber: Subscriber): () => void;
  /** Events heard from the database since start (figures). */
  readonly heard: number;
  close(): Promise<void>;
}

export async function startEventHub(database: Database): Promise<EventHub> {
  const subscribers = new Set<Subscriber>();
  let heard = 0;
  const unlisten = await database.listen(
    CHANNEL,
    (payload) => {
      let parsed;
      try {
        parsed = liveEvent.safeParse(JSON.parse(payload));
      } catch {
        return;
      }
      if (!parsed.success) return;
      heard++;
      const { tenantId } = parsed.data;
      for (const s of subscribers) if (tenantId === null ? s.scope.all : s.scope.has(tenantId)) s.send(parsed.data);
    },
    () => {
      // Listening again after the database dropped the connection: what was notified meanwhile never came. Each
      // stream ends, its console connects again and reads its lists again (shell/LiveEvents.tsx): nothing is missed.
      for (const s of [...subscribers]) s.end();
    },
  );
  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    get heard() {
      return heard;
    },
    async close() {
      for (const s of subscribers) s.end();
      subscribers.clear();
      await unlisten();
    },
  };
}

/** `GET /events`: the caller's scope's live events as server-sent events. */
export function registerEvents(
  app: FastifyInstance,
  {
    database,
    auth,
    hub,
    pingMs = PING_MS,
  }: { database: Database; auth: Authenticator; hub: EventHub; pingMs?: number },
): void {
  app.get(EVENTS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const access = { auth: 'user' } as const;
    const principal = await checkAccess(database.db, auth, access, request, { requests: 0, windowMs: 0 });
    if (!principal || !('scope' in principal)) return;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': connected\n\n');
    let open = true;
    const end = () => {
      if (!open) return;
      open = false;
      clearInterval(ping);
      unsubscribe();
      res.end();
    };
    const unsubscribe = hub.subscribe({
      scope: principal.scope,
      send: (event) => {
        res.write(`event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`);
      },
      end,
    });
    const ping = setInterval(() => {
      checkAccess(database.db, auth, access, request, { requests: 0, windowMs: 0 }).then(
        () => res.write(': ping\n\n'),
        end,
      );
    }, pingMs);
    res.on('close', end);
  });
}
