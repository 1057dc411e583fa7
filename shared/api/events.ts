/**
 * Live events (ARCHITECTURE §10): what the upstream streams at `GET /events`
 * (server-sent events, one `event:` per topic) and the core hands on to every
 * window through the bridge. The mechanism knows only the envelope: a topic,
 * the tenant whose scope may see it, and the domain's data, which each
 * domain describes (shared/device/events.ts).
 */
import { z } from 'zod';

export const liveEvent = z.object({
  /** The domain's name (`device`). */
  topic: z.string(),
  /** Null for a device in the platform's pool: the system admin's news alone. */
  tenantId: z.number().int().nullable(),
  /** The user whose console action caused it, if one did: that user needs no notification of it. */
  actor: z.number().int().optional(),
  data: z.unknown(),
});
export type LiveEvent = z.infer<typeof liveEvent>;

/** The upstream's stream of live events for the caller's scope (a bearer token, like any user call). */
export const EVENTS_PATH = '/events';
